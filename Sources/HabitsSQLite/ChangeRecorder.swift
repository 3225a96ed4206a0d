import HabitsStore

/// What one write changes, recorded by the write as it goes.
///
/// `GroupCommit` gives every write its own recorder and keeps it only when the write's savepoint
/// commits, so a write that fails and rolls back reports nothing. A class so that the store's helpers
/// can record into it without threading `inout` through every call; it never leaves the writer's queue.
final class ChangeRecorder {
    private(set) var recorded = ChangeAccumulator()

    /// Records that a pair's count went from `before` to `after`.
    func count(userID: Int64, habitID: Int64, before: Int, after: Int) {
        recorded.count(userID: userID, habitID: habitID, before: before, after: after)
    }

    /// Records that a user's favourites changed.
    func favorites(of userID: Int64) { recorded.favorites(of: userID) }

    /// Records that a user followed or unfollowed someone.
    func follows(of userID: Int64) { recorded.follows(of: userID) }

    /// Records that users, categories or habits were created, changed or deleted.
    func catalogueChanged() { recorded.catalogueChanged() }

    /// Records that programs, their ratings or their members changed.
    func programsChanged() { recorded.programsChanged() }

    /// Records that help tags or questions changed.
    func helpChanged() { recorded.helpChanged() }

    /// Records that a user's recent emoji changed.
    func recentEmoji(of userID: Int64) { recorded.recentEmoji(of: userID) }

    /// Records that a user's skips or notes changed.
    func days(of userID: Int64) { recorded.days(of: userID) }
}
