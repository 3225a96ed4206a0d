import Foundation

/// One emoji of the picker: a fully-qualified emoji of Unicode's emoji-test.txt with its name.
public struct EmojiEntry: Hashable, Sendable {
    /// The emoji: one character, possibly a sequence (skin tone, ZWJ, flag or tag sequence).
    public let emoji: String
    /// Its English name as emoji-test.txt gives it ("grinning face", "flag: Japan").
    public let name: String
    /// The name of its Unicode emoji group ("Smileys & Emotion").
    public let group: String
    /// The name of its Unicode emoji subgroup ("face-smiling").
    public let subgroup: String
}

/// One section of the picker: a Unicode emoji group and its emoji, in Unicode's order.
public struct EmojiGroup: Hashable, Sendable {
    /// The group's name as emoji-test.txt gives it ("Smileys & Emotion").
    public let name: String
    /// The group's emoji, in Unicode's order.
    public let entries: [EmojiEntry]

    /// A stable identifier for HTML ids and URLs: the name's ASCII letters and digits, lowercased,
    /// each run joined by a hyphen ("smileys-emotion", "people-body").
    /// - Complexity: O(*n*), where *n* is the length of the name.
    public var slug: String {
        name.lowercased()
            .split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
            .joined(separator: "-")
    }
}

/// The emoji picker's data: Unicode's emoji groups with their fully-qualified emoji, built at first
/// use from the data `scripts/generate-emoji-data.py` generates from emoji-test.txt.
public enum EmojiCatalog {
    /// The Emoji version of the data ("15.0").
    public static let version: String = EmojiData.version

    /// Unicode's emoji groups in their order, each with its fully-qualified emoji. Component (skin
    /// tones and hair styles, none of them fully-qualified) is not among them.
    /// - Complexity: O(*n*) in the number of emoji at first use, to parse the data; O(1) afterwards.
    public static let groups: [EmojiGroup] = parse(EmojiData.text)

    /// Every entry by its emoji. The emoji are unique in emoji-test.txt; should two lines ever share
    /// one, the first wins rather than the lookup crashing.
    private static let entriesByEmoji: [String: EmojiEntry] = Dictionary(
        groups.lazy.flatMap(\.entries).map { ($0.emoji, $0) },
        uniquingKeysWith: { first, _ in first }
    )

    /// Each entry's name folded for search, parallel to `groups` and their entries, so that a query
    /// folds its words only and no name is folded twice.
    private static let searchNames: [[String]] = groups.map { $0.entries.map { folded($0.name) } }

    /// The entry of a fully-qualified emoji, or nil for anything else (text, or an emoji lacking
    /// its variation selector such as "❤" without U+FE0F).
    /// - Complexity: O(1) on average (a hashed lookup), after the first use builds the index.
    public static func entry(for emoji: String) -> EmojiEntry? {
        entriesByEmoji[emoji]
    }

    /// An emoji the picker may pick: one of `ResourceRules.emoji` that is also a fully-qualified emoji of
    /// Unicode's list, so that Recents, which keep only picks, can show every one.
    public static func pick(_ raw: String) throws(HabitsError) -> String {
        let emoji = try ResourceRules.emoji(raw)
        guard entry(for: emoji) != nil else {
            throw .invalid(
                field: "emoji", reason: "must be one fully-qualified emoji of Unicode's list, such as 🏃 or 🐈.")
        }
        return emoji
    }

    /// The groups with only the entries whose names hold every word of the query, ignoring case
    /// and diacritics ("FACE  grin", "pinata"); groups left empty are dropped. A blank query
    /// returns every group.
    /// - Complexity: O(*n* × *w*) comparisons of a word with a name, where *n* is the number of
    ///   emoji and *w* the number of words in the query.
    public static func matching(_ query: String) -> [EmojiGroup] {
        let words = folded(query).split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return groups }
        return zip(groups, searchNames).compactMap { group, names in
            let entries = zip(group.entries, names)
                .filter { _, name in words.allSatisfy { name.contains($0) } }
                .map(\.0)
            return entries.isEmpty ? nil : EmojiGroup(name: group.name, entries: entries)
        }
    }

    /// Text as search compares it: lowercased, without diacritics, and with typographic apostrophes and
    /// quotes as typed ones, so "Piñata" reads "pinata" and "Côte d’Ivoire" reads "cote d'ivoire".
    static func folded(_ text: String) -> String {
        String(
            text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).map { character in
                switch character {
                case "\u{2018}", "\u{2019}", "\u{02BC}": "'"
                case "\u{201C}", "\u{201D}": "\""
                default: character
                }
            })
    }

    /// The groups of `EmojiData.text`: `group: NAME` and `subgroup: NAME` lines, then
    /// `EMOJI<TAB>NAME` lines. A line of neither form (the `#` comments, `version:`) is skipped rather
    /// than trapping; the data test compares the result with emoji-test.txt, so a skipped data line
    /// would not go unnoticed.
    static func parse(_ text: String) -> [EmojiGroup] {
        var groups: [EmojiGroup] = []
        var group: String?
        var subgroup = ""
        var entries: [EmojiEntry] = []
        func closeGroup() {
            if let group, !entries.isEmpty { groups.append(EmojiGroup(name: group, entries: entries)) }
            entries = []
        }
        for line in text.split(separator: "\n") {
            if let name = line.value(after: "group: ") {
                closeGroup()
                group = name
            } else if let name = line.value(after: "subgroup: ") {
                subgroup = name
            } else if let group, let tab = line.firstIndex(of: "\t") {
                let name = String(line[line.index(after: tab)...])
                entries.append(EmojiEntry(emoji: String(line[..<tab]), name: name, group: group, subgroup: subgroup))
            }
        }
        closeGroup()
        return groups
    }
}

extension Substring {
    /// The rest of the line after `prefix`, or nil when the line does not start with it.
    fileprivate func value(after prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
