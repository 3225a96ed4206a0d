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

@Suite struct CourseAPIReadTests {
    let logs = [
        CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now),
        CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now),
        CourseAPI.LoggedHabit(userID: "user2", habitName: "Run", timestamp: Fixture.now),
        CourseAPI.LoggedHabit(userID: "user2", habitName: "Deep breathing", timestamp: Fixture.now),
    ]

    @Test func usersAreAnObjectKeyedByIDWithAbsentOptionalsOmitted() async throws {
        let app = makeApplication(store: try await SQLiteHabitStore.temporary(content: Fixture.content()))
        try await app.test(.router) { client in
            try await client.execute(uri: "/users", method: .get) { response throws in
                #expect(response.status == .ok)
                let users = try decode([String: CourseClient.User].self, response)
                #expect(users.keys.sorted() == ["user0", "user1", "user2", "user3", "user4"])
                #expect(users["user0"]?.bio == nil)
                #expect(users["user1"]?.bio == "Bio 1")
                #expect(!String(buffer: response.body).contains("null"))
            }
        }
    }

    @Test func habitsAreKeyedByNameAndCategoriesAreAnArray() async throws {
        let app = makeApplication(store: try await SQLiteHabitStore.temporary(content: Fixture.content()))
        try await app.test(.router) { client in
            try await client.execute(uri: "/habits", method: .get) { response throws in
                #expect(response.status == .ok)
                let habits = try decode([String: CourseClient.Habit].self, response)
                #expect(habits["Deep breathing"]?.info == "About Deep breathing")
                #expect(habits.count == 4)
            }
            try await client.execute(uri: "/categories", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(try decode([CourseClient.Category].self, response).map(\.name) == ["Health"])
            }
        }
    }

    @Test func combinedStatsAreConsistentAndNeverCached() async throws {
        let app = makeApplication(store: try await SQLiteHabitStore.temporary(content: Fixture.content(logs: logs)))
        try await app.test(.router) { client in
            try await client.execute(uri: "/combinedStats", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-store")
                let stats = try decode(CourseClient.CombinedStatistics.self, response)
                #expect(stats.userStatistics.count == 5)
                #expect(stats.habitStatistics.count == 4)
                let run = try #require(stats.habitStatistics.first { $0.habit.name == "Run" })
                #expect(run.userCounts.map(\.user.id) == ["user1", "user2"])
                #expect(run.userCounts.map(\.count) == [2, 1])
                #expect(stats.habitStatistics.first { $0.habit.name == "Swim" }?.userCounts.isEmpty == true)
            }
        }
    }

    @Test func habitStatsFollowTheNamesAskedPercentEncoded() async throws {
        let app = makeApplication(store: try await SQLiteHabitStore.temporary(content: Fixture.content(logs: logs)))
        try await app.test(.router) { client in
            try await client.execute(uri: "/habitStats?names=Deep%20breathing,Run", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-store")
                let stats = try decode([CourseClient.HabitStatistics].self, response)
                #expect(stats.map(\.habit.name) == ["Deep breathing", "Run"])
                #expect(stats[0].userCounts.map(\.user.id) == ["user2"])
            }
            try await client.execute(uri: "/habitStats", method: .get) { response throws in
                #expect(
                    try decode([CourseClient.HabitStatistics].self, response).map(\.habit.name) == [
                        "Deep breathing", "Read", "Run", "Swim",
                    ])
            }
            try await client.execute(uri: "/habitStats?names=Swim", method: .get) { response throws in
                let stats = try decode([CourseClient.HabitStatistics].self, response)
                #expect(stats.count == 1 && stats[0].userCounts.isEmpty)
            }
            try await client.execute(uri: "/habitStats?names=Run,Fly", method: .get) { response throws in
                try expectError(response, .notFound, code: "habit_not_found")
            }
        }
    }

    @Test func userStatsFollowTheIDsAsked() async throws {
        let app = makeApplication(store: try await SQLiteHabitStore.temporary(content: Fixture.content(logs: logs)))
        try await app.test(.router) { client in
            try await client.execute(uri: "/userStats?ids=user2,user0", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-store")
                let stats = try decode([CourseClient.UserStatistics].self, response)
                #expect(stats.map(\.user.id) == ["user2", "user0"])
                #expect(stats[0].habitCounts.map(\.habit.name) == ["Deep breathing", "Run"])
                #expect(stats[1].habitCounts.isEmpty)
            }
            try await client.execute(uri: "/userStats", method: .get) { response throws in
                #expect(try decode([CourseClient.UserStatistics].self, response).count == 5)
            }
            try await client.execute(uri: "/userStats?ids=ghost", method: .get) { response throws in
                try expectError(response, .notFound, code: "user_not_found")
            }
        }
    }

    @Test func leadingStatsListLedHabitsOrNothing() async throws {
        let app = makeApplication(store: try await SQLiteHabitStore.temporary(content: Fixture.content(logs: logs)))
        try await app.test(.router) { client in
            try await client.execute(uri: "/userLeadingStats/user1", method: .get) { response throws in
                #expect(response.status == .ok)
                let stats = try decode(CourseClient.UserStatistics.self, response)
                #expect(stats.habitCounts.map(\.habit.name) == ["Run"])
            }
            try await client.execute(uri: "/userLeadingStats/user2", method: .get) { response throws in
                #expect(
                    try decode(CourseClient.UserStatistics.self, response).habitCounts.map(\.habit.name) == [
                        "Deep breathing"
                    ])
            }
            try await client.execute(uri: "/userLeadingStats/user3", method: .get) { response throws in
                #expect(response.status == .ok)
                let stats = try decode(CourseClient.UserStatistics.self, response)
                #expect(stats.user.id == "user3" && stats.habitCounts.isEmpty)
            }
            try await client.execute(uri: "/userLeadingStats/ghost", method: .get) { response throws in
                try expectError(response, .notFound, code: "user_not_found")
            }
        }
    }

    @Test func unknownRoutesAnswerWithTheJSONErrorBody() async throws {
        let app = makeApplication(store: try await SQLiteHabitStore.temporary())
        try await app.test(.router) { client in
            try await client.execute(uri: "/nothing/here", method: .get) { response throws in
                try expectError(response, .notFound)
                #expect(response.headers[HTTPField.Name("X-Request-ID")!]?.isEmpty == false)
            }
        }
    }
}

@Suite struct PathParameterTests {
    @Test func percentEncodedIDsInPathsAreDecoded() async throws {
        var content = Fixture.content()
        content.users.append(CourseAPI.User(id: "zoë", name: "Zoë"))
        content.images["zoë"] = StoredImage(
            contentType: "image/png", bytes: Data(Avatar.png(for: CourseAPI.User(id: "zoë", name: "Zoë"), size: 8)))
        content.logs = [CourseAPI.LoggedHabit(userID: "zoë", habitName: "Swim", timestamp: Fixture.now)]
        let app = makeApplication(store: try await SQLiteHabitStore.temporary(content: content))
        try await app.test(.router) { client in
            try await client.execute(uri: "/images/zo%C3%AB", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
            }
            try await client.execute(uri: "/userLeadingStats/zo%C3%AB", method: .get) { response throws in
                let stats = try decode(CourseClient.UserStatistics.self, response)
                #expect(stats.user.id == "zoë")
                #expect(stats.habitCounts.map(\.habit.name) == ["Swim"])
            }
            try await client.execute(uri: "/userStats?ids=zo%C3%AB", method: .get) { response throws in
                #expect(try decode([CourseClient.UserStatistics].self, response).map(\.user.id) == ["zoë"])
            }
        }
    }
}
