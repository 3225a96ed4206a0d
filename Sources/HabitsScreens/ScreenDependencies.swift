import Foundation
import HabitsDomain
import HabitsStore

/// What a document read, so that a committed change can be tested against it without rebuilding.
///
/// A change that affects none of these reads leaves the document as it was: rankings are observed as
/// thresholds (the last count of a top-k list) and probed counts (a rank asked for a count), so a log
/// far from what a screen shows wakes nothing.
public struct ScreenDependencies: Hashable, Sendable {
    /// Users whose favourites were read.
    public var favoritesOf: Set<Int64> = []
    /// Users whose follows were read.
    public var followsOf: Set<Int64> = []
    /// Users whose counts were read.
    public var countsOf: Set<Int64> = []
    /// Users whose set of logged habits was read: only a count leaving or reaching 0 changes it.
    public var loggedHabitsOf: Set<Int64> = []
    /// (user, habit) pairs whose logged-or-not state was read, where a screen narrowed a read of a user's
    /// logged habits to the habits that decide what it shows (`ScreenSource.loggedHabitsDecided`).
    public var loggedHabitPairs: Set<Pair> = []
    /// (user, habit) pairs whose count was read.
    public var pairCounts: Set<Pair> = []
    /// Habits whose whole ranking was read (or a top-k list shorter than k).
    public var wholeRankings: Set<Int64> = []
    /// For a top-k list of a habit: the lowest count in it. A change below it cannot enter the list.
    public var rankingThresholds: [Int64: Int] = [:]
    /// Counts whose position (rank and ties) was asked, per habit.
    public var rankProbes: [Int64: Set<Int>] = [:]
    /// Counts whose rank alone was asked, per habit: only a count that crosses it moves the rank.
    public var rankOnlyProbes: [Int64: Set<Int>] = [:]
    /// Whether programs, their ratings or memberships were read.
    public var readsPrograms = false
    /// Whether help tags or questions were read.
    public var readsHelp = false
    /// Users whose recent emoji were read.
    public var recentEmojiOf: Set<Int64> = []
    /// Users' ranks read without their counts, per (user, habit): a change of the count may leave the rank,
    /// so such a change asks for a recheck (`rechecked(in:)`) rather than a rebuild.
    public var userRanks: [Pair: ObservedRank] = [:]
    /// When the day a document shows as today ends (the streak calendar's): it changes then without a write.
    public var dayEnds: Date?

    public init() {}

    /// A user and a habit.
    public struct Pair: Hashable, Sendable {
        public var userID: Int64
        public var habitID: Int64
    }

    /// A user's rank as it was read, with the count it was the rank of.
    public struct ObservedRank: Hashable, Sendable {
        public var count: Int
        public var rank: Int

        public init(count: Int, rank: Int) {
            self.count = count
            self.rank = rank
        }
    }

    /// Whether `change` may alter a document that made these reads (a recheck counts as may).
    ///
    /// - Complexity: O(c × (p + r)) for c count changes, p probes of a touched habit and r user ranks.
    public func isAffected(by change: StoreChange) -> Bool { impact(of: change) != .unaffected }

    /// What `change` means for a document that made these reads.
    ///
    /// - Complexity: O(c × (p + r)) for c count changes, p probes of a touched habit and r user ranks.
    public func impact(of change: StoreChange) -> ScreenImpact {
        // Empty until a ranking is touched: a set that stays empty allocates nothing.
        var rankings: Set<Int64> = []
        var lines: Set<Int64> = []
        if mayAlterOutright(change, rankings: &rankings, lines: &lines) { return .affected }
        if !lines.isEmpty { return .reline(users: lines, rankings: rankings) }
        if !rankings.isEmpty { return .rerank(rankings: rankings) }
        return userRanksMayMove(change) ? .recheck : .unaffected
    }

    /// Whether `change` touches a read other than a user's rank, a habit's ranking and which habits a user
    /// logged; the habits whose top list, whole ranking or positions it may alter go into `rankings`, and
    /// the users whose logged habits it may alter into `lines`.
    ///
    /// - Complexity: O(c × p) for c count changes and p probes of a touched habit.
    func mayAlterOutright(_ change: StoreChange, rankings: inout Set<Int64>, lines: inout Set<Int64>) -> Bool {
        if change.catalogue || (change.programs && readsPrograms) || (change.help && readsHelp) { return true }
        if !recentEmojiOf.isDisjoint(with: change.recentEmojiOf) { return true }
        // Skips and notes are read with a pair's days: a screen showing that user's days may differ.
        if !change.daysOf.isEmpty, pairCounts.contains(where: { change.daysOf.contains($0.userID) }) { return true }
        if !favoritesOf.isDisjoint(with: change.favoritesOf) || !followsOf.isDisjoint(with: change.followsOf) {
            return true
        }
        for count in change.counts {
            if countsOf.contains(count.userID) { return true }
            let pair = Pair(userID: count.userID, habitID: count.habitID)
            // A count that was 0 at any point: a screen built then showed the habit as not logged.
            // Only Home reads which habits a user logged, and only in the lines that compare followed users.
            if count.lowest == 0,
                loggedHabitsOf.contains(count.userID) || loggedHabitPairs.contains(pair)
            {
                lines.insert(count.userID)
            }
            if pairCounts.contains(pair) { return true }
            let low = count.lowest
            let high = count.highest
            if rankingMayMove(count.habitID, low: low, high: high) { rankings.insert(count.habitID) }
            // The rank of x counts users strictly above x: it moves only when a count goes from at most x
            // to more than x, or back.
            if let probes = rankOnlyProbes[count.habitID], probes.contains(where: { (low..<high).contains($0) }) {
                return true
            }
        }
        return false
    }

    /// Whether a count of `habitID` going between `low` and `high` may alter its whole ranking, the top list
    /// read of it or a position asked of it.
    ///
    /// - Complexity: O(p) for the p positions asked of the habit.
    private func rankingMayMove(_ habitID: Int64, low: Int, high: Int) -> Bool {
        if wholeRankings.contains(habitID) { return true }
        if let threshold = rankingThresholds[habitID], high >= threshold { return true }
        if let probes = rankProbes[habitID], probes.contains(where: { (low...high).contains($0) }) { return true }
        return false
    }
}

/// A `ScreenSource` that records what is read from it as `ScreenDependencies`.
public final class ObservingSource: ScreenSource {
    let base: any ScreenSource
    /// What has been read so far.
    public private(set) var dependencies = ScreenDependencies()
    /// Reads of each user's whole set of logged habits not narrowed yet.
    private var wholeLoggedHabitReads: [Int64: Int] = [:]

    public init(_ base: any ScreenSource) {
        self.base = base
    }

    public var revision: Int64 { base.revision }
    public func user(id: Int64) async throws -> User? { try await base.user(id: id) }
    public func user(key: String) async throws -> User? { try await base.user(key: key) }
    public func users(excluding excludedID: Int64?) async throws -> [User] {
        try await base.users(excluding: excludedID)
    }
    public func categories() async throws -> [Category] { try await base.categories() }
    public func habits() async throws -> [Habit] { try await base.habits() }
    public func habit(id: Int64) async throws -> Habit? { try await base.habit(id: id) }

    public func favoriteHabitIDs(userID: Int64) async throws -> Set<Int64> {
        dependencies.favoritesOf.insert(userID)
        return try await base.favoriteHabitIDs(userID: userID)
    }

    public func followedUsers(userID: Int64) async throws -> [User] {
        dependencies.followsOf.insert(userID)
        return try await base.followedUsers(userID: userID)
    }

    public func counts(userID: Int64) async throws -> [Int64: Int] {
        dependencies.countsOf.insert(userID)
        return try await base.counts(userID: userID)
    }

    public func loggedHabitIDs(userID: Int64) async throws -> Set<Int64> {
        dependencies.loggedHabitsOf.insert(userID)
        wholeLoggedHabitReads[userID, default: 0] += 1
        return try await base.loggedHabitIDs(userID: userID)
    }

    /// Replaces one read of the user's whole set of logged habits by reads of the pairs that decided what
    /// was made of it. The set stays read while another read of it was not narrowed.
    public func loggedHabitsDecided(userID: Int64, by habitIDs: Set<Int64>) {
        for habitID in habitIDs {
            dependencies.loggedHabitPairs.insert(ScreenDependencies.Pair(userID: userID, habitID: habitID))
        }
        guard let reads = wholeLoggedHabitReads[userID] else { return }
        if reads > 1 {
            wholeLoggedHabitReads[userID] = reads - 1
        } else {
            wholeLoggedHabitReads[userID] = nil
            dependencies.loggedHabitsOf.remove(userID)
        }
    }

    public func dayEnds(at instant: Date) {
        dependencies.dayEnds = min(dependencies.dayEnds ?? instant, instant)
    }

    public func count(userID: Int64, habitID: Int64) async throws -> Int {
        dependencies.pairCounts.insert(ScreenDependencies.Pair(userID: userID, habitID: habitID))
        return try await base.count(userID: userID, habitID: habitID)
    }

    public func standings(habitID: Int64, limit: Int?) async throws -> [Standing] {
        let standings = try await base.standings(habitID: habitID, limit: limit)
        if let limit, standings.count >= limit, let last = standings.last {
            dependencies.rankingThresholds[habitID] = min(dependencies.rankingThresholds[habitID] ?? .max, last.count)
        } else {
            dependencies.wholeRankings.insert(habitID)
        }
        return standings
    }

    public func position(habitID: Int64, count: Int) async throws -> RankPosition {
        dependencies.rankProbes[habitID, default: []].insert(count)
        return try await base.position(habitID: habitID, count: count)
    }

    public func rank(habitID: Int64, count: Int) async throws -> Int {
        dependencies.rankOnlyProbes[habitID, default: []].insert(count)
        return try await base.rank(habitID: habitID, count: count)
    }

    /// Records the rank with the count it ranks, not the count as a read of its own: a change of the count
    /// that passes nobody leaves the document as it was.
    public func rank(userID: Int64, habitID: Int64) async throws -> Int {
        let count = try await base.count(userID: userID, habitID: habitID)
        let rank = try await base.rank(habitID: habitID, count: count)
        dependencies.userRanks[ScreenDependencies.Pair(userID: userID, habitID: habitID)] =
            ScreenDependencies.ObservedRank(count: count, rank: rank)
        return rank
    }

    /// A pair's days change with its logs, whose count then changes too, and with its skips and notes
    /// (`daysOf`).
    public func habitDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay)
        async throws -> [HabitDay]
    {
        dependencies.pairCounts.insert(ScreenDependencies.Pair(userID: userID, habitID: habitID))
        return try await base.habitDays(userID: userID, habitID: habitID, from: first, through: last)
    }

    /// Done days change with the pair's logs, whose count then changes too, and with its skips (`daysOf`).
    public func doneDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) async throws
        -> [LocalDay]
    {
        dependencies.pairCounts.insert(ScreenDependencies.Pair(userID: userID, habitID: habitID))
        return try await base.doneDays(userID: userID, habitID: habitID, from: first, through: last)
    }

    public func streak(userID: Int64, habitID: Int64, today: LocalDay) async throws -> StreakSummary {
        dependencies.pairCounts.insert(ScreenDependencies.Pair(userID: userID, habitID: habitID))
        return try await base.streak(userID: userID, habitID: habitID, today: today)
    }

    public func featuredProgram() async throws -> Program? {
        dependencies.readsPrograms = true
        return try await base.featuredProgram()
    }

    public func programs(categoryID: Int64, limit: Int) async throws -> [Program] {
        dependencies.readsPrograms = true
        return try await base.programs(categoryID: categoryID, limit: limit)
    }

    public func joinedProgramIDs(userID: Int64) async throws -> Set<Int64> {
        dependencies.readsPrograms = true
        return try await base.joinedProgramIDs(userID: userID)
    }

    public func programRatings(userID: Int64) async throws -> [Int64: Int] {
        dependencies.readsPrograms = true
        return try await base.programRatings(userID: userID)
    }

    public func helpTags() async throws -> [HelpTag] {
        dependencies.readsHelp = true
        return try await base.helpTags()
    }

    public func questions(viewerID: Int64, tagID: Int64?) async throws -> [Question] {
        dependencies.readsHelp = true
        return try await base.questions(viewerID: viewerID, tagID: tagID)
    }

    public func recentEmoji(userID: Int64) async throws -> [String] {
        dependencies.recentEmojiOf.insert(userID)
        return try await base.recentEmoji(userID: userID)
    }
}
