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

    var users: [Int64: UserResource] = [:]
    var habits: [Int64: HabitResource] = [:]
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
    func byName(_ ids: some Sequence<Int64>) -> [UserResource] {
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

/// One random write of the screen property.
enum StoreOperation: CustomStringConvertible {
    case courseLog([LoggedHabit])
    case createLogs([LogDraft])
    case deleteLog(Int64)
    case deleteUser(Int64, cascade: Bool)
    case deleteHabit(Int64, cascade: Bool)
    case rename(Int64, String)
    case favorite(Int64, Int64, Bool)
    case follow(Int64, Int64, Bool)
    case createUser(String, String)
    case createHabit(String)
    case picture(String)

    /// Names that tie, differ only in case, and sort differently as bytes than as letters.
    static let names = ["Ada", "ada", "Ada", "Émile", "Zoë", "zoe", "Bob", "Åsa"]

    var description: String {
        switch self {
        case .courseLog(let events): "courseLog(\(events.map { "\($0.userID)/\($0.habitName)" }))"
        case .createLogs(let drafts): "createLogs(\(drafts.map { "\($0.userID)/\($0.habitID)" }))"
        case .deleteLog(let id): "deleteLog(\(id))"
        case .deleteUser(let id, let cascade): "deleteUser(\(id), cascade: \(cascade))"
        case .deleteHabit(let id, let cascade): "deleteHabit(\(id), cascade: \(cascade))"
        case .rename(let id, let name): "rename(\(id), \(name))"
        case .favorite(let user, let habit, let on): "favorite(\(user), \(habit), \(on))"
        case .follow(let user, let other, let on): "follow(\(user), \(other), \(on))"
        case .createUser(let key, let name): "createUser(\(key), \(name))"
        case .createHabit(let name): "createHabit(\(name))"
        case .picture(let key): "picture(\(key))"
        }
    }

    /// Whether the write, when it succeeds, changes users, categories or habits.
    var changesCatalogue: Bool {
        switch self {
        case .deleteUser, .deleteHabit, .rename, .createUser, .createHabit: true
        default: false
        }
    }

    /// A write drawn from what `state` holds; about one in eight refers to something unknown or refused.
    static func random(
        in state: StoreState, logIDs: [Int64], serial: Int, using random: inout SeededRandom
    ) -> StoreOperation {
        let users = state.users.keys.sorted()
        let habits = state.habits.keys.sorted()
        guard users.count >= 2, !habits.isEmpty else {
            if users.count < 2 { return .createUser("u\(serial)", names.randomElement(using: &random) ?? "Ada") }
            return .createHabit("Habit \(serial)")
        }
        func user() -> Int64 { users[Int.random(in: 0..<users.count, using: &random)] }
        func habit() -> Int64 { habits[Int.random(in: 0..<habits.count, using: &random)] }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25:
            let events = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                LoggedHabit(
                    userID: state.users[user()]?.key ?? "", habitName: state.habits[habit()]?.name ?? "",
                    timestamp: Fixture.now)
            }
            // Sometimes a batch names a user nobody has: the whole batch fails.
            return Int.random(in: 0..<10, using: &random) == 0
                ? .courseLog(events + [LoggedHabit(userID: "ghost", habitName: "Run", timestamp: Fixture.now)])
                : .courseLog(events)
        case 25..<45:
            let drafts = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                LogDraft(userID: user(), habitID: habit(), timestamp: Fixture.now)
            }
            return Int.random(in: 0..<10, using: &random) == 0
                ? .createLogs(drafts + [LogDraft(userID: user(), habitID: 999_999, timestamp: Fixture.now)])
                : .createLogs(drafts)
        case 45..<55:
            // Deleted logs stay in the list, so some deletions fail as not found.
            return .deleteLog(logIDs.randomElement(using: &random) ?? 1)
        case 55..<59: return .deleteUser(user(), cascade: Bool.random(using: &random))
        case 59..<62: return .deleteHabit(habit(), cascade: Bool.random(using: &random))
        case 62..<70: return .rename(user(), names.randomElement(using: &random) ?? "Ada")
        case 70..<80: return .favorite(user(), habit(), Int.random(in: 0..<3, using: &random) > 0)
        case 80..<90: return .follow(user(), user(), Int.random(in: 0..<3, using: &random) > 0)
        case 90..<94: return .createUser("u\(serial)", names.randomElement(using: &random) ?? "Ada")
        case 94..<97: return .createHabit("Habit \(serial)")
        default: return .picture(state.users[user()]?.key ?? "")
        }
    }

    /// Applies the write; returns whether it succeeded. Log ids it creates are appended to `logIDs`.
    func apply(to store: SQLiteHabitStore, categoryID: Int64, logIDs: inout [Int64]) async -> Bool {
        do {
            switch self {
            case .courseLog(let events): logIDs += try await store.log(events)
            case .createLogs(let drafts): logIDs += try await store.createLogs(drafts).map(\.id)
            case .deleteLog(let id): try await store.deleteLog(id: id)
            case .deleteUser(let id, let cascade): try await store.deleteUser(id: id, cascade: cascade)
            case .deleteHabit(let id, let cascade): try await store.deleteHabit(id: id, cascade: cascade)
            case .rename(let id, let name):
                _ = try await store.updateUser(id: id) { user in
                    var user = user
                    user.name = name
                    return user
                }
            case .favorite(let user, let habit, let on): try await store.setFavorite(userID: user, habitID: habit, on)
            case .follow(let user, let other, let on): try await store.setFollowing(userID: user, followedID: other, on)
            case .createUser(let key, let name):
                _ = try await store.createUser(
                    UserResource(id: 0, key: key, name: name, color: nil, bio: nil, timeZone: "UTC", locale: "en_US"))
            case .createHabit(let name):
                _ = try await store.createHabit(
                    HabitResource(id: 0, name: name, categoryID: categoryID, info: "", emoji: nil))
            case .picture(let key):
                try await store.setImage(StoredImage(contentType: "image/png", bytes: Data([1, 2, 3])), userID: key)
            }
            return true
        } catch {
            return false
        }
    }
}
