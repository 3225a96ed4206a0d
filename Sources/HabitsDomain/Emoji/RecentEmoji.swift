import Foundation

/// The emoji a user picked most recently, most recent first: the emoji picker's Recents section.
public enum RecentEmoji {
    /// How many a user's list keeps; picking a 31st drops the oldest.
    public static let limit = 30

    /// `recents` after picking `emoji`: it moves (or is added) to the front, and the list keeps `limit`.
    ///
    /// - Complexity: O(n) for the n ≤ `limit` kept.
    public static func picking(_ emoji: String, after recents: [String]) -> [String] {
        Array(([emoji] + recents.filter { $0 != emoji }).prefix(limit))
    }
}

/// A pick in the emoji picker: the habit whose icon it becomes.
public struct EmojiPick: Codable, Hashable, Sendable {
    public var habitID: Int64
    public var emoji: String

    public init(habitID: Int64, emoji: String) {
        self.habitID = habitID
        self.emoji = emoji
    }
}

/// A user's recent emoji, most recent first.
public struct RecentEmojiList: Codable, Hashable, Sendable {
    public var items: [String]

    public init(items: [String]) { self.items = items }
}
