/// A short, cut excerpt of something a client sent, for an error message to quote: never the whole of it,
/// so that a refused 2 MiB field answers a few hundred bytes, not megabytes.
public enum Excerpt {
    /// The most characters of a quoted value an error message shows.
    public static let maximumCharacters = 40
    /// The most characters of any error message: a backstop for texts that quote several values.
    public static let maximumMessageCharacters = 600

    /// `text` in double quotes, cut to `maximumCharacters` characters (grapheme clusters) with "…".
    ///
    /// - Complexity: O(`maximumCharacters`), whatever the length of `text`.
    public static func quoted(_ text: some StringProtocol) -> String {
        "\"" + cut(text, to: maximumCharacters) + "\""
    }

    /// `text` cut to at most `limit` characters, the last of them "…" when it was longer.
    ///
    /// - Complexity: O(`limit`).
    public static func cut(_ text: some StringProtocol, to limit: Int) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex, count < limit {
            text.formIndex(after: &end)
            count += 1
        }
        guard end < text.endIndex else { return String(text) }
        return String(text[..<text.index(before: end)]) + "…"
    }
}
