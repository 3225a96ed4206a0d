import HabitsDomain
import HabitsStore

/// Which documents read what, by user and by habit: a committed change is tested only against the
/// documents whose reads name one of its users or habits, not against every live document.
///
/// `candidates(for:)` includes every key whose reads' `impact(of:)` is not `unaffected`: each test there
/// looks at a count's user or habit, or at a user the change lists, or at programs or help.
public struct ScreenReadIndex<Key: Hashable & Sendable>: Sendable {
    private var byUser: [Int64: Set<Key>] = [:]
    private var byHabit: [Int64: Set<Key>] = [:]
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
    /// - Complexity: O(u + h) for the users and habits the old and new names hold.
    public mutating func file(_ key: Key, names filing: ScreenReadNames) {
        let old = filed.updateValue(filing, forKey: key)
        // A recheck that kept its document names the same users and habits again.
        if old == filing { return }
        for user in filing.users.subtracting(old?.users ?? []) { byUser[user, default: []].insert(key) }
        for habit in filing.habits.subtracting(old?.habits ?? []) { byHabit[habit, default: []].insert(key) }
        if let old {
            for user in old.users.subtracting(filing.users) { Self.take(key, from: &byUser, at: user) }
            for habit in old.habits.subtracting(filing.habits) { Self.take(key, from: &byHabit, at: habit) }
        }
        if filing.programs { programReaders.insert(key) } else { programReaders.remove(key) }
        if filing.help { helpReaders.insert(key) } else { helpReaders.remove(key) }
    }

    /// Takes `key` out.
    ///
    /// - Complexity: O(u + h) for the users and habits its reads named.
    public mutating func remove(_ key: Key) {
        guard let old = filed.removeValue(forKey: key) else { return }
        for user in old.users { Self.take(key, from: &byUser, at: user) }
        for habit in old.habits { Self.take(key, from: &byHabit, at: habit) }
        programReaders.remove(key)
        helpReaders.remove(key)
    }

    /// The keys whose reads `change` may affect, or nil when it may affect every one (a catalogue change).
    ///
    /// - Complexity: O(k) for the k keys filed under the change's users and habits.
    public func candidates(for change: StoreChange) -> Set<Key>? {
        if change.catalogue { return nil }
        var keys: Set<Key> = []
        func add(_ found: Set<Key>?) {
            if let found { keys.formUnion(found) }
        }
        for count in change.counts {
            add(byUser[count.userID])
            add(byHabit[count.habitID])
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
}

/// The users and habits a document's reads name, and whether it read programs or help: what
/// `ScreenReadIndex` files it under.
public struct ScreenReadNames: Equatable, Sendable {
    var users: Set<Int64>
    var habits: Set<Int64>
    var programs: Bool
    var help: Bool

    /// What `reads` name.
    ///
    /// - Complexity: O(r) for the r ids, pairs and probes of the reads.
    public init(_ reads: ScreenDependencies) {
        users = reads.usersRead
        habits = reads.habitsRead
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

    /// Every habit these reads name.
    var habitsRead: Set<Int64> {
        var habits = wholeRankings.union(rankingThresholds.keys).union(rankProbes.keys).union(rankOnlyProbes.keys)
        for pair in userRanks.keys { habits.insert(pair.habitID) }
        return habits
    }
}
