/// `searchField`: a text field whose words filter the screen; the client opens the same screen with the
/// text as the query parameter `parameter`.
public struct SearchField: ItemPayload {
    public var parameter: String
    public var query: String
    public var placeholder: String
    /// The screen's other parameters, which a search keeps.
    public var kept: [String: String]

    public init(parameter: String, query: String, placeholder: String, kept: [String: String]) {
        self.parameter = parameter
        self.query = query
        self.placeholder = placeholder
        self.kept = kept
    }
}

/// `emojiGroup`: the first item of a group's section, the parent of its emoji in the section's outline;
/// its action collapses or expands them.
public struct EmojiGroupContent: ItemPayload {
    public var name: String
    public var slug: String
    /// How many emoji the group holds (matching the search, when there is one).
    public var count: Int
    public var isExpanded: Bool

    public init(name: String, slug: String, count: Int, isExpanded: Bool) {
        self.name = name
        self.slug = slug
        self.count = count
        self.isExpanded = isExpanded
    }
}

/// `emoji`: one emoji to choose, with its Unicode name.
public struct EmojiChoice: ItemPayload {
    public var emoji: String
    public var name: String
    /// Whether it is the habit's icon now.
    public var isCurrent: Bool

    public init(emoji: String, name: String, isCurrent: Bool) {
        self.emoji = emoji
        self.name = name
        self.isCurrent = isCurrent
    }
}

extension SearchField {
    public static let type = "searchField"
    public var heapBytes: Int { heapSum(parameter, query, placeholder)
            + kept.reduce(64) { $0 + 32 + HabitsScreens.heapBytes($1.key) + HabitsScreens.heapBytes($1.value) } }
}

extension EmojiGroupContent {
    public static let type = "emojiGroup"
    public var heapBytes: Int { heapSum(name, slug) }
}

extension EmojiChoice {
    public static let type = "emoji"
    public var heapBytes: Int { heapSum(emoji, name) }
}
