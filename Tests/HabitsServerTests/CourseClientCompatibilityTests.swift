import Foundation
import HabitsDemo
import HabitsDomain
import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Plays the course app against a real SQLite store: random logs through `POST /loggedHabit`, then
/// every response decoded with the app's own structs, and `/combinedStats` checked the way the app
/// force-unwraps it.
@Suite struct CourseClientCompatibilityTests {
    @Test func combinedStatsStayConsistentAfterRandomLogs() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habits-compat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteHabitStore(path: folder.appendingPathComponent("habits.sqlite").path)
        try await store.replaceAll(with: Fixture.content())
        let app = makeApplication(store: store)
        try await app.test(.router) { client in
            var random = SeededRandom(seed: 2026)
            var expected: [String: Int] = [:]
            let users = try await client.execute(uri: "/users", method: .get) {
                try decode([String: CourseClient.User].self, $0)
            }
            let habits = try await client.execute(uri: "/habits", method: .get) {
                try decode([String: CourseClient.Habit].self, $0)
            }
            for round in 0..<6 {
                for _ in 0..<40 {
                    let user = users.keys.sorted().randomElement(using: &random)!
                    let habit = habits.keys.sorted().randomElement(using: &random)!
                    let event = CourseClient.LoggedHabit(
                        userID: user, habitName: habit,
                        timestamp: Fixture.now.addingTimeInterval(-Double.random(in: 0...86_400, using: &random)))
                    try await client.execute(
                        uri: "/loggedHabit", method: .post, headers: CourseClient.postHeaders, body: try jsonBody(event)
                    ) { response throws in
                        #expect(response.status == .ok)
                    }
                    expected["\(user)|\(habit)", default: 0] += 1
                }
                let stats = try await client.execute(uri: "/combinedStats", method: .get) {
                    try decode(CourseClient.CombinedStatistics.self, $0)
                }
                #expect(Self.pairs(of: stats) == expected, "round \(round)")

                // The app's own lookups: every pair on one side is found, with the same count, on the other.
                for userStatistics in stats.userStatistics {
                    for habitCount in userStatistics.habitCounts {
                        let habitStatistics = stats.habitStatistics.first { $0.habit == habitCount.habit }!
                        let userCount = habitStatistics.userCounts.first { $0.user == userStatistics.user }!
                        #expect(userCount.count == habitCount.count)
                    }
                }
                #expect(Set(stats.userStatistics.map(\.user.id)) == Set(users.keys))
                #expect(Set(stats.habitStatistics.map(\.habit.name)) == Set(habits.keys))
            }
        }
    }

    static func pairs(of stats: CourseClient.CombinedStatistics) -> [String: Int] {
        var fromUsers: [String: Int] = [:]
        for statistic in stats.userStatistics {
            for pair in statistic.habitCounts {
                #expect(fromUsers.updateValue(pair.count, forKey: "\(statistic.user.id)|\(pair.habit.name)") == nil)
            }
        }
        var fromHabits: [String: Int] = [:]
        for statistic in stats.habitStatistics {
            for pair in statistic.userCounts {
                #expect(fromHabits.updateValue(pair.count, forKey: "\(pair.user.id)|\(statistic.habit.name)") == nil)
            }
        }
        #expect(fromUsers == fromHabits)
        return fromUsers
    }
}

@Suite struct CourseClientURLTests {
    /// The app joins names with "," into one query item and lets `URLComponents` encode it.
    static func habitStatsURI(names: [String]) throws -> String {
        var components = try #require(URLComponents(string: "http://localhost:8080"))
        components.path = "/habitStats"
        components.queryItems = [URLQueryItem(name: "names", value: names.joined(separator: ","))]
        return components.percentEncodedPath + "?" + (components.percentEncodedQuery ?? "")
    }

    @Test func everyDemoHabitIsReachableAsTheAppAsksForIt() async throws {
        let demo = DemoDataSet(now: Fixture.now)
        let app = makeApplication(store: try await SQLiteHabitStore.temporary(content: StoreContent(demo: demo)))
        let names = demo.habits.map(\.name)
        try await app.test(.router) { client in
            for name in names {
                try await client.execute(uri: try Self.habitStatsURI(names: [name]), method: .get) { response throws in
                    #expect(response.status == .ok, "\(name)")
                    #expect(try decode([CourseClient.HabitStatistics].self, response).map(\.habit.name) == [name])
                }
            }
            try await client.execute(uri: try Self.habitStatsURI(names: names.reversed()), method: .get) {
                response throws in
                #expect(try decode([CourseClient.HabitStatistics].self, response).map(\.habit.name) == names.reversed())
            }
        }
    }
}
