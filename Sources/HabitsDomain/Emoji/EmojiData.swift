/// The emoji picker's data: `Resources/emoji.txt`, which `scripts/generate-emoji-data.py` writes from
/// Unicode's emoji-test.txt (fully-qualified emoji only, in the file's order).
enum EmojiData {
    /// The resource's text; empty when the resource bundle cannot be found, so the picker shows no
    /// groups rather than the server trapping (the data tests fail on it).
    static let text: String = BundledResources.text(of: "emoji.txt", bundle: "Habits_HabitsDomain") ?? ""

    /// The Emoji version the file names on its `version:` line ("15.0"); empty without the file.
    static let version: String = {
        for line in text.split(separator: "\n", maxSplits: 8) where line.hasPrefix("version: ") {
            return String(line.dropFirst("version: ".count))
        }
        return ""
    }()
}
