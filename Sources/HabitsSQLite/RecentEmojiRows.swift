import GRDB
import HabitsStore

/// Reads and cascades of `recent_emoji`, each user's recent emoji (`EmojiQueries` holds the SQL).
enum RecentEmojiRows {
    /// A user's recent emoji, most recent first.
    static func recentEmoji(_ db: Database, userID: Int64) throws -> [String] {
        try String.fetchAll(db.cachedStatement(sql: EmojiQueries.recentEmoji), arguments: [userID])
    }

    /// Removes the recent emoji of a user being deleted.
    ///
    /// - Complexity: O(e log n) for the user's e recent emoji.
    static func removeUser(_ db: Database, id: Int64, changes: ChangeRecorder) throws {
        try db.execute(sql: "DELETE FROM recent_emoji WHERE user_id = ?", arguments: [id])
        if db.changesCount > 0 { changes.recentEmoji(of: id) }
    }
}
