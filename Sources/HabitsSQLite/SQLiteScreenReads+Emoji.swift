import GRDB

// The emoji picker's read: a user's recent emoji.
extension SQLiteScreenReads {
    /// - Complexity: O(e) for the user's e ≤ `RecentEmoji.limit` emoji.
    func recentEmoji(userID: Int64) throws -> [String] {
        try RecentEmojiRows.recentEmoji(db, userID: userID)
    }
}

/// The SQL of the recent emoji, where the query plan tests can read it.
package enum EmojiQueries {
    package static let recentEmoji = "SELECT emoji FROM recent_emoji WHERE user_id = ? ORDER BY position"
}
