import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport

/// What the screen property reads back from the store after every write, and computes by brute force.
struct StoreState {
    struct Pair: Hashable {
        var userID: Int64
        var habitID: Int64
    }

    var users: [Int64: User] = [:]
    var habits: [Int64: Habit] = [:]
    var counts: [Pair: Int] = [:]
    var counters: [StoredCounter] = []
    var levels: [CountLevel] = []
    var follows: [StoredFollow] = []
    var favorites: [Int64: Set<Int64>] = [:]
    var followed: [Int64: Set<Int64>] = [:]

    static func read(_ store: SQLiteHabitStore) async throws -> StoreState {
        var state = StoreState()
        for user in try await store.users(page: PageRequest(limit: PageRequest.maximumLimit)).items {
            state.users[user.id] = user
        }
        for habit in try await store.habits(page: PageRequest(limit: PageRequest.maximumLimit)).items {
            state.habits[habit.id] = habit
        }
        state.counters = try await store.storedCounters()
        for counter in state.counters {
            state.counts[Pair(userID: counter.userID, habitID: counter.habitID)] = counter.count
        }
        state.levels = try await store.storedLevels()
        state.follows = try await store.storedFollows()
        for follow in state.follows { state.followed[follow.followerID, default: []].insert(follow.followedID) }
        for favorite in try await store.storedFavorites() {
            state.favorites[favorite.userID, default: []].insert(favorite.habitID)
        }
        return state
    }

    /// The levels recounted from the counters.
    var recountedLevels: Set<CountLevel> { Self.levels(of: counters) }

    /// The levels that `counters` make: per habit and count, how many users have that count.
    static func levels(of counters: [StoredCounter]) -> Set<CountLevel> {
        var users: [Int64: [Int: Int]] = [:]
        for counter in counters { users[counter.habitID, default: [:]][counter.count, default: 0] += 1 }
        return Set(users.flatMap { habit, levels in
            levels.map { CountLevel(habitID: habit, count: $0.key, users: $0.value) }
        })
    }

    /// A habit's standings by brute force: count from highest, then name and key compared as bytes.
    func standings(habitID: Int64) -> [Standing] {
        counts.compactMap { pair, count -> Standing? in
            guard pair.habitID == habitID, let user = users[pair.userID] else { return nil }
            return Standing(user: user, count: count)
        }.sorted { left, right in
            if left.count != right.count { return left.count > right.count }
            if left.user.name != right.user.name { return Self.bytesPrecede(left.user.name, right.user.name) }
            return Self.bytesPrecede(left.user.key, right.user.key)
        }
    }

    /// Where `count` places among a habit's counts, by brute force.
    func position(habitID: Int64, count: Int) -> RankPosition {
        let habitCounts = counts.filter { $0.key.habitID == habitID }.map(\.value)
        return RankPosition(
            rank: 1 + habitCounts.filter { $0 > count }.count, usersWithCount: habitCounts.filter { $0 == count }.count)
    }

    /// Users in a name-then-key order, compared as bytes as SQLite's BINARY collation compares them.
    func byName(_ ids: some Sequence<Int64>) -> [User] {
        ids.compactMap { users[$0] }.sorted { left, right in
            if left.name != right.name { return Self.bytesPrecede(left.name, right.name) }
            return Self.bytesPrecede(left.key, right.key)
        }
    }

    /// What changed from `self` to `later`: counts by pair, and whose favourites and follows differ.
    func change(to later: StoreState) -> (counts: Set<CountChange>, favoritesOf: Set<Int64>, followsOf: Set<Int64>) {
        var counts = Set<CountChange>()
        for pair in Set(self.counts.keys).union(later.counts.keys) {
            let before = self.counts[pair] ?? 0
            let after = later.counts[pair] ?? 0
            if before != after {
                counts.insert(CountChange(userID: pair.userID, habitID: pair.habitID, before: before, after: after))
            }
        }
        func differing(_ old: [Int64: Set<Int64>], _ new: [Int64: Set<Int64>]) -> Set<Int64> {
            Set(Set(old.keys).union(new.keys).filter { (old[$0] ?? []) != (new[$0] ?? []) })
        }
        return (counts, differing(favorites, later.favorites), differing(followed, later.followed))
    }

    static func bytesPrecede(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }
}
