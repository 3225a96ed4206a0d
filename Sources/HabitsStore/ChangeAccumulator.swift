import HabitsDomain

/// Changes folded one after another: each pair keeps its first `before`, its last `after` and the lowest and
/// highest count it had on the way, the sets unite, the flags stay set once set. The one merge rule of store
/// changes: `StoreChange.merged(with:)`, a write's recorder and the change feed all fold through it.
///
/// A fold costs what the new change holds, not what is already folded: a feed that folds thousands of
/// small commits into a slow reader's pending change pays for each commit once.
public struct ChangeAccumulator: Sendable {
    /// Nothing folded yet.
    public init() {}

    private struct Pair: Hashable {
        var userID: Int64
        var habitID: Int64
    }

    /// The highest revision folded in.
    public private(set) var revision: Int64 = 0
    // Pairs whose count came back to where it started stay here (their later changes keep the first
    // `before`); they are left out of `change` only when the count never moved.
    private var counts: [CountChange] = []
    private var positions: [Pair: Int] = [:]
    private var favoritesOf: Set<Int64> = []
    private var followsOf: Set<Int64> = []
    private var catalogue = false
    private var programs = false
    private var help = false
    private var recentEmojiOf: Set<Int64> = []
    private var daysOf: Set<Int64> = []

    /// Records that a pair's count went from `before` to `after`.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func count(userID: Int64, habitID: Int64, before: Int, after: Int) {
        count(CountChange(userID: userID, habitID: habitID, before: before, after: after))
    }

    /// Records `change`, which came after the pair's changes recorded so far.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func count(_ change: CountChange) {
        let pair = Pair(userID: change.userID, habitID: change.habitID)
        if let index = positions[pair] {
            counts[index].after = change.after
            counts[index].lowest = min(counts[index].lowest, change.lowest)
            counts[index].highest = max(counts[index].highest, change.highest)
        } else {
            positions[pair] = counts.count
            counts.append(change)
        }
    }

    /// Records that a user's favourites changed.
    public mutating func favorites(of userID: Int64) { favoritesOf.insert(userID) }

    /// Records that a user followed or unfollowed someone.
    public mutating func follows(of userID: Int64) { followsOf.insert(userID) }

    /// Records that users, categories or habits changed.
    public mutating func catalogueChanged() { catalogue = true }

    /// Records that programs, their ratings or their members changed.
    public mutating func programsChanged() { programs = true }

    /// Records that help tags or questions changed.
    public mutating func helpChanged() { help = true }

    /// Records that a user's recent emoji changed.
    public mutating func recentEmoji(of userID: Int64) { recentEmojiOf.insert(userID) }

    /// Records that a user's skips or notes changed.
    public mutating func days(of userID: Int64) { daysOf.insert(userID) }

    /// Folds in `later`, which happened after everything folded so far.
    ///
    /// - Complexity: O(m) amortised, for the m pairs and users in `later`.
    public mutating func fold(_ later: StoreChange) {
        revision = max(revision, later.revision)
        for change in later.counts { count(change) }
        favoritesOf.formUnion(later.favoritesOf)
        followsOf.formUnion(later.followsOf)
        catalogue = catalogue || later.catalogue
        programs = programs || later.programs
        help = help || later.help
        recentEmojiOf.formUnion(later.recentEmojiOf)
        daysOf.formUnion(later.daysOf)
    }

    /// Everything folded in, as one change at `revision` (or the highest revision folded in).
    ///
    /// - Complexity: O(n) for the n pairs recorded.
    public func change(revision: Int64? = nil) -> StoreChange {
        StoreChange(
            revision: revision ?? self.revision, counts: counts.filter(\.moved),
            favoritesOf: favoritesOf, followsOf: followsOf, catalogue: catalogue, programs: programs, help: help,
            recentEmojiOf: recentEmojiOf, daysOf: daysOf
        )
    }
}
