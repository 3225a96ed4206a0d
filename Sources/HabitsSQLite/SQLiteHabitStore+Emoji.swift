import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// Each user's recent emoji in SQLite. An emoji pick reports the habit's change as `catalogue` and the
/// user's recent emoji.
extension SQLiteHabitStore {
    public func recentEmoji(userID: Int64) async throws -> [String] {
        try await writer.read { db in
            _ = try Self.fetchUser(db, id: userID)
            return try RecentEmojiRows.recentEmoji(db, userID: userID)
        }
    }

    /// - Complexity: O(log n + e) for the user's e ≤ `RecentEmoji.limit` recent emoji.
    public func pickEmoji(userID: Int64, habitID: Int64, emoji: String) async throws -> Habit {
        try await writeBumping { db, changes in
            _ = try Self.fetchUser(db, id: userID)
            var habit = try Self.fetchHabit(db, id: habitID)
            if habit.emoji != emoji {
                try db.execute(sql: "UPDATE habits SET emoji = ? WHERE id = ?", arguments: [emoji, habitID])
                habit.emoji = emoji
                changes.catalogueChanged()
            }
            let recents = try RecentEmojiRows.recentEmoji(db, userID: userID)
            let picked = RecentEmoji.picking(emoji, after: recents)
            guard picked != recents else { return habit }
            // At most `RecentEmoji.limit` rows: rewriting them costs less than shifting positions in place.
            try db.execute(sql: "DELETE FROM recent_emoji WHERE user_id = ?", arguments: [userID])
            let insert = try db.cachedStatement(
                sql: "INSERT INTO recent_emoji (user_id, position, emoji) VALUES (?, ?, ?)")
            for (position, emoji) in picked.enumerated() { try insert.execute(arguments: [userID, position, emoji]) }
            changes.recentEmoji(of: userID)
            return habit
        }
    }
}
