/// How a widget looks: a theme, colours that override it, its corners, its border and its width.
///
/// The same options come as JSON when an address is made (its default look) and as query parameters on
/// each image (`?theme=dark&accent=%23ff8800`), which override the address's. Every value is checked
/// here, once: a colour is `#RRGGBB` and nothing else, numbers stay within bounds, and an option this
/// version does not know is refused rather than ignored, so a mistyped one never looks like it worked.
public struct WidgetStyle: Codable, Hashable, Sendable {
    /// The palettes a widget is drawn in.
    public enum Theme: String, Codable, CaseIterable, Hashable, Sendable {
        case light, dark
        case highContrast = "high-contrast"
    }

    public var theme: Theme?
    /// Colour overrides, each `#rrggbb` (lower case once checked).
    public var background: String?
    public var text: String?
    public var accent: String?
    public var ring: String?
    /// The corners' radius in CSS pixels, 0…`maximumBorderRadius`.
    public var borderRadius: Int?
    public var hideBorder: Bool?
    /// The width to draw at; within the family's `widths`.
    public var width: Int?

    /// The largest corner radius a widget takes.
    public static let maximumBorderRadius = 40

    public init(
        theme: Theme? = nil, background: String? = nil, text: String? = nil, accent: String? = nil,
        ring: String? = nil, borderRadius: Int? = nil, hideBorder: Bool? = nil, width: Int? = nil
    ) {
        self.theme = theme
        self.background = background
        self.text = text
        self.accent = accent
        self.ring = ring
        self.borderRadius = borderRadius
        self.hideBorder = hideBorder
        self.width = width
    }

    /// The query parameters an image takes, by name, as the README badges people know spell them.
    public static let queryNames = [
        "theme", "background", "text", "accent", "ring", "border_radius", "hide_border", "width",
    ]

    /// The style of query parameters `pairs` (name, value); `allowing` names others the route reads itself.
    ///
    /// - Throws: `HabitsError.invalid` naming the first unknown or ill-formed parameter.
    /// - Complexity: O(n) in the parameters.
    public init(query pairs: [(name: String, value: String)], allowing others: Set<String> = []) throws(HabitsError) {
        self.init()
        var seen = Set<String>()
        for (name, value) in pairs {
            guard seen.insert(name).inserted else {
                throw HabitsError.invalid(field: name, reason: "is given more than once.")
            }
            if others.contains(name) { continue }
            switch name {
            case "theme":
                guard let theme = Theme(rawValue: value) else {
                    throw HabitsError.invalid(field: name, reason: "must be light, dark or high-contrast.")
                }
                self.theme = theme
            case "background": background = value
            case "text": text = value
            case "accent": accent = value
            case "ring": ring = value
            case "border_radius": borderRadius = try Self.integer(value, name)
            case "hide_border":
                guard let flag = ["true": true, "false": false, "1": true, "0": false][value] else {
                    throw HabitsError.invalid(field: name, reason: "must be true or false.")
                }
                hideBorder = flag
            case "width": width = try Self.integer(value, name)
            default:
                let known = (Self.queryNames + others.sorted()).joined(separator: ", ")
                throw HabitsError.invalid(
                    field: Excerpt.quoted(name), reason: "is not an option of a widget; it takes \(known).")
            }
        }
    }

    private static func integer(_ text: String, _ name: String) throws(HabitsError) -> Int {
        guard text.count <= 6, let number = Int(text) else {
            throw HabitsError.invalid(field: name, reason: "must be a whole number.")
        }
        return number
    }

    /// The style with each colour in lower case, once every value is within its bounds for `family`.
    ///
    /// - Throws: `HabitsError.invalid` naming the first value out of bounds.
    public func checked(for family: WidgetFamily) throws(HabitsError) -> WidgetStyle {
        var style = self
        for (name, path) in [
            ("background", \WidgetStyle.background), ("text", \.text), ("accent", \.accent), ("ring", \.ring),
        ] {
            guard let value = self[keyPath: path] else { continue }
            guard Self.isHexColor(value) else {
                throw HabitsError.invalid(field: name, reason: "must be a colour written #RRGGBB, such as #1f6feb.")
            }
            style[keyPath: path] = value.lowercased()
        }
        if let borderRadius, !(0...Self.maximumBorderRadius).contains(borderRadius) {
            throw HabitsError.invalid(field: "border_radius", reason: "must be 0 to \(Self.maximumBorderRadius).")
        }
        if let width, !family.widths.contains(width) {
            throw HabitsError.invalid(
                field: "width",
                reason: "must be \(family.widths.lowerBound) to \(family.widths.upperBound) for a \(family) widget.")
        }
        return style
    }

    /// `#` and six hexadecimal digits: the one form a colour takes, so no other text reaches an attribute.
    public static func isHexColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#")
            && bytes.dropFirst().allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
            }
    }

    /// This style with every option `overrides` sets put in place of its own.
    public func overridden(by overrides: WidgetStyle) -> WidgetStyle {
        WidgetStyle(
            theme: overrides.theme ?? theme, background: overrides.background ?? background,
            text: overrides.text ?? text, accent: overrides.accent ?? accent, ring: overrides.ring ?? ring,
            borderRadius: overrides.borderRadius ?? borderRadius, hideBorder: overrides.hideBorder ?? hideBorder,
            width: overrides.width ?? width)
    }
}
