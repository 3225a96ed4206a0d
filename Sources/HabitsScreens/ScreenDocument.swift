import CompositionalLayout
import HabitsDomain

/// A screen as the server sends it: sections of identified items, each section with its layout.
///
/// The JSON form is described in Docs/Screens.md and the OpenAPI document. Item ids are unique within a
/// document and stable across revisions, so two revisions differ by a `ScreenChangeset`.
public struct ScreenDocument: Codable, Hashable, Sendable {
    /// The version of this format; a client refuses a version it does not know.
    public static let schemaVersion = 1

    public var schemaVersion: Int
    public var screen: ScreenName
    public var title: String
    /// Opaque: names this state of the document for `changes?since=` and `Last-Event-ID`.
    public var revision: String
    public var sections: [ScreenSection]

    public init(screen: ScreenName, title: String, revision: String, sections: [ScreenSection]) {
        self.schemaVersion = Self.schemaVersion
        self.screen = screen
        self.title = title
        self.revision = revision
        self.sections = sections
    }

    /// Every item of every section, in order.
    public var items: [ScreenItem] { sections.flatMap(\.items) }

    /// Whether `other` shows what this document shows: the same title and sections, whatever the revision.
    ///
    /// - Complexity: O(n) for n items.
    public func showsTheSame(as other: ScreenDocument) -> Bool {
        title == other.title && sections == other.sections
    }
}

/// A section: its layout descriptor (and, for wide windows, another), optional header and footer, and
/// its items.
public struct ScreenSection: Codable, Hashable, Sendable {
    /// The container width, in points, from which `wideLayout` applies: wider than any phone held
    /// upright or sideways in a split view, narrower than a tablet's or a desktop browser's window.
    public static let wideMinimumWidth = 700.0

    public var id: String
    /// `CompositionalLayout`'s section descriptor in its JSON form: the layout on phones.
    public var layout: LayoutSection
    /// The layout in containers at least `wideMinimumWidth` wide, when it differs: columns where a phone
    /// shows one card at a time. Its headers are the same as `layout`'s.
    public var wideLayout: LayoutSection?
    public var header: SectionBoundary?
    public var footer: SectionBoundary?
    public var items: [ScreenItem]

    public init(
        id: String, layout: LayoutSection, wideLayout: LayoutSection? = nil, header: SectionBoundary? = nil,
        footer: SectionBoundary? = nil, items: [ScreenItem]
    ) {
        self.id = id
        self.layout = layout
        self.wideLayout = wideLayout
        self.header = header
        self.footer = footer
        self.items = items
    }

    /// The layout for a container `width` points wide, as a section provider reads its environment.
    public func layout(forWidth width: Double) -> LayoutSection {
        width >= Self.wideMinimumWidth ? wideLayout ?? layout : layout
    }

    /// The section without its items: what a section change carries.
    public var withoutItems: ScreenSection {
        var copy = self
        copy.items = []
        return copy
    }
}

/// A section's header or footer: a title, and the colour its background takes.
public struct SectionBoundary: Codable, Hashable, Sendable {
    public var title: String
    public var color: ScreenColor?

    public init(title: String, color: ScreenColor? = nil) {
        self.title = title
        self.color = color
    }
}

/// A colour as the course API writes it (`h`, `s`, `b`, each 0…1), with its CSS hex form.
public struct ScreenColor: Codable, Hashable, Sendable {
    public var hue: Double
    public var saturation: Double
    public var brightness: Double
    /// `#rrggbb`, for clients that do not convert HSB themselves.
    public var hex: String

    private enum CodingKeys: String, CodingKey {
        case hue = "h"
        case saturation = "s"
        case brightness = "b"
        case hex
    }

    public init(hue: Double, saturation: Double, brightness: Double) {
        self.hue = hue
        self.saturation = saturation
        self.brightness = brightness
        self.hex = Self.hex(hue: hue, saturation: saturation, brightness: brightness)
    }

    /// `#rrggbb` of the colour, converted as the generated avatars convert it.
    static func hex(hue: Double, saturation: Double, brightness: Double) -> String {
        let components = Avatar.rgbComponents(Color(hue: hue, saturation: saturation, brightness: brightness))
        return "#" + components.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}

/// One identified item: its type and typed content, what to show when the type is unknown, and what
/// activating it does.
public struct ScreenItem: Codable, Hashable, Sendable {
    /// Stable identity across revisions; a change of content with the same id is an update.
    public var id: String
    public var content: ItemContent
    public var fallback: ItemFallback
    /// What the item offers: the first `activate` action runs on a tap, `menu` ones in a context menu.
    public var actions: [ItemAction]

    public init(id: String, content: ItemContent, fallback: ItemFallback, actions: [ItemAction] = []) {
        self.id = id
        self.content = content
        self.fallback = fallback
        self.actions = actions
    }

    /// The item's `type` in JSON.
    public var type: String { content.type }

    private enum CodingKeys: String, CodingKey {
        case id, type, content, fallback, actions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        let type = try container.decode(String.self, forKey: .type)
        content = try ItemContent(type: type, from: container.superDecoder(forKey: .content))
        fallback = try container.decode(ItemFallback.self, forKey: .fallback)
        actions = try container.decodeIfPresent([ItemAction].self, forKey: .actions) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(content.type, forKey: .type)
        try content.encodePayload(to: container.superEncoder(forKey: .content))
        try container.encode(fallback, forKey: .fallback)
        if !actions.isEmpty { try container.encode(actions, forKey: .actions) }
    }
}

/// What a client that does not know an item's type shows instead.
public struct ItemFallback: Codable, Hashable, Sendable {
    public var title: String
    public var subtitle: String?

    public init(title: String, subtitle: String? = nil) {
        self.title = title
        self.subtitle = subtitle
    }
}
