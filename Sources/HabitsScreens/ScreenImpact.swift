import HabitsDomain
import HabitsStore

/// What a committed change means for a live document, judged by the reads that built it.
public enum ScreenImpact: Hashable, Sendable {
    /// No read the document made can answer differently: it stays as it is.
    case unaffected
    /// Only users' ranks read without their counts may have moved: re-asking them
    /// (`ScreenDependencies.rechecked(in:)`) tells whether the document must be rebuilt.
    case recheck
    /// Besides users' ranks, only the top lists and positions of these habits may have changed: on Home,
    /// reads that only the habits' leaderboard cards make, so that a patch rebuilds those cards alone
    /// (`ScreenBuilder.patched`). Any other screen is rebuilt.
    case rerank(rankings: Set<Int64>)
    /// As `rerank`, and besides, which of their logged habits decides what the reads about these users say
    /// may have changed (a first log of a habit): on Home, reads that only the followed users' lines make, so
    /// that a patch writes every line again with `rankings`' cards (`ScreenBuilder.patched`). Any other
    /// screen is rebuilt.
    case reline(users: Set<Int64>, rankings: Set<Int64>)
    /// The document may differ: rebuild it.
    case affected
}

extension ScreenDependencies {
    /// Whether `change` may move a user's rank read without its count: the user's own count changed, or
    /// another user's count crossed it.
    ///
    /// - Complexity: O(c × r) for c count changes and r user ranks read.
    func userRanksMayMove(_ change: StoreChange) -> Bool {
        guard !userRanks.isEmpty else { return false }
        for count in change.counts {
            let low = count.lowest
            let high = count.highest
            for (pair, observed) in userRanks where pair.habitID == count.habitID {
                // The rank of x counts users strictly above x: another user moves it only by crossing x.
                if pair.userID == count.userID || (low..<high).contains(observed.count) { return true }
            }
        }
        return false
    }

    /// These reads with every user's rank asked again of `source`, or nil when a rank moved: after a change
    /// whose impact is `recheck`, nil means rebuild (or patch: `reranked(in:)`), and otherwise the document
    /// stays as it was and these are its reads at `source`'s revision.
    ///
    /// `changedHabits`, when given, holds every habit a count of which changed since these reads were made
    /// (`StoreChange.countedHabits`): only the ranks of those habits are asked again.
    ///
    /// - Complexity: O(r) reads for the r user ranks read.
    public func rechecked(
        in source: some ScreenSource, changedHabits: Set<Int64>? = nil
    ) async throws -> ScreenDependencies? {
        let (reads, moved) = try await reranked(in: source, changedHabits: changedHabits)
        return moved.isEmpty ? reads : nil
    }

    /// These reads with every user's rank asked again of `source`, and the (user, habit) pairs whose rank
    /// moved. After a change whose impact is `recheck` these are the reads at `source`'s revision of a
    /// document that differs from the old one at most where it shows the moved ranks
    /// (`ScreenBuilder.patched(_:for:moved:revision:)`).
    ///
    /// `changedHabits`, when given, holds every habit a count of which changed since these reads were made: a
    /// rank counts the users above a count of one habit, so only a change of that habit's counts moves it,
    /// and the pairs of other habits keep what they observed without a read. A write that moves a popular
    /// person's rank rechecks hundreds of Homes, each showing several people's lines, mostly on other habits.
    ///
    /// - Complexity: O(r) for the r user ranks read, with a read for each one of `changedHabits` (all when nil).
    public func reranked(
        in source: some ScreenSource, changedHabits: Set<Int64>? = nil
    ) async throws -> (reads: ScreenDependencies, moved: Set<Pair>) {
        var updated = self
        var moved: Set<Pair> = []
        for (pair, observed) in userRanks where changedHabits?.contains(pair.habitID) ?? true {
            let count = try await source.count(userID: pair.userID, habitID: pair.habitID)
            let rank = try await source.rank(habitID: pair.habitID, count: count)
            if rank != observed.rank { moved.insert(pair) }
            updated.userRanks[pair] = ObservedRank(count: count, rank: rank)
        }
        return (updated, moved)
    }
}

extension StoreChange {
    /// The habits whose counts the change lists: the only habits whose ranks it can move.
    ///
    /// - Complexity: O(c) for the c count changes.
    public var countedHabits: Set<Int64> { Set(counts.map(\.habitID)) }
}
