import Foundation

/// The one rule for text people write: names, bios, descriptions, program titles, help tags, questions,
/// answers and searches. `ResourceRules`, `ProgramRules` and `HelpRules` check every such field through it.
///
/// A value is accepted when, after it is put in NFC and trimmed of spaces and line breaks at both ends:
/// - it holds a number of Unicode scalars in `lengths` (as JSON Schema's `maxLength` counts), so a letter
///   padded with thousands of combining marks is as long as it is heavy;
/// - it holds no control (Cc), format (Cf), line separator (Zl) or paragraph separator (Zp) character,
///   and so no bidi control either (they are all Cf), no private-use or unassigned code point and no
///   invisible (default-ignorable) filler, except line feeds where `multiline` allows them and what an
///   emoji needs: joiners between emoji, variation selectors after one, tags in a flag (`👨‍👩‍👧`, `🏴󠁧󠁢󠁳󠁣󠁴󠁿`);
/// - it does not open with a combining mark;
/// - on one line (names, titles), it holds no blank that prints nothing (the braille blank U+2800).
///
/// The raw value's UTF-8 size is checked against `maximumBytes` first, so that no work is done on a
/// megabyte that can only be refused.
public struct TextRule: Sendable, Hashable {
    /// The field that errors name.
    public var field: String
    /// How many Unicode scalars the accepted value holds.
    public var lengths: ClosedRange<Int>
    /// Whether line feeds may stand inside the value (a carriage return, alone or before a line feed,
    /// becomes one line feed).
    public var multiline: Bool
    /// The most UTF-8 bytes the raw value may hold, spaces to trim included.
    public var maximumBytes: Int

    /// A rule for `field`; `maximumBytes` defaults to room for the longest value even when every scalar
    /// arrives decomposed (a Hangul syllable as three jamo is nine bytes), and some spaces around it.
    public init(field: String, lengths: ClosedRange<Int>, multiline: Bool = false, maximumBytes: Int? = nil) {
        self.field = field
        self.lengths = lengths
        self.multiline = multiline
        self.maximumBytes = maximumBytes ?? (12 * lengths.upperBound + 256)
    }

    /// The same rule for another field name.
    public func named(_ field: String) -> TextRule {
        var rule = self
        rule.field = field
        return rule
    }

    /// `raw` in NFC and trimmed, or `HabitsError.invalid` naming the field and what is wrong.
    ///
    /// - Complexity: O(n) for the n bytes of `raw`, at most `maximumBytes`.
    public func checked(_ raw: String) throws(HabitsError) -> String {
        guard raw.utf8.count <= maximumBytes else {
            throw .invalid(
                field: field,
                reason: "must hold at most \(lengths.upperBound) characters (got \(raw.utf8.count) bytes).")
        }
        let text = normalized(raw)
        let count = text.unicodeScalars.count
        guard lengths.contains(count) else {
            let bounds =
                lengths.lowerBound == 0
                ? "at most \(lengths.upperBound)" : "\(lengths.lowerBound) to \(lengths.upperBound)"
            throw .invalid(
                field: field,
                reason: "must hold \(bounds) characters (Unicode scalars) after trimming spaces (got \(count)).")
        }
        if let refused = firstRefusedScalar(in: text) {
            let code = "U+" + String(refused.value, radix: 16, uppercase: true).leftPadded(to: 4)
            throw .invalid(
                field: field,
                reason: "must not contain control, invisible, direction-changing or separator characters "
                    + "(found \(code))\(multiline ? "; line breaks are allowed" : "").")
        }
        return text
    }

    /// `raw` in NFC, trimmed of spaces and line breaks at both ends, with carriage returns made line
    /// feeds when `multiline`; not yet checked.
    public func normalized(_ raw: String) -> String {
        var text = raw
        if multiline, text.unicodeScalars.contains("\r") {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        return text.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `text` meets the rule as it stands: the value `checked` would return unchanged.
    public func isMet(by text: String) -> Bool {
        (try? checked(text)) == text
    }

    /// The first scalar the rule refuses in `text`, nil when there is none.
    func firstRefusedScalar(in text: String) -> Unicode.Scalar? {
        // A value may not open with a mark: alone it draws nothing, or joins what stands before it.
        if let first = text.unicodeScalars.first, Self.isMark(first) { return first }
        for character in text {
            let scalars = Array(character.unicodeScalars)
            // A fast path for the common case: one printable ASCII scalar.
            if scalars.count == 1, (0x20..<0x7F).contains(scalars[0].value) { continue }
            for index in scalars.indices where isRefused(at: index, in: scalars) { return scalars[index] }
        }
        return nil
    }

    /// Whether the rule refuses the scalar at `index` of one character's `scalars`.
    ///
    /// Refused: controls, separators, bidi controls, private-use and unassigned code points (noncharacters
    /// among them), and format or default-ignorable scalars (invisible fillers such as U+3164), except
    /// what an emoji needs: a zero-width joiner between two emoji, a variation selector after an emoji,
    /// and tag characters in a flag sequence (🏴 then tags).
    func isRefused(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        let scalar = scalars[index]
        if scalar == "\n" { return !multiline }
        // A one-line value (a name, a title) is how people are told apart: no blank that prints nothing.
        if !multiline, Self.printsAsBlank(scalar) { return true }
        let properties = scalar.properties
        if properties.isBidiControl { return true }
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
            return true
        default:
            break
        }
        guard properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint else { return false }
        switch scalar.value {
        case 0x200D:
            guard index > 0, index + 1 < scalars.count else { return true }
            let before = scalars[index - 1]
            let joinsEmoji = Self.isPictographicEmoji(before) || Self.isVariationSelector(before)
            return !(joinsEmoji && Self.isPictographicEmoji(scalars[index + 1]))
        case 0xFE0E, 0xFE0F:
            return !(index > 0 && scalars[index - 1].properties.isEmoji)
        case 0xE0020...0xE007F:
            return scalars.first?.value != 0x1F3F4
        default:
            return true
        }
    }

    /// Whether `scalar` is a visible character that draws nothing, beyond the default-ignorable fillers
    /// already refused (U+3164, U+FFA0, U+115F, U+1160): the braille blank, which makes "alice⠀" look like
    /// "alice".
    static func printsAsBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2800
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0E || scalar.value == 0xFE0F
    }

    /// An emoji drawn as a picture (not a digit or `#`, which are emoji only with a keycap).
    static func isPictographicEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmoji && scalar.value > 0xFF
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
