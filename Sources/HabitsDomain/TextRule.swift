import Foundation

/// The one rule for text people write: names, bios, descriptions, program titles, help tags, questions,
/// answers and searches. `ResourceRules` and `ShowcaseRules` check every such field through it.
///
/// A value is accepted when, after it is put in NFC and trimmed of spaces and line breaks at both ends:
/// - it holds a number of Unicode scalars in `lengths` (as JSON Schema's `maxLength` counts), so a letter
///   padded with thousands of combining marks is as long as it is heavy;
/// - it holds no control (Cc), format (Cf), line separator (Zl) or paragraph separator (Zp) character,
///   and so no bidi control either (they are all Cf), except line feeds where `multiline` allows them and
///   the joiners and tags inside an emoji (`👨‍👩‍👧`, `🏴󠁧󠁢󠁳󠁣󠁴󠁿`).
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
        for character in text {
            let scalars = character.unicodeScalars
            // A fast path for the common case: one printable ASCII scalar.
            if let only = scalars.first, scalars.count == 1, (0x20..<0x7F).contains(only.value) { continue }
            let startsWithEmoji = scalars.first.map(Self.isPictographicEmoji) ?? false
            for scalar in scalars where isRefused(scalar, inEmoji: startsWithEmoji) { return scalar }
        }
        return nil
    }

    /// Whether the rule refuses `scalar`; `inEmoji`: the scalar stands in a character that starts with an
    /// emoji, where the zero-width joiner and tag characters are part of the emoji.
    func isRefused(_ scalar: Unicode.Scalar, inEmoji: Bool) -> Bool {
        if scalar == "\n" { return !multiline }
        if scalar.properties.isBidiControl { return true }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator:
            return true
        case .format:
            let isEmojiGlue = scalar.value == 0x200D || (0xE0020...0xE007F).contains(scalar.value)
            return !(inEmoji && isEmojiGlue)
        default:
            return false
        }
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
