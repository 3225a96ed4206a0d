import HabitsDomain
import HabitsStore

/// Random text built to break text rules: combining marks and prepend letters that fold into their
/// neighbours' grapheme clusters, joiners, emoji sequences and their glue, right-to-left letters and
/// bidi controls, controls, invisible format characters, separators, every kind of space and line break,
/// decomposed letters that NFC composes, HTML specials, and now and then a run of thousands of one piece.
public enum HostileText {
    /// The pieces strings are made of; each is one or a few scalars.
    public static let pieces: [String] = [
        // Letters, composed and decomposed, in several scripts (right-to-left included).
        "a", "Z", "7", "é", "e\u{301}", "가", "\u{1100}\u{1161}", "\u{1100}\u{1161}\u{11A8}", "א", "ب", "字", "ß",
        // Spaces and line breaks.
        " ", "\u{A0}", "\u{3000}", "\t", "\n", "\r", "\r\n", "\u{85}",
        // Combining and enclosing marks, variation selectors, a prepend letter.
        "\u{301}", "\u{308}", "\u{20E3}", "\u{FE0F}", "\u{FE0E}", "\u{D4E}", "\u{600}",
        // Controls.
        "\u{0}", "\u{1B}", "\u{7F}", "\u{9F}",
        // Format characters: zero-width, joiners, bidi controls, the BOM, a tag.
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202E}", "\u{2066}",
        "\u{2069}", "\u{61C}", "\u{FEFF}", "\u{E0067}", "\u{E007F}",
        // Line and paragraph separators.
        "\u{2028}", "\u{2029}",
        // Blanks that print nothing: the braille blank, the Hangul fillers.
        "\u{2800}", "\u{3164}", "\u{FFA0}",
        // Emoji, their modifiers and sequences.
        "👨", "👩", "👧", "🏳", "🌈", "👍🏽", "🇫🇷", "👨‍👩‍👧", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣",
        // HTML's specials.
        "<", ">", "&", "\"", "'",
    ]

    /// The pieces no text rule refuses by themselves (a line feed only in one line): tricky, yet valid.
    public static let quietPieces: [String] = pieces.filter { piece in
        piece.unicodeScalars.allSatisfy { scalar in
            // Fillers are letters or symbols by category, yet print nothing: names refuse them.
            if [0x2800, 0x3164, 0xFFA0, 0x115F, 0x1160].contains(scalar.value) { return false }
            return switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: scalar == "\n"
            default: true
            }
        } || ["👨‍👩‍👧", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"].contains(piece)
    }

    /// A random string of up to `maximumPieces` pieces: half of them of `quietPieces` only, and one in 20
    /// a long run of one piece.
    public static func random(using generator: inout SeededRandom, maximumPieces: Int = 40) -> String {
        let alphabet = Bool.random(using: &generator) ? pieces : quietPieces
        if Int.random(in: 0..<20, using: &generator) == 0 {
            let piece = alphabet.randomElement(using: &generator) ?? "a"
            return "a" + String(repeating: piece, count: Int.random(in: 40...30_000, using: &generator))
        }
        let count = Int.random(in: 0...maximumPieces, using: &generator)
        return (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? "a" }.joined()
    }
}
