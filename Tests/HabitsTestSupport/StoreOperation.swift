import Foundation
import HabitsDomain
import HabitsStore

/// One random write of the screen property.
public enum StoreOperation: CustomStringConvertible, Sendable {
    case courseLog([CourseAPI.LoggedHabit])
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
    public static let names = ["Ada", "ada", "Ada", "Émile", "Zoë", "zoe", "Bob", "Åsa"]

    public var description: String {
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
    public var changesCatalogue: Bool {
        switch self {
        case .deleteUser, .deleteHabit, .rename, .createUser, .createHabit: true
        default: false
        }
    }

    /// A write drawn from the users and habits a store holds; about one in eight refers to something
    /// unknown or refused.
    public static func random(
        users userResources: [Int64: User], habits habitResources: [Int64: Habit], logIDs: [Int64],
        serial: Int, using random: inout SeededRandom
    ) -> StoreOperation {
        let users = userResources.keys.sorted()
        let habits = habitResources.keys.sorted()
        guard users.count >= 2, !habits.isEmpty else {
            if users.count < 2 { return .createUser("u\(serial)", names.randomElement(using: &random) ?? "Ada") }
            return .createHabit("Habit \(serial)")
        }
        func user() -> Int64 { users[Int.random(in: 0..<users.count, using: &random)] }
        func habit() -> Int64 { habits[Int.random(in: 0..<habits.count, using: &random)] }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25:
            let events = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                CourseAPI.LoggedHabit(
                    userID: userResources[user()]?.key ?? "", habitName: habitResources[habit()]?.name ?? "",
                    timestamp: Fixture.now)
            }
            // Sometimes a batch names a user nobody has: the whole batch fails.
            return Int.random(in: 0..<10, using: &random) == 0
                ? .courseLog(events + [CourseAPI.LoggedHabit(userID: "ghost", habitName: "Run",
                    timestamp: Fixture.now)])
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
        default: return .picture(userResources[user()]?.key ?? "")
        }
    }

    /// Applies the write; returns whether it succeeded. Log ids it creates are appended to `logIDs`.
    public func apply(to store: any HabitStore, categoryID: Int64, logIDs: inout [Int64]) async -> Bool {
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
                    User(id: 0, key: key, name: name, color: nil, bio: nil, timeZone: "UTC", locale: "en_US"))
            case .createHabit(let name):
                _ = try await store.createHabit(
                    Habit(id: 0, name: name, categoryID: categoryID, info: "", emoji: nil))
            case .picture(let key):
                try await store.setImage(StoredImage(contentType: "image/png", bytes: Data([1, 2, 3])), userID: key)
            }
            return true
        } catch {
            return false
        }
    }
}

extension StoreOperation {
    /// The screen property's last writes, which flush the feed whatever it holds: logs of `habitID` by
    /// `userID` now, one at a time, until `showsChange` says the state `read` gives after one leaves
    /// something to report; that state. One log may not do: it can undo what is pending (a log of the same
    /// pair deleted since the feed was last read), and a change that nets to nothing is never reported.
    public static func logUntilChanged<State>(
        _ store: some ResourceStore, userID: Int64, habitID: Int64,
        read: () async throws -> State, showsChange: (State) -> Bool
    ) async throws -> State {
        while true {
            _ = try await store.createLogs([LogDraft(userID: userID, habitID: habitID, timestamp: Fixture.now)])
            let state = try await read()
            if showsChange(state) { return state }
        }
    }
}
