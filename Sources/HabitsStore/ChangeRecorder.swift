import HabitsDomain

/// Changes folded one after another with the rules of `StoreChange.merged(with:)`: each pair keeps its
/// first `before` and its last `after`, the sets unite, the flags stay set once set.
///
/// `merged(with:)` indexes the whole change it extends on every call. A feed that folds thousands of
/// small commits into a slow reader's pending change would pay for everything pending on each commit;
/// here a fold costs what the new change holds.
struct ChangeAccumulator: Sendable {
    private struct Pair: Hashable {
        var userID: Int64
        var habitID: Int64
    }

    /// The highest revision folded in.
    private(set) var revision: Int64 = 0
    // Pairs whose count came back to where it started stay here (their later changes keep the
    // first `before`) and are left out of `change`.
    private var counts: [CountChange] = []
    private var positions: [Pair: Int] = [:]
    private var favoritesOf: Set<Int64> = []
    private var followsOf: Set<Int64> = []
    private var catalogue = false
    private var programs = false
    private var help = false
    private var recentEmojiOf: Set<Int64> = []

    /// Records that a pair's count went from `before` to `after`.
    ///
    /// - Complexity: O(1) amortised.
    mutating func count(userID: Int64, habitID: Int64, before: Int, after: Int) {
        let pair = Pair(userID: userID, habitID: habitID)
        if let index = positions[pair] {
            counts[index].after = after
        } else {
            positions[pair] = counts.count
            counts.append(CountChange(userID: userID, habitID: habitID, before: before, after: after))
        }
    }

    /// Records that a user's favourites changed.
    mutating func favorites(of userID: Int64) { favoritesOf.insert(userID) }

    /// Records that a user followed or unfollowed someone.
    mutating func follows(of userID: Int64) { followsOf.insert(userID) }

    /// Records that users, categories or habits changed.
    mutating func catalogueChanged() { catalogue = true }

    /// Records that programs, their ratings or their members changed.
    mutating func programsChanged() { programs = true }

    /// Records that help tags or questions changed.
    mutating func helpChanged() { help = true }

    /// Records that a user's recent emoji changed.
    mutating func recentEmoji(of userID: Int64) { recentEmojiOf.insert(userID) }

    /// Folds in `later`, which happened after everything folded so far.
    ///
    /// - Complexity: O(m) amortised, for the m pairs and users in `later`.
    mutating func fold(_ later: StoreChange) {
        revision = max(revision, later.revision)
        for change in later.counts {
            count(userID: change.userID, habitID: change.habitID, before: change.before, after: change.after)
        }
        favoritesOf.formUnion(later.favoritesOf)
        followsOf.formUnion(later.followsOf)
        catalogue = catalogue || later.catalogue
        programs = programs || later.programs
        help = help || later.help
        recentEmojiOf.formUnion(later.recentEmojiOf)
    }

    /// Folds in `later`, recorded after everything folded so far.
    ///
    /// - Complexity: O(m) amortised, for the m pairs and users in `later`.
    mutating func fold(_ later: ChangeAccumulator) {
        revision = max(revision, later.revision)
        for change in later.counts {
            count(userID: change.userID, habitID: change.habitID, before: change.before, after: change.after)
        }
        favoritesOf.formUnion(later.favoritesOf)
        followsOf.formUnion(later.followsOf)
        catalogue = catalogue || later.catalogue
        programs = programs || later.programs
        help = help || later.help
        recentEmojiOf.formUnion(later.recentEmojiOf)
    }

    /// Everything folded in, as one change at `revision` (or the highest revision folded in).
    ///
    /// - Complexity: O(n) for the n pairs recorded.
    func change(revision: Int64? = nil) -> StoreChange {
        StoreChange(
            revision: revision ?? self.revision, counts: counts.filter { $0.before != $0.after },
            favoritesOf: favoritesOf, followsOf: followsOf, catalogue: catalogue, programs: programs, help: help,
            recentEmojiOf: recentEmojiOf
        )
    }
}

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
}
