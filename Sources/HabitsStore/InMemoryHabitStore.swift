import Foundation
import HabitsDomain

/// A store kept in memory, with the same rules as the SQLite one. For unit tests only.
///
/// Like the SQLite store it keys everything by internal ids, so renames keep history.
public actor InMemoryHabitStore: HabitStore {
    struct Pair: Hashable { var user: Int64; var habit: Int64 }

    struct Contents {
        var users: [Int64: UserResource] = [:]
        var categories: [Int64: CategoryResource] = [:]
        var habits: [Int64: HabitResource] = [:]
        var logs: [Int64: LogResource] = [:]
        var counts: [Pair: Int] = [:]
        var images: [Int64: StoredImage] = [:]
        var favorites: Set<Pair> = []
        var follows: Set<Pair> = []
        var nextID: Int64 = 1
        var nextLogID: Int64 = 1

        mutating func makeID() -> Int64 {
            defer { nextID += 1 }
            return nextID
        }

        func userID(key: String) -> Int64? { users.first { $0.value.key == key }?.key }
        func habitID(name: String) -> Int64? { habits.first { $0.value.name == name }?.key }

        func courseHabit(_ habit: HabitResource) -> Habit {
            let category = categories[habit.categoryID]?.courseCategory ?? Category(name: "", color: Color(hue: 0, saturation: 0, brightness: 0))
            return Habit(name: habit.name, category: category, info: habit.info)
        }

        mutating func insertLog(user: Int64, habit: Int64, at timestamp: Date) -> LogResource {
            let log = LogResource(id: nextLogID, userID: user, habitID: habit, timestamp: timestamp)
            nextLogID += 1
            logs[log.id] = log
            counts[Pair(user: user, habit: habit), default: 0] += 1
            return log
        }
    }

    var contents: Contents
    nonisolated let revision = RevisionCounter(0)

    public init() { contents = Contents() }

    /// A store holding `content`.
    public init(content: StoreContent) throws {
        contents = try Self.contents(from: content)
    }

    public nonisolated func currentRevision() -> Int64 { revision.current }

    public func users() -> [User] { contents.users.values.map(\.courseUser).sorted { $0.id < $1.id } }

    public func habits() -> [Habit] { contents.habits.values.map(contents.courseHabit).sorted { $0.name < $1.name } }

    public func categories() -> [HabitsDomain.Category] { contents.categories.values.map(\.courseCategory).sorted { $0.name < $1.name } }

    public func statisticsSnapshot() -> StatisticsSnapshot {
        StatisticsSnapshot(
            revision: revision.current,
            users: users(),
            habits: habits(),
            counts: contents.counts.compactMap { pair, count in
                guard let user = contents.users[pair.user], let habit = contents.habits[pair.habit] else { return nil }
                return PairCount(userID: user.key, habitName: habit.name, count: count)
            }
        )
    }

    @discardableResult
    public func log(_ events: [LoggedHabit]) throws -> [Int64] {
        // Resolve every reference first, so a failing batch changes nothing.
        let resolved = try events.map { event throws -> (Int64, Int64, Date) in
            guard let user = contents.userID(key: event.userID) else { throw HabitsError.notFound(kind: "user", id: event.userID) }
            guard let habit = contents.habitID(name: event.habitName) else { throw HabitsError.notFound(kind: "habit", id: event.habitName) }
            return (user, habit, event.timestamp)
        }
        guard !resolved.isEmpty else { return [] }
        let ids = resolved.map { contents.insertLog(user: $0.0, habit: $0.1, at: $0.2).id }
        bump()
        return ids
    }

    public func deleteLog(id: Int64) throws {
        guard let log = contents.logs.removeValue(forKey: id) else { throw HabitsError.notFound(kind: "log", id: String(id)) }
        let pair = Pair(user: log.userID, habit: log.habitID)
        let remaining = (contents.counts[pair] ?? 1) - 1
        contents.counts[pair] = remaining > 0 ? remaining : nil
        bump()
    }

    public func image(userID: String) throws -> StoredImage? {
        guard let id = contents.userID(key: userID) else { throw HabitsError.notFound(kind: "user", id: userID) }
        return contents.images[id]
    }

    public func setImage(_ image: StoredImage, userID: String) throws {
        guard let id = contents.userID(key: userID) else { throw HabitsError.notFound(kind: "user", id: userID) }
        contents.images[id] = image
    }

    public func isEmpty() -> Bool { contents.users.isEmpty && contents.habits.isEmpty }

    public func replaceAll(with content: StoreContent) throws {
        contents = try Self.contents(from: content)
        bump()
    }

    public func ping() {}

    /// Counters recomputed from the logs, keyed as the course API names them.
    public func recountFromLogs() -> [PairCount] {
        var counts: [Pair: Int] = [:]
        for log in contents.logs.values { counts[Pair(user: log.userID, habit: log.habitID), default: 0] += 1 }
        return counts.compactMap { pair, count in
            guard let user = contents.users[pair.user], let habit = contents.habits[pair.habit] else { return nil }
            return PairCount(userID: user.key, habitName: habit.name, count: count)
        }
    }

    private static func contents(from content: StoreContent) throws -> Contents {
        // Build everything first so a failed load changes nothing.
        var contents = Contents()
        var categoryIDs: [String: Int64] = [:]
        for category in content.categories {
            let id = contents.makeID()
            contents.categories[id] = CategoryResource(id: id, name: category.name, color: category.color)
            categoryIDs[category.name] = id
        }
        var userIDs: [String: Int64] = [:]
        for user in content.users {
            let id = contents.makeID()
            contents.users[id] = UserResource(id: id, key: user.id, name: user.name, color: user.color, bio: user.bio, timeZone: "UTC", locale: "en_US")
            userIDs[user.id] = id
        }
        var habitIDs: [String: Int64] = [:]
        for habit in content.habits {
            guard let category = categoryIDs[habit.category.name] else { throw HabitsError.notFound(kind: "category", id: habit.category.name) }
            let id = contents.makeID()
            contents.habits[id] = HabitResource(id: id, name: habit.name, categoryID: category, info: habit.info, emoji: nil)
            habitIDs[habit.name] = id
        }
        for log in content.logs {
            guard let user = userIDs[log.userID] else { throw HabitsError.notFound(kind: "user", id: log.userID) }
            guard let habit = habitIDs[log.habitName] else { throw HabitsError.notFound(kind: "habit", id: log.habitName) }
            _ = contents.insertLog(user: user, habit: habit, at: log.timestamp)
        }
        for (key, image) in content.images {
            guard let user = userIDs[key] else { throw HabitsError.notFound(kind: "user", id: key) }
            contents.images[user] = image
        }
        return contents
    }

    func bump() { revision.raise(to: revision.current + 1) }
}
