import Foundation
import HabitsDomain

/// The emoji picker's `/v1` resources: each user's recent emoji, and a pick that sets a habit's emoji.
public protocol EmojiStore: Sendable {
    /// The emoji a user picked most recently, most recent first.
    func recentEmoji(userID: Int64) async throws -> [String]
    /// Sets a habit's emoji and moves it to the front of the user's recent emoji, in one transaction;
    /// returns the changed habit. `emoji` must already be checked.
    func pickEmoji(userID: Int64, habitID: Int64, emoji: String) async throws -> Habit
}
