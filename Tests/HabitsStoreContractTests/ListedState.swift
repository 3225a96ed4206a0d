import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport

/// What the `/v1` listings say a store holds, with brute-force answers to what screens read: counts are
/// recounted from every user's logs, so a store's own counters are checked against its logs.
struct ListedState {
    struct Pair: Hashable {
        var userID: Int64
        var habitID: Int64
    }

    var users: [Int64: User] = [:]
    var habits: [Int64: Habit] = [:]
    var counts: [Pair: Int] = [:]
    var favorites: [Int64: Set<Int64>] = [:]
    var followed: [Int64: Set<Int64>] = [:]

    static func read(_ store: any HabitStore) async throws -> ListedState {
        var state = ListedState()
        let all = PageRequest(limit: PageRequest.maximumLimit)
        for user in try await store.users(page: all).items { state.users[user.id] = user }
        for habit in try await store.habits(page: all).items { state.habits[habit.id] = habit }
        for userID in state.users.keys {
            var cursor: PageCursor?
            repeat {
                let page = try await store.logs(
                    userID: userID, in: TimeRange(), page: PageRequest(after: cursor, limit: PageRequest.maximumLimit))
                for log in page.items { state.counts[Pair(userID: userID, habitID: log.habitID), default: 0] += 1 }
                cursor = try page.nextCursor.map { try PageCursor(encoded: $0) }
            } while cursor != nil
            let favorites = try await store.favorites(userID: userID, page: all).items.map(\.id)
            if !favorites.isEmpty { state.favorites[userID] = Set(favorites) }
            let followed = try await store.following(userID: userID, page: all).items.map(\.id)
            if !followed.isEmpty { state.followed[userID] = Set(followed) }
        }
        return state
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

    /// Users in a name-then-key order, compared as bytes, as `ScreenSource` documents its orders.
    func byName(_ ids: some Sequence<Int64>) -> [User] {
        ids.compactMap { users[$0] }.sorted { left, right in
            if left.name != right.name { return Self.bytesPrecede(left.name, right.name) }
            return Self.bytesPrecede(left.key, right.key)
        }
    }

    /// What changed from `self` to `later`: counts by pair, and whose favourites and follows differ.
    func change(to later: ListedState) -> (counts: Set<CountChange>, favoritesOf: Set<Int64>, followsOf: Set<Int64>) {
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
