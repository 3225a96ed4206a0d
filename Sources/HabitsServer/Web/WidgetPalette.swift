import HabitsDomain

/// The colours a widget is drawn in: a theme's, with the overrides a request gives.
struct WidgetPalette: Hashable, Sendable {
    var background: String
    var text: String
    var accent: String
    /// The track of a ring, and the border.
    var ring: String
    /// Text on the accent colour (a done day's number).
    var onAccent: String

    /// The palette of `style`: its theme (light when none), each colour it overrides put in place. Every colour
    /// is `#rrggbb`, checked by `WidgetStyle.checked(for:)`, so it can stand in an attribute as it is.
    init(_ style: WidgetStyle) {
        switch style.theme ?? .light {
        case .light:
            (background, text, accent, ring) = ("#ffffff", "#1f2328", "#1a7f37", "#d0d7de")
        case .dark:
            (background, text, accent, ring) = ("#0d1117", "#e6edf3", "#3fb950", "#30363d")
        case .highContrast:
            (background, text, accent, ring) = ("#000000", "#ffffff", "#ffd60a", "#ffffff")
        }
        background = style.background ?? background
        text = style.text ?? text
        accent = style.accent ?? accent
        ring = style.ring ?? ring
        onAccent = ReadableText.on(accent)
    }
}

/// About how wide text is drawn, in ems, for fitting names into a widget's frames without a font at hand.
enum TextMeasure {
    /// The width of `text` at `size` points: a wide character (East Asian, emoji) one em, a narrow one about
    /// 0.6 em, a mark none. Generous, so a name fitted to a frame does not run out of it in real fonts.
    static func width(_ text: String, size: Double) -> Double {
        text.reduce(0) { total, character in
            switch DisplayWidth.of(character) {
            case 0: total
            case 2: total + size
            default: total + size * (character == " " ? 0.3 : character.isUppercase ? 0.68 : 0.6)
            }
        }
    }

    /// `text` cut to fit `width` at `size`, with an ellipsis when it is cut; whole characters only.
    ///
    /// - Complexity: O(n) in the characters of `text`.
    static func fitted(_ text: String, width: Double, size: Double) -> String {
        guard self.width(text, size: size) > width else { return text }
        let room = width - size * 0.6
        var kept = ""
        var used = 0.0
        for character in text {
            let next = self.width(String(character), size: size)
            if used + next > room { break }
            kept.append(character)
            used += next
        }
        return kept + "…"
    }
}
