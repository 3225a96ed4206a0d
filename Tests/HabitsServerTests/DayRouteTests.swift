import Foundation
import HTTPTypes
import HabitsDomain
import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// The streak calendar's routes through the real app, with the clock stopped at `Fixture.now`
/// (2026-11-22T17:20:15Z).
@Suite struct DayRouteTests {
    /// A store with the fixture and a user in `zone`; the user's and the habit "Run"'s ids.
    static func store(zone: String) async throws -> (store: SQLiteHabitStore, user: Int64, habit: Int64) {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let user = try await store.createUser(
            User(id: 0, key: "zoe", name: "Zoe", color: nil, bio: nil, timeZone: zone, locale: "en_US"))
        let habit = try #require(try await store.habits(page: PageRequest(limit: 10)).items.first { $0.name == "Run" })
        return (store, user.id, habit.id)
    }

    struct Streak: Decodable, Equatable {
        var current: Int
        var longest: Int
        var today: String
        var todayDone: Bool
    }

    struct Days: Decodable, Equatable {
        var from: String
        var to: String
        var days: [String]
    }

    @Test func markingListingStreakAndUnmarking() async throws {
        let (store, user, habit) = try await Self.store(zone: "UTC")
        try await makeApplication(store: store).test(.router) { client in
            let base = "/v1/users/\(user)/habits/\(habit)"
            for day in ["2026-11-20", "2026-11-21", "2026-11-21"] {
                let marked = try await client.send("\(base)/days/\(day)", .put)
                #expect(marked.status == .noContent)
            }
            let open = try decode(Streak.self, try await client.send("\(base)/streak"))
            #expect(open == Streak(current: 2, longest: 2, today: "2026-11-22", todayDone: false))
            #expect(try await client.send("\(base)/days/2026-11-22", .put).status == .noContent)
            let streak = try await client.send("\(base)/streak")
            #expect(streak.headers[.cacheControl] == "no-store")
            #expect(
                try decode(Streak.self, streak) == Streak(current: 3, longest: 3, today: "2026-11-22", todayDone: true))
            let listed = try decode(Days.self, try await client.send("\(base)/days?from=2026-11-01&to=2026-11-30"))
            #expect(
                listed == Days(from: "2026-11-01", to: "2026-11-30", days: ["2026-11-20", "2026-11-21", "2026-11-22"]))
            // Marking twice added one log per day.
            let logs = try decodeV1(Page<Log>.self, try await client.send("/v1/users/\(user)/logs"))
            #expect(logs.items.count == 3)

            #expect(try await client.send("\(base)/days/2026-11-21", .delete).status == .noContent)
            let split = try decode(Streak.self, try await client.send("\(base)/streak"))
            #expect(split == Streak(current: 1, longest: 1, today: "2026-11-22", todayDone: true))
        }
    }

    @Test func theFutureIsRefusedAndNothingIsWritten() async throws {
        let (store, user, habit) = try await Self.store(zone: "UTC")
        try await makeApplication(store: store).test(.router) { client in
            let base = "/v1/users/\(user)/habits/\(habit)"
            for method in [HTTPRequest.Method.put, .delete] {
                let refused = try await client.send("\(base)/days/2026-11-23", method)
                try expectError(refused, .unprocessableContent, code: "future_day")
                #expect(try decode(ErrorBody.self, refused).error.message == "Can't mark a day in the future")
            }
            #expect(try decodeV1(Page<Log>.self, try await client.send("/v1/users/\(user)/logs")).items.isEmpty)
        }
    }

    @Test func aUserAheadOfUTCMayMarkTheirToday() async throws {
        // 17:20 UTC is 07:20 the next day in Kiritimati (UTC+14).
        let (store, user, habit) = try await Self.store(zone: "Pacific/Kiritimati")
        try await makeApplication(store: store).test(.router) { client in
            let base = "/v1/users/\(user)/habits/\(habit)"
            #expect(try await client.send("\(base)/days/2026-11-23", .put).status == .noContent)
            let streak = try decode(Streak.self, try await client.send("\(base)/streak"))
            #expect(streak == Streak(current: 1, longest: 1, today: "2026-11-23", todayDone: true))
            try expectError(
                try await client.send("\(base)/days/2026-11-24", .put), .unprocessableContent, code: "future_day")
        }
    }

    @Test func aLateCourseLogCountsOnTheUsersLocalDay() async throws {
        let (store, user, habit) = try await Self.store(zone: "America/New_York")
        try await makeApplication(store: store).test(.router) { client in
            // 22:30 in New York on 2026-11-21 is 03:30 UTC on the 22nd.
            try await log("zoe", "Run", client, at: "2026-11-22T03:30:00Z")
            let listed = try decode(
                Days.self, try await client.send("/v1/users/\(user)/habits/\(habit)/days?from=2026-11-21&to=2026-11-22")
            )
            #expect(listed.days == ["2026-11-21"])
        }
    }

    @Test(arguments: [
        ("/days/2026-02-30", HTTPRequest.Method.put, 400, "malformed_request"),
        ("/days/yesterday", .put, 400, "malformed_request"),
        ("/days/2026-11-1", .delete, 400, "malformed_request"),
        ("/days?from=2026-11-01", .get, 400, "malformed_request"),
        ("/days?from=2026-11-30&to=2026-11-01", .get, 422, "invalid"),
        ("/days?from=2025-01-01&to=2026-01-02", .get, 422, "invalid"),
        ("/days?from=2026-02-29&to=2026-03-01", .get, 400, "malformed_request"),
    ])
    func badDatesAndRangesAreClearErrors(path: String, method: HTTPRequest.Method, status: Int, code: String)
        async throws
    {
        let (store, user, habit) = try await Self.store(zone: "UTC")
        try await makeApplication(store: store).test(.router) { client in
            let response = try await client.send("/v1/users/\(user)/habits/\(habit)" + path, method)
            try expectError(response, HTTPResponse.Status(code: status), code: code)
        }
    }

    @Test func aYearOfDaysIsTheLongestListing() async throws {
        let (store, user, habit) = try await Self.store(zone: "UTC")
        try await makeApplication(store: store).test(.router) { client in
            let response = try await client.send("/v1/users/\(user)/habits/\(habit)/days?from=2024-01-01&to=2024-12-31")
            #expect(response.status == .ok)  // 366 days, a leap year
        }
    }

    @Test func unknownUsersAndHabitsAreNotFound() async throws {
        let (store, user, habit) = try await Self.store(zone: "UTC")
        try await makeApplication(store: store).test(.router) { client in
            try expectError(
                try await client.send("/v1/users/999/habits/\(habit)/days/2026-11-20", .put), .notFound,
                code: "user_not_found")
            try expectError(
                try await client.send("/v1/users/\(user)/habits/999/streak"), .notFound, code: "habit_not_found")
            try expectError(
                try await client.send("/v1/users/\(user)/habits/x/streak"), .badRequest, code: "malformed_request")
        }
    }
}
