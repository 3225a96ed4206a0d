import HabitsDomain
import HabitsStore

/// Which documents read what, by user and by habit: a committed change is tested only against the
/// documents whose reads name one of its users or habits, not against every live document.
///
/// `candidates(for:)` includes every key whose reads' `impact(of:)` is not `unaffected`: each test there
/// looks at a count's user, at its habit (for most reads, at whether the count reaches, starts, ends or
/// passes a count the reads observed), at a user the change lists, or at programs or help.
public struct ScreenReadIndex<Key: Hashable & Sendable>: Sendable {
    private var byUser: [Int64: Set<Key>] = [:]
    /// Keys whose reads any change of the habit may affect (a whole ranking).
    private var byHabit: [Int64: Set<Key>] = [:]
    /// Per habit, keys by a top list's lowest count: only a change that reaches that count may affect them.
    private var byThreshold: [Int64: [Int: Set<Key>]] = [:]
    /// Per habit, keys by a count whose position (rank and ties) they read: only a change from or to it, or
    /// across it, may affect them. Without these tables a log of a popular habit was tested against every
    /// Home that shows the habit's leaderboard, about a quarter of the server's time at 10,000 streams.
    private var byPosition: [Int64: [Int: Set<Key>]] = [:]
    /// Per habit, keys by a count whose rank alone they read: the rank of x counts users strictly above x, so
    /// only a change from x or below to above x, or back, may affect them; one that ends at x does not.
    private var byRank: [Int64: [Int: Set<Key>]] = [:]
    private var programReaders: Set<Key> = []
    private var helpReaders: Set<Key> = []
    /// What each key is filed under, to take it out again.
    private var filed: [Key: ScreenReadNames] = [:]

    public init() {}

    /// How many keys are filed.
    public var count: Int { filed.count }

    /// Files `key` under what `reads` name, in place of what it was filed under before.
    ///
    /// - Complexity: O(u + h) for the users and habits the old and new reads name.
    public mutating func file(_ key: Key, reads: ScreenDependencies) {
        file(key, names: ScreenReadNames(reads))
    }

    /// Files `key` under `filing`, what its reads name (gathered beforehand, where the document was built).
    ///
    /// - Complexity: O(u + h) for the users, habits and counts the old and new names hold.
    public mutating func file(_ key: Key, names filing: ScreenReadNames) {
        let old = filed.updateValue(filing, forKey: key)
        // A recheck that kept its document names the same users and habits again.
        if old == filing { return }
        for user in filing.users.subtracting(old?.users ?? []) { byUser[user, default: []].insert(key) }
        for habit in filing.habits.subtracting(old?.habits ?? []) { byHabit[habit, default: []].insert(key) }
        for count in filing.thresholds.subtracting(old?.thresholds ?? []) {
            byThreshold[count.habitID, default: [:]][count.count, default: []].insert(key)
        }
        for count in filing.positions.subtracting(old?.positions ?? []) {
            byPosition[count.habitID, default: [:]][count.count, default: []].insert(key)
        }
        for count in filing.ranks.subtracting(old?.ranks ?? []) {
            byRank[count.habitID, default: [:]][count.count, default: []].insert(key)
        }
        if let old {
            for user in old.users.subtracting(filing.users) { Self.take(key, from: &byUser, at: user) }
            for habit in old.habits.subtracting(filing.habits) { Self.take(key, from: &byHabit, at: habit) }
            for count in old.thresholds.subtracting(filing.thresholds) { Self.take(key, from: &byThreshold, at: count) }
            for count in old.positions.subtracting(filing.positions) { Self.take(key, from: &byPosition, at: count) }
            for count in old.ranks.subtracting(filing.ranks) { Self.take(key, from: &byRank, at: count) }
        }
        if filing.programs { programReaders.insert(key) } else { programReaders.remove(key) }
        if filing.help { helpReaders.insert(key) } else { helpReaders.remove(key) }
    }

    /// Takes `key` out.
    ///
    /// - Complexity: O(u + h) for the users, habits and counts its reads named.
    public mutating func remove(_ key: Key) {
        guard let old = filed.removeValue(forKey: key) else { return }
        for user in old.users { Self.take(key, from: &byUser, at: user) }
        for habit in old.habits { Self.take(key, from: &byHabit, at: habit) }
        for count in old.thresholds { Self.take(key, from: &byThreshold, at: count) }
        for count in old.positions { Self.take(key, from: &byPosition, at: count) }
        for count in old.ranks { Self.take(key, from: &byRank, at: count) }
        programReaders.remove(key)
        helpReaders.remove(key)
    }

    /// The keys whose reads `change` may affect, or nil when it may affect every one (a catalogue change).
    ///
    /// - Complexity: O(k + d) for the k keys filed under the change's users, habits and the counts it
    ///   reaches, and the d distinct counts filed under its habits.
    public func candidates(for change: StoreChange) -> Set<Key>? {
        if change.catalogue { return nil }
        var keys: Set<Key> = []
        func add(_ found: Set<Key>?) {
            if let found { keys.formUnion(found) }
        }
        for count in change.counts {
            add(byUser[count.userID])
            add(byHabit[count.habitID])
            let low = count.lowest
            let high = count.highest
            // `ScreenDependencies.mayAlterOutright` and `userRanksMayMove` test these ranges, or narrower ones.
            for (threshold, found) in byThreshold[count.habitID] ?? [:] where threshold <= high { add(found) }
            for (probe, found) in byPosition[count.habitID] ?? [:] where low <= probe && probe <= high { add(found) }
            for (probe, found) in byRank[count.habitID] ?? [:] where low <= probe && probe < high { add(found) }
        }
        for user in change.favoritesOf.union(change.followsOf).union(change.recentEmojiOf).union(change.daysOf) {
            add(byUser[user])
        }
        if change.programs { keys.formUnion(programReaders) }
        if change.help { keys.formUnion(helpReaders) }
        return keys
    }

    private static func take(_ key: Key, from table: inout [Int64: Set<Key>], at id: Int64) {
        table[id]?.remove(key)
        if table[id]?.isEmpty == true { table[id] = nil }
    }

    private static func take(_ key: Key, from table: inout [Int64: [Int: Set<Key>]], at count: RankedCount) {
        table[count.habitID]?[count.count]?.remove(key)
        if table[count.habitID]?[count.count]?.isEmpty == true { table[count.habitID]?[count.count] = nil }
        if table[count.habitID]?.isEmpty == true { table[count.habitID] = nil }
    }
}

/// The users and habits a document's reads name, and whether it read programs or help: what
/// `ScreenReadIndex` files it under.
public struct ScreenReadNames: Equatable, Sendable {
    var users: Set<Int64>
    /// Habits any of whose changes may affect the reads.
    var habits: Set<Int64>
    /// Top lists' lowest counts: a change of the habit affects the reads only if it reaches the count.
    var thresholds: Set<RankedCount>
    /// Counts whose position was read: a change of the habit affects the reads only if it starts, ends or
    /// passes there.
    var positions: Set<RankedCount>
    /// Counts whose rank alone was read, and users' counts whose rank was read: a change of the habit
    /// affects the reads only if it starts there or below and ends above, or back.
    var ranks: Set<RankedCount>
    var programs: Bool
    var help: Bool

    /// What `reads` name.
    ///
    /// - Complexity: O(r) for the r ids, pairs and probes of the reads.
    public init(_ reads: ScreenDependencies) {
        users = reads.usersRead
        habits = reads.wholeRankings
        thresholds = Set(reads.rankingThresholds.map { RankedCount(habitID: $0.key, count: $0.value) })
        var positions: Set<RankedCount> = []
        for (habitID, counts) in reads.rankProbes {
            for count in counts { positions.insert(RankedCount(habitID: habitID, count: count)) }
        }
        var ranks: Set<RankedCount> = []
        for (habitID, counts) in reads.rankOnlyProbes {
            for count in counts { ranks.insert(RankedCount(habitID: habitID, count: count)) }
        }
        for (pair, observed) in reads.userRanks {
            ranks.insert(RankedCount(habitID: pair.habitID, count: observed.count))
        }
        self.positions = positions
        self.ranks = ranks
        programs = reads.readsPrograms
        help = reads.readsHelp
    }
}

extension ScreenDependencies {
    /// Every user these reads name.
    var usersRead: Set<Int64> {
        var users = favoritesOf.union(followsOf).union(countsOf).union(loggedHabitsOf).union(recentEmojiOf)
        for pair in loggedHabitPairs { users.insert(pair.userID) }
        for pair in pairCounts { users.insert(pair.userID) }
        for pair in userRanks.keys { users.insert(pair.userID) }
        return users
    }
}
