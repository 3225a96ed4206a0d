import Foundation
import HabitsDomain
import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// What the tests believe the server holds, kept from the requests' outcomes alone.
private struct Model {
    var users: [Int64: User] = [:]
    var categories: [Int64: Category] = [:]
    var habits: [Int64: Habit] = [:]
    var logs: [Int64: (user: Int64, habit: Int64)] = [:]

    /// The statistics the domain computes from the logs themselves, not from any counter.
    var snapshot: StatisticsSnapshot {
        var counts: [String: PairCount] = [:]
        for log in logs.values {
            guard let user = users[log.user], let habit = habits[log.habit] else { continue }
            counts[
                "\(user.key)\u{0}\(habit.name)", default: PairCount(userID: user.key, habitName: habit.name, count: 0)
            ].count += 1
        }
        let courseHabits = habits.values.compactMap { habit in
            categories[habit.categoryID].map {
                CourseAPI.Habit(name: habit.name, category: $0.courseCategory, info: habit.info)
            }
        }
        return StatisticsSnapshot(
            revision: 0, users: users.values.map(\.courseUser), habits: courseHabits, counts: Array(counts.values))
    }
}

@Suite struct V1PropertyTests {
    @Test(arguments: [(StoreKindForServer.memory, UInt64(1)), (.memory, 2), (.memory, 3), (.sqlite, 4), (.sqlite, 5)])
    func courseResponsesEqualWhatTheDomainComputesFromTheLogs(kind: StoreKindForServer, seed: UInt64) async throws {
        let (store, cleanup) = try await kind.make()
        defer { cleanup() }
        try await makeApplication(store: store).test(.router) { client in
            var model = Model()
            for user in try await store.users(page: PageRequest(limit: 200)).items { model.users[user.id] = user }
            for category in try await store.categories(page: PageRequest(limit: 200)).items {
                model.categories[category.id] = category
            }
            for habit in try await store.habits(page: PageRequest(limit: 200)).items { model.habits[habit.id] = habit }
            var random = SeededRandom(seed: seed)
            for step in 0..<150 {
                try await Self.randomWrite(step: step, client: client, model: &model, random: &random)
            }
            let expected = model.snapshot
            let decoder = HabitsJSON.decoder()
            func get<T: Decodable>(_ type: T.Type, _ uri: String) async throws -> T {
                let response = try await client.send(uri)
                #expect(response.status == .ok, "\(uri)")
                return try decoder.decode(T.self, from: Data(response.body.readableBytesView))
            }
            #expect(try await get(CourseAPI.CombinedStatistics.self, "/combinedStats") == expected.combined())
            #expect(
                try await get([String: CourseAPI.User].self, "/users")
                    == Dictionary(uniqueKeysWithValues: expected.users.map { ($0.id, $0) }))
            #expect(
                try await get([String: CourseAPI.Habit].self, "/habits")
                    == Dictionary(uniqueKeysWithValues: expected.habits.map { ($0.name, $0) }))
            #expect(
                Set(try await get([CourseAPI.Category].self, "/categories"))
                    == Set(model.categories.values.map(\.courseCategory)))
            #expect(try await get([CourseAPI.UserStatistics].self, "/userStats") == expected.userStatistics(ids: nil))
            #expect(
                try await get([CourseAPI.HabitStatistics].self, "/habitStats") == expected.habitStatistics(names: nil))
            for user in expected.users {
                let path = user.id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? user.id
                #expect(
                    try await get(CourseAPI.UserStatistics.self, "/userLeadingStats/\(path)")
                        == expected.leadingStatistics(userID: user.id))
            }
        }
    }

    /// One random write through `/v1` or the course API; the model follows only what succeeded.
    private static func randomWrite(
        step: Int, client: some TestClientProtocol, model: inout Model, random: inout SeededRandom
    ) async throws {
        let userIDs = model.users.keys.sorted()
        let habitIDs = model.habits.keys.sorted()
        let color = #"{"h":0.\#(Int.random(in: 0...9, using: &random)),"s":0.5,"b":0.5}"#
        switch Int.random(in: 0..<12, using: &random) {
        case 0:
            let response = try await client.send(
                "/v1/users", .post, body(#"{"key":"u\#(step)","name":"CourseAPI.User \#(step)","color":\#(color)}"#))
            let user = try decodeV1(User.self, response)
            model.users[user.id] = user
        case 1 where !userIDs.isEmpty:
            let id = userIDs.randomElement(using: &random) ?? 0
            let response = try await client.send(
                "/v1/users/\(id)", .patch, body(#"{"name":"Renamed \#(step)","bio":"Bio \#(step)"}"#))
            model.users[id] = try decodeV1(User.self, response)
        case 2:
            let category = model.categories.keys.sorted().randomElement(using: &random) ?? 0
            let response = try await client.send(
                "/v1/habits", .post,
                body(#"{"name":"CourseAPI.Habit \#(step)","categoryID":\#(category),"description":"About \#(step)"}"#))
            if response.status == .created {
                let habit = try decodeV1(Habit.self, response)
                model.habits[habit.id] = habit
            }
        case 3 where !habitIDs.isEmpty:
            // Sometimes a name another habit has (in another case): a 409 that must change nothing.
            let id = habitIDs.randomElement(using: &random) ?? 0
            let other = model.habits.values.randomElement(using: &random)?.name.uppercased() ?? "X"
            let name = Bool.random(using: &random) ? "Renamed habit \(step)" : other
            let response = try await client.send("/v1/habits/\(id)", .patch, body(#"{"name":"\#(name)"}"#))
            if response.status == .ok {
                model.habits[id] = try decodeV1(Habit.self, response)
            } else {
                #expect(response.status == .conflict)
            }
        case 4:
            let response = try await client.send(
                "/v1/categories", .post, body(#"{"name":"CourseAPI.Category \#(step)","color":\#(color)}"#))
            let category = try decodeV1(Category.self, response)
            model.categories[category.id] = category
        case 5 where !habitIDs.isEmpty:
            let id = habitIDs.randomElement(using: &random) ?? 0
            let cascade = Bool.random(using: &random)
            let response = try await client.send("/v1/habits/\(id)\(cascade ? "?cascade=true" : "")", .delete)
            let hasLogs = model.logs.values.contains { $0.habit == id }
            #expect(response.status == (hasLogs && !cascade ? .conflict : .noContent))
            if response.status == .noContent {
                model.habits[id] = nil
                model.logs = model.logs.filter { $0.value.habit != id }
            }
        case 6 where userIDs.count > 2:
            let id = userIDs.randomElement(using: &random) ?? 0
            let cascade = Bool.random(using: &random)
            let response = try await client.send("/v1/users/\(id)\(cascade ? "?cascade=true" : "")", .delete)
            let hasLogs = model.logs.values.contains { $0.user == id }
            #expect(response.status == (hasLogs && !cascade ? .conflict : .noContent))
            if response.status == .noContent {
                model.users[id] = nil
                model.logs = model.logs.filter { $0.value.user != id }
            }
        case 7 where !model.logs.isEmpty:
            let id = model.logs.keys.sorted().randomElement(using: &random) ?? 0
            #expect(try await client.send("/v1/logs/\(id)", .delete).status == .noContent)
            model.logs[id] = nil
        case 8 where !userIDs.isEmpty && !habitIDs.isEmpty:
            let drafts = (0..<Int.random(in: 1...20, using: &random)).map { _ in
                LogDraft(
                    userID: userIDs.randomElement(using: &random) ?? 0,
                    habitID: habitIDs.randomElement(using: &random) ?? 0,
                    timestamp: Fixture.now.addingTimeInterval(-Double(step)))
            }
            let response = try await client.send("/v1/logs/batch", .post, try v1Body(["logs": drafts]))
            for log in try decodeV1([String: [Log]].self, response)["logs"] ?? [] {
                model.logs[log.id] = (log.userID, log.habitID)
            }
        case _ where !userIDs.isEmpty && !habitIDs.isEmpty:
            // The course API logs by key and name; find the new log through /v1 to learn its id.
            let user = model.users[userIDs.randomElement(using: &random) ?? 0]
            let habit = model.habits[habitIDs.randomElement(using: &random) ?? 0]
            guard let user, let habit else { return }
            let event = CourseClient.LoggedHabit(
                userID: user.key, habitName: habit.name, timestamp: Fixture.now.addingTimeInterval(Double(step)))
            #expect(try await client.send("/loggedHabit", .post, try jsonBody(event)).status == .ok)
            let logs = try await client.all("/v1/users/\(user.id)/logs", Log.self, limit: 200)
            let known = Set(model.logs.keys)
            for log in logs where !known.contains(log.id) { model.logs[log.id] = (log.userID, log.habitID) }
        default:
            break
        }
    }
}

/// The stores a server test can run on.
enum StoreKindForServer: String, Sendable, CustomTestStringConvertible {
    case memory, sqlite

    var testDescription: String { rawValue }

    func make() async throws -> (any HabitStore, @Sendable () -> Void) {
        switch self {
        case .memory:
            return (try await SQLiteHabitStore.temporary(content: Fixture.content()), {})
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "habits-property-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let store = try SQLiteHabitStore(path: folder.appendingPathComponent("habits.sqlite").path)
            try await store.replaceAll(with: Fixture.content())
            return (store, { try? FileManager.default.removeItem(at: folder) })
        }
    }
}
