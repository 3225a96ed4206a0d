import Foundation
import HabitsDomain

/// A store kept in memory, with the same rules as the SQLite one. For unit tests only.
public actor InMemoryHabitStore: HabitStore {
    private struct Log { var userID: String; var habitName: String; var timestamp: Date }
    private struct Pair: Hashable { var userID: String; var habitName: String }

    private struct Contents {
        var usersByID: [String: User] = [:]
        var habitsByName: [String: Habit] = [:]
        var categoriesByName: [String: HabitsDomain.Category] = [:]
        var logsByID: [Int64: Log] = [:]
        var counts: [Pair: Int] = [:]
        var images: [String: StoredImage] = [:]
        var nextLogID: Int64 = 1
    }

    private var contents: Contents
    private nonisolated let revision = RevisionCounter(0)

    public init() { contents = Contents() }

    /// A store holding `content`.
    public init(content: StoreContent) throws {
        contents = try Self.contents(from: content)
    }

    private var usersByID: [String: User] { contents.usersByID }
    private var habitsByName: [String: Habit] { contents.habitsByName }

    public nonisolated func currentRevision() -> Int64 { revision.current }

    public func users() -> [User] { usersByID.values.sorted { $0.id < $1.id } }

    public func habits() -> [Habit] { habitsByName.values.sorted { $0.name < $1.name } }

    public func categories() -> [HabitsDomain.Category] { contents.categoriesByName.values.sorted { $0.name < $1.name } }

    public func statisticsSnapshot() -> StatisticsSnapshot {
        StatisticsSnapshot(
            revision: revision.current,
            users: Array(usersByID.values),
            habits: Array(habitsByName.values),
            counts: contents.counts.map { PairCount(userID: $0.key.userID, habitName: $0.key.habitName, count: $0.value) }
        )
    }

    @discardableResult
    public func log(_ event: LoggedHabit) throws -> Int64 {
        guard usersByID[event.userID] != nil else { throw HabitsError.notFound(kind: "user", id: event.userID) }
        guard habitsByName[event.habitName] != nil else { throw HabitsError.notFound(kind: "habit", id: event.habitName) }
        let id = contents.nextLogID
        contents.nextLogID += 1
        contents.logsByID[id] = Log(userID: event.userID, habitName: event.habitName, timestamp: event.timestamp)
        contents.counts[Pair(userID: event.userID, habitName: event.habitName), default: 0] += 1
        bump()
        return id
    }

    public func deleteLog(id: Int64) throws {
        guard let log = contents.logsByID.removeValue(forKey: id) else { throw HabitsError.notFound(kind: "log", id: String(id)) }
        let pair = Pair(userID: log.userID, habitName: log.habitName)
        let remaining = (contents.counts[pair] ?? 1) - 1
        contents.counts[pair] = remaining > 0 ? remaining : nil
        bump()
    }

    public func image(userID: String) throws -> StoredImage? {
        guard usersByID[userID] != nil else { throw HabitsError.notFound(kind: "user", id: userID) }
        return contents.images[userID]
    }

    public func setImage(_ image: StoredImage, userID: String) throws {
        guard usersByID[userID] != nil else { throw HabitsError.notFound(kind: "user", id: userID) }
        contents.images[userID] = image
    }

    public func isEmpty() -> Bool { usersByID.isEmpty && habitsByName.isEmpty }

    public func replaceAll(with content: StoreContent) throws {
        contents = try Self.contents(from: content)
        bump()
    }

    public func ping() {}

    private static func contents(from content: StoreContent) throws -> Contents {
        // Validate everything first so a failed load changes nothing.
        let users = Dictionary(content.users.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        let habits = Dictionary(content.habits.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        var logs: [Int64: Log] = [:]
        var counts: [Pair: Int] = [:]
        var id: Int64 = 1
        for log in content.logs {
            guard users[log.userID] != nil else { throw HabitsError.notFound(kind: "user", id: log.userID) }
            guard habits[log.habitName] != nil else { throw HabitsError.notFound(kind: "habit", id: log.habitName) }
            logs[id] = Log(userID: log.userID, habitName: log.habitName, timestamp: log.timestamp)
            counts[Pair(userID: log.userID, habitName: log.habitName), default: 0] += 1
            id += 1
        }
        for key in content.images.keys where users[key] == nil {
            throw HabitsError.notFound(kind: "user", id: key)
        }
        return Contents(
            usersByID: users,
            habitsByName: habits,
            categoriesByName: Dictionary(content.categories.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last }),
            logsByID: logs,
            counts: counts,
            images: content.images,
            nextLogID: id
        )
    }

    private func bump() { revision.raise(to: revision.current + 1) }
}
