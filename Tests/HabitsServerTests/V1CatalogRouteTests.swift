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

@Suite struct V1CatalogRouteTests {
    @Test func categoriesAreCreatedChangedListedAndDeleted() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let created = try await client.send(
                "/v1/categories", .post, body(#"{"name":"Focus","color":{"h":0.6,"s":0.5,"b":0.9}}"#))
            #expect(created.status == .created)
            let focus = try decodeV1(Category.self, created)
            #expect(created.headers[.location] == "/v1/categories/\(focus.id)")
            #expect(try decodeV1(Category.self, try await client.send("/v1/categories/\(focus.id)")) == focus)
            let renamed = try decodeV1(
                Category.self,
                try await client.send("/v1/categories/\(focus.id)", .patch, body(#"{"name":"Deep focus"}"#)))
            #expect(renamed.name == "Deep focus" && renamed.color == focus.color)
            #expect(
                try await client.all("/v1/categories", Category.self, limit: 1).map(\.name) == [
                    "Health", "Deep focus",
                ])
            let courseNames = try decode([CourseClient.Category].self, try await client.send("/categories")).map(\.name)
            #expect(courseNames.contains("Deep focus"))

            try expectError(
                try await client.send("/v1/categories", .post, body(#"{"name":"HEALTH","color":{"h":0,"s":0,"b":0}}"#)),
                .conflict, code: "conflict")
            try expectError(
                try await client.send("/v1/categories", .post, body(#"{"name":"X","color":{"h":0,"s":2,"b":0}}"#)),
                .unprocessableContent, code: "invalid")
            try expectError(
                try await client.send("/v1/categories", .post, body(#"{"name":"X"}"#)), .badRequest,
                code: "malformed_request")
            try expectError(
                try await client.send("/v1/categories/\(focus.id)", .patch, body(#"{"name":"health"}"#)), .conflict,
                code: "conflict")

            let health = try await client.all("/v1/categories", Category.self)[0]
            let inUse = try await client.send("/v1/categories/\(health.id)", .delete)
            try expectError(inUse, .conflict, code: "conflict")
            #expect(try decode(ErrorBody.self, inUse).error.message.contains("habit"))
            #expect(try await client.send("/v1/categories/\(focus.id)", .delete).status == .noContent)
            try expectError(try await client.send("/v1/categories/\(focus.id)"), .notFound, code: "category_not_found")
        }
    }

    @Test func habitsAreCreatedRenamedWithHistoryAndDeletedWithCascade() async throws {
        let store = try await SQLiteHabitStore.temporary(
            content: Fixture.content(logs: [
                CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now),
                CourseAPI.LoggedHabit(userID: "user2", habitName: "Run", timestamp: Fixture.now),
            ]))
        let run = try await habitID(store, named: "Run")
        try await makeApplication(store: store).test(.router) { client in
            let health = try await client.all("/v1/categories", Category.self)[0]
            let created = try await client.send(
                "/v1/habits", .post,
                body(#"{"name":"Cold shower","categoryID":\#(health.id),"description":"Brr","emoji":"🚿"}"#))
            #expect(created.status == .created)
            let shower = try decodeV1(Habit.self, created)
            #expect(shower.emoji == "🚿" && shower.info == "Brr")
            #expect(try decodeV1(Habit.self, try await client.send("/v1/habits/\(shower.id)")) == shower)
            let plain = try decodeV1(
                Habit.self, try await client.send("/v1/habits/\(shower.id)", .patch, body(#"{"emoji":null}"#)))
            #expect(plain.emoji == nil && plain.name == "Cold shower")

            // Renaming keeps the history: the course API shows the counts under the new name.
            #expect(try await client.send("/v1/habits/\(run)", .patch, body(#"{"name":"Jog"}"#)).status == .ok)
            let stats = try decode([CourseClient.HabitStatistics].self, try await client.send("/habitStats?names=Jog"))
            #expect(stats[0].userCounts.map(\.count) == [1, 1])
            try expectError(try await client.send("/habitStats?names=Run"), .notFound)
            #expect(
                try await client.send(
                    "/loggedHabit", .post,
                    try jsonBody(CourseClient.LoggedHabit(userID: "user1", habitName: "Jog", timestamp: Fixture.now))
                ).status == .ok)

            let badHabits: [(String, HTTPResponse.Status, String)] = [
                (#"{"name":"","categoryID":\#(health.id)}"#, .unprocessableContent, "invalid"),
                (#"{"name":"jog","categoryID":\#(health.id)}"#, .conflict, "conflict"),
                (#"{"name":"Fly","categoryID":424242}"#, .unprocessableContent, "invalid"),
                (#"{"name":"Fly","categoryID":\#(health.id),"emoji":"abc"}"#, .unprocessableContent, "invalid"),
                (
                    #"{"name":"Fly","categoryID":\#(health.id),"#
                        + #""description":"\#(String(repeating: "d", count: 1_001))"}"#,
                    .unprocessableContent, "invalid"
                ),
                (#"{"name":"Fly"}"#, .badRequest, "malformed_request"),
            ]
            for (json, status, code) in badHabits {
                try expectError(try await client.send("/v1/habits", .post, body(json)), status, code: code)
            }
            try expectError(
                try await client.send("/v1/habits/\(run)", .patch, body(#"{"categoryID":424242}"#)),
                .unprocessableContent, code: "invalid")
            try expectError(
                try await client.send("/v1/habits/\(run)", .patch, body(#"{"name":null}"#)), .badRequest,
                code: "malformed_request")
            try expectError(
                try await client.send("/v1/categories/\(health.id)", .patch, body(#"{"color":null}"#)), .badRequest,
                code: "malformed_request")

            let refused = try await client.send("/v1/habits/\(run)", .delete)
            try expectError(refused, .conflict, code: "conflict")
            #expect(try decode(ErrorBody.self, refused).error.message.contains("cascade=true"))
            #expect(try await client.send("/v1/habits/\(run)?cascade=true", .delete).status == .noContent)
            let combined = try decode(CourseClient.CombinedStatistics.self, try await client.send("/combinedStats"))
            #expect(combined.userStatistics.allSatisfy { $0.habitCounts.isEmpty })
            #expect(!combined.habitStatistics.contains { $0.habit.name == "Jog" })
            #expect(try await client.send("/v1/habits/\(shower.id)", .delete).status == .noContent)
            try expectError(try await client.send("/v1/habits/\(shower.id)"), .notFound, code: "habit_not_found")
            #expect(try await client.all("/v1/habits", Habit.self).count == 3)
        }
    }
}

@Suite struct V1LogRouteTests {
    @Test func logsAreCreatedReadListedByTimeAndDeleted() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let user1 = try await userID(store, key: "user1")
        let run = try await habitID(store, named: "Run")
        try await makeApplication(store: store).test(.router) { client in
            let single = try await client.send(
                "/v1/logs", .post,
                try v1Body(LogDraft(userID: user1, habitID: run, timestamp: Fixture.now.addingTimeInterval(-100))))
            #expect(single.status == .created)
            let log = try decodeV1(Log.self, single)
            #expect(single.headers[.location] == "/v1/logs/\(log.id)")
            #expect(try decodeV1(Log.self, try await client.send("/v1/logs/\(log.id)")) == log)

            let drafts = (1...5).map {
                LogDraft(userID: user1, habitID: run, timestamp: Fixture.now.addingTimeInterval(Double(-$0 * 1_000)))
            }
            let batch = try await client.send("/v1/logs/batch", .post, try v1Body(["logs": drafts]))
            #expect(batch.status == .created)
            #expect(try decodeV1([String: [Log]].self, batch)["logs"]?.count == 5)
            #expect(
                try decode([CourseClient.UserStatistics].self, try await client.send("/userStats?ids=user1"))[0]
                    .habitCounts.map(\.count) == [6])

            let from = ISO8601DateFormatter().string(from: Fixture.now.addingTimeInterval(-3_500))
            let listed = try await client.all("/v1/users/\(user1)/logs?from=\(from)", Log.self)
            #expect(listed.map { $0.timestamp.timeIntervalSince(Fixture.now) } == [-3_000, -2_000, -1_000, -100])

            #expect(try await client.send("/v1/logs/\(log.id)", .delete).status == .noContent)
            try expectError(try await client.send("/v1/logs/\(log.id)"), .notFound, code: "log_not_found")
            try expectError(try await client.send("/v1/logs/\(log.id)", .delete), .notFound, code: "log_not_found")
            #expect(
                try decode([CourseClient.UserStatistics].self, try await client.send("/userStats?ids=user1"))[0]
                    .habitCounts.map(\.count) == [5])
        }
    }

    @Test func badLogsAndBatchesAreRejectedAndChangeNothing() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let user1 = try await userID(store, key: "user1")
        let run = try await habitID(store, named: "Run")
        let good = LogDraft(userID: user1, habitID: run, timestamp: Fixture.now)
        let future = LogDraft(userID: user1, habitID: run, timestamp: Fixture.now.addingTimeInterval(301))
        let ghost = LogDraft(userID: 99_999, habitID: run, timestamp: Fixture.now)
        try await makeApplication(store: store).test(.router) { client in
            try expectError(
                try await client.send("/v1/logs", .post, try v1Body(future)), .unprocessableContent, code: "invalid")
            #expect(
                try await client.send(
                    "/v1/logs", .post,
                    try v1Body(LogDraft(userID: user1, habitID: run, timestamp: Fixture.now.addingTimeInterval(299)))
                ).status == .created)
            try expectError(
                try await client.send("/v1/logs", .post, try v1Body(ghost)), .notFound, code: "user_not_found")
            try expectError(
                try await client.send("/v1/logs", .post, body(#"{"userID":1,"habitID":2,"timestamp":"soon"}"#)),
                .badRequest, code: "malformed_request")
            let revision = store.currentRevision()

            let futureInBatch = try await client.send(
                "/v1/logs/batch", .post, try v1Body(["logs": [good, good, future]]))
            try expectError(futureInBatch, .unprocessableContent, code: "invalid")
            #expect(try decode(ErrorBody.self, futureInBatch).error.message.hasPrefix("logs[2].timestamp"))
            try expectError(
                try await client.send("/v1/logs/batch", .post, try v1Body(["logs": [good, ghost]])), .notFound,
                code: "user_not_found")
            try expectError(
                try await client.send("/v1/logs/batch", .post, try v1Body(["logs": [LogDraft]()])),
                .unprocessableContent, code: "invalid")
            let tooMany = Array(repeating: good, count: 1_001)
            try expectError(
                try await client.send("/v1/logs/batch", .post, try v1Body(["logs": tooMany])), .unprocessableContent,
                code: "invalid")
            let oversized = ByteBuffer(repeating: UInt8(ascii: " "), count: 1024 * 1024 + 1)
            try expectError(
                try await client.send("/v1/logs/batch", .post, oversized), .contentTooLarge, code: "payload_too_large")
            #expect(store.currentRevision() == revision, "no refused batch wrote anything")
            #expect(
                try await client.send(
                    "/v1/logs/batch", .post, try v1Body(["logs": Array(repeating: good, count: 1_000)])
                ).status == .created)

            try expectError(
                try await client.send("/v1/users/\(user1)/logs?from=yesterday"), .badRequest, code: "malformed_request")
            try expectError(
                try await client.send("/v1/users/\(user1)/logs?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z"),
                .unprocessableContent, code: "invalid")
            try expectError(try await client.send("/v1/users/99999/logs"), .notFound, code: "user_not_found")
            try expectError(try await client.send("/v1/logs/x"), .badRequest, code: "malformed_request")
        }
        #expect(try await store.statisticsSnapshot().count(userID: "user1", habitName: "Run") == 1_001)
    }
}
