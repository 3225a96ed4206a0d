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

@Suite struct CourseAPIWriteTests {
    @Test func aLoggedHabitCountsAtOnce() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let app = makeApplication(store: store)
        try await app.test(.router) { client in
            let event = CourseClient.LoggedHabit(
                userID: "user3", habitName: "Deep breathing", timestamp: Fixture.now.addingTimeInterval(-60))
            try await client.execute(
                uri: "/loggedHabit", method: .post, headers: CourseClient.postHeaders, body: try jsonBody(event)
            ) { response throws in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/userStats?ids=user3", method: .get) { response throws in
                let stats = try decode([CourseClient.UserStatistics].self, response)
                #expect(stats[0].habitCounts.map(\.count) == [1])
            }
        }
    }

    @Test func acceptsFractionalSecondsAndOffsets() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let app = makeApplication(store: store)
        try await app.test(.router) { client in
            for timestamp in ["2026-11-22T17:20:15.123Z", "2026-11-23T02:20:15+09:00"] {
                let body = ByteBuffer(string: #"{"userID":"user1","habitName":"Run","timestamp":"\#(timestamp)"}"#)
                try await client.execute(
                    uri: "/loggedHabit", method: .post, headers: CourseClient.postHeaders, body: body
                ) { response throws in
                    #expect(response.status == .ok, "\(timestamp)")
                }
            }
        }
        #expect(try await store.statisticsSnapshot().count(userID: "user1", habitName: "Run") == 2)
    }

    @Test func badLogsAreRejectedAndChangeNothing() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let app = makeApplication(store: store)
        let cases: [(String, ByteBuffer, HTTPResponse.Status, String)] = [
            (
                "unknown user",
                try jsonBody(CourseClient.LoggedHabit(userID: "ghost", habitName: "Run", timestamp: Fixture.now)),
                .notFound, "user_not_found"
            ),
            (
                "unknown habit",
                try jsonBody(CourseClient.LoggedHabit(userID: "user1", habitName: "Fly", timestamp: Fixture.now)),
                .notFound, "habit_not_found"
            ),
            (
                "future",
                try jsonBody(
                    CourseClient.LoggedHabit(
                        userID: "user1", habitName: "Run", timestamp: Fixture.now.addingTimeInterval(301))),
                .unprocessableContent, "invalid"
            ),
            ("malformed", ByteBuffer(string: #"{"userID": "user1", "#), .badRequest, "malformed_request"),
            (
                "missing field", ByteBuffer(string: #"{"userID":"user1","timestamp":"2026-11-22T17:20:15Z"}"#),
                .badRequest, "malformed_request"
            ),
            (
                "bad date", ByteBuffer(string: #"{"userID":"user1","habitName":"Run","timestamp":"yesterday"}"#),
                .badRequest, "malformed_request"
            ),
            (
                "a field twice",
                ByteBuffer(
                    string: #"{"userID":"user1","habitName":"Run","timestamp":"2026-11-22T17:20:15Z","userID":"u2"}"#),
                .badRequest, "malformed_request"
            ),
            (
                "oversized", ByteBuffer(repeating: UInt8(ascii: " "), count: 64 * 1024 + 1), .contentTooLarge,
                "payload_too_large"
            ),
        ]
        try await app.test(.router) { client in
            for (name, body, status, code) in cases {
                try await client.execute(
                    uri: "/loggedHabit", method: .post, headers: CourseClient.postHeaders, body: body
                ) { response throws in
                    #expect(response.status == status, "\(name)")
                    try expectError(response, status, code: code)
                }
            }
        }
        #expect(store.currentRevision() == 1, "only the fixture load bumped the revision")
        #expect(try await store.statisticsSnapshot().combined().userStatistics.allSatisfy { $0.habitCounts.isEmpty })
    }

    @Test func imagesAreServedWithTheirTypeAndCanBeReplaced() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let app = makeApplication(store: store)
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 7, count: 100)
        try await app.test(.router) { client in
            try await client.execute(uri: "/images/user1", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                #expect(Array(response.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            }
            try await client.execute(uri: "/images/user2", method: .get) { response throws in
                try expectError(response, .notFound, code: "image_not_found")
            }
            try await client.execute(uri: "/images/ghost", method: .get) { response throws in
                try expectError(response, .notFound, code: "user_not_found")
            }
            try await client.execute(uri: "/images/user2", method: .put, body: ByteBuffer(bytes: jpeg)) {
                response throws in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/images/user2", method: .get) { response throws in
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(Array(response.body.readableBytesView) == jpeg)
            }
            try await client.execute(uri: "/images/user2", method: .put, body: ByteBuffer(string: "GIF89a....")) {
                response throws in
                try expectError(response, .unsupportedMediaType, code: "unsupported_image")
            }
            let huge = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 2 * 1024 * 1024)
            try await client.execute(uri: "/images/user2", method: .put, body: ByteBuffer(bytes: huge)) {
                response throws in
                try expectError(response, .contentTooLarge)
            }
            try await client.execute(uri: "/images/ghost", method: .put, body: ByteBuffer(bytes: jpeg)) {
                response throws in
                try expectError(response, .notFound, code: "user_not_found")
            }
        }
        #expect(try await store.image(userID: "user2")?.bytes == Data(jpeg))
    }
}
