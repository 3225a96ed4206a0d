import Foundation
import HabitsDomain
import HabitsStore

/// What a store holds that screens read (users, habits, counts, favourites, follows), with brute-force
/// answers to each screen read. The contract reads it from the `/v1` listings, SQLite's own tests from its
/// tables; both check the store's screen reads against it (`ScreenProperty`).
public struct ScreenModel: Sendable {
    public struct Pair: Hashable, Sendable {
        public var userID: Int64
        public var habitID: Int64

        public init(userID: Int64, habitID: Int64) {
            self.userID = userID
            self.habitID = habitID
        }
    }

    public var users: [Int64: User] = [:]
    public var habits: [Int64: Habit] = [:]
    public var counts: [Pair: Int] = [:]
    public var favorites: [Int64: Set<Int64>] = [:]
    public var followed: [Int64: Set<Int64>] = [:]

    public init() {}

    /// A habit's standings by brute force: count from highest, then name and key compared as bytes.
    public func standings(habitID: Int64) -> [Standing] {
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
    public func position(habitID: Int64, count: Int) -> RankPosition {
        let habitCounts = counts.filter { $0.key.habitID == habitID }.map(\.value)
        return RankPosition(
            rank: 1 + habitCounts.filter { $0 > count }.count, usersWithCount: habitCounts.filter { $0 == count }.count)
    }

    /// Users in a name-then-key order, compared as bytes, as `ScreenSource` documents its orders (and
    /// SQLite's BINARY collation compares).
    public func byName(_ ids: some Sequence<Int64>) -> [User] {
        ids.compactMap { users[$0] }.sorted { left, right in
            if left.name != right.name { return Self.bytesPrecede(left.name, right.name) }
            return Self.bytesPrecede(left.key, right.key)
        }
    }

    /// What changed from `self` to `later`: counts by pair, and whose favourites and follows differ.
    public func change(to later: ScreenModel) -> (
        counts: Set<CountChange>, favoritesOf: Set<Int64>, followsOf: Set<Int64>
    ) {
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

    public static func bytesPrecede(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }
}
