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

@Suite struct V1UserRouteTests {
    @Test func usersAreCreatedReadChangedListedAndDeleted() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let created = try await client.send(
                "/v1/users", .post,
                body(
                    #"{"key":"sam","name":"  Sam Lee  ","color":{"h":0.5,"s":0.5,"b":0.5},"#
                        + #""timeZone":"Asia/Tokyo","locale":"ja_JP"}"#
                ))
            #expect(created.status == .created)
            let sam = try decodeV1(User.self, created)
            #expect(created.headers[.location] == "/v1/users/\(sam.id)")
            #expect(sam.name == "Sam Lee", "names are trimmed")
            #expect(sam.timeZone == "Asia/Tokyo" && sam.locale == "ja_JP")

            let defaults = try decodeV1(
                User.self, try await client.send("/v1/users", .post, body(#"{"name":"Kim"}"#)))
            #expect(defaults.timeZone == "UTC" && defaults.locale == "en_US" && !defaults.key.isEmpty)

            #expect(try decodeV1(User.self, try await client.send("/v1/users/\(sam.id)")) == sam)

            let patched = try await client.send(
                "/v1/users/\(sam.id)", .patch, body(#"{"name":"Samuel","bio":"Hi","color":null}"#))
            #expect(patched.status == .ok)
            let samuel = try decodeV1(User.self, patched)
            #expect(samuel.name == "Samuel" && samuel.bio == "Hi" && samuel.color == nil && samuel.key == "sam")

            // The course API sees the rename under the same key.
            let courseUsers = try decode([String: CourseClient.User].self, try await client.send("/users"))
            #expect(courseUsers["sam"]?.name == "Samuel")

            let listed = try await client.all("/v1/users", User.self)
            #expect(listed.count == 7)
            #expect(listed.map(\.id) == listed.map(\.id).sorted())

            #expect(try await client.send("/v1/users/\(sam.id)", .delete).status == .noContent)
            try expectError(try await client.send("/v1/users/\(sam.id)"), .notFound, code: "user_not_found")
            try expectError(try await client.send("/v1/users/\(sam.id)", .delete), .notFound, code: "user_not_found")
        }
    }

    @Test func badUsersAreRejectedAndChangeNothing() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let cases: [(String, String, HTTPResponse.Status, String)] = [
            ("empty name", #"{"name":"   "}"#, .unprocessableContent, "invalid"),
            ("long name", #"{"name":"\#(String(repeating: "x", count: 101))"}"#, .unprocessableContent, "invalid"),
            ("bad colour", #"{"name":"A","color":{"h":1.5,"s":0,"b":0}}"#, .unprocessableContent, "invalid"),
            ("unknown zone", #"{"name":"A","timeZone":"Mars/Olympus"}"#, .unprocessableContent, "invalid"),
            ("bad locale", #"{"name":"A","locale":"english please"}"#, .unprocessableContent, "invalid"),
            ("bad key", #"{"name":"A","key":"a/b"}"#, .unprocessableContent, "invalid"),
            ("taken key", #"{"name":"A","key":"USER1"}"#, .conflict, "conflict"),
            (
                "long bio", #"{"name":"A","bio":"\#(String(repeating: "b", count: 1_001))"}"#, .unprocessableContent,
                "invalid"
            ),
            ("missing name", #"{"key":"x"}"#, .badRequest, "malformed_request"),
            ("not JSON", #"{"name":"#, .badRequest, "malformed_request"),
            ("wrong type", #"{"name":3}"#, .badRequest, "malformed_request"),
        ]
        try await makeApplication(store: store).test(.router) { client in
            for (label, json, status, code) in cases {
                let response = try await client.send("/v1/users", .post, body(json))
                #expect(response.status == status, "\(label)")
                try expectError(response, status, code: code)
            }
            let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: 64 * 1024 + 1)
            try expectError(
                try await client.send("/v1/users", .post, huge), .contentTooLarge, code: "payload_too_large")
            let user1 = try await userID(store, key: "user1")
            for json in [
                #"{"name":""}"#, #"{"timeZone":"Nowhere"}"#, #"{"color":{"h":0,"s":-1,"b":0}}"#, #"{"locale":"1"}"#,
            ] {
                try expectError(
                    try await client.send("/v1/users/\(user1)", .patch, body(json)), .unprocessableContent,
                    code: "invalid")
            }
            for json in [#"{"name":null}"#, #"{"timeZone":null}"#, #"{"locale":null}"#] {
                try expectError(
                    try await client.send("/v1/users/\(user1)", .patch, body(json)), .badRequest,
                    code: "malformed_request")
            }
            try expectError(try await client.send("/v1/users/abc"), .badRequest, code: "malformed_request")
            try expectError(try await client.send("/v1/users/99999"), .notFound, code: "user_not_found")
            try expectError(
                try await client.send("/v1/users/99999", .patch, body("{}")), .notFound, code: "user_not_found")
            try expectError(try await client.send("/v1/users?limit=0"), .unprocessableContent, code: "invalid")
            try expectError(try await client.send("/v1/users?limit=201"), .unprocessableContent, code: "invalid")
            try expectError(try await client.send("/v1/users?limit=ten"), .badRequest, code: "malformed_request")
            try expectError(try await client.send("/v1/users?cursor=%%%"), .badRequest, code: "malformed_request")
            try expectError(try await client.send("/v1/users?cursor=not-a-cursor"), .unprocessableContent,
                code: "invalid")
            try expectError(
                try await client.send("/v1/users/\(user1)?cascade=maybe", .delete), .badRequest,
                code: "malformed_request")
        }
        #expect(store.currentRevision() == 1, "no bad request wrote anything after the fixture load")
        #expect(try await store.users().map(\.name) == Fixture.content().users.map(\.name))
    }

    @Test func pagingAcrossInsertsSeesEveryUserOnce() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            var seen: [Int64] = []
            var cursor: String?
            var inserted = 0
            repeat {
                let uri = "/v1/users?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try decodeV1(Page<User>.self, try await client.send(uri))
                seen += page.items.map(\.id)
                cursor = page.nextCursor
                if inserted < 4 && cursor != nil {
                    _ = try await client.send("/v1/users", .post, body(#"{"name":"Late \#(inserted)"}"#))
                    inserted += 1
                }
            } while cursor != nil
            #expect(inserted == 3)
            #expect(seen.count == 5 + inserted, "users inserted behind the cursor are seen, none twice")
            #expect(Set(seen).count == seen.count)
            #expect(seen == seen.sorted())
        }
    }

    @Test func deletingAUserWithLogsNeedsCascade() async throws {
        let store = try await SQLiteHabitStore.temporary(
            content: Fixture.content(logs: [
                CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now),
                CourseAPI.LoggedHabit(userID: "user1", habitName: "Swim", timestamp: Fixture.now),
                CourseAPI.LoggedHabit(userID: "user2", habitName: "Run", timestamp: Fixture.now),
            ]))
        let user1 = try await userID(store, key: "user1")
        try await makeApplication(store: store).test(.router) { client in
            let refused = try await client.send("/v1/users/\(user1)", .delete)
            try expectError(refused, .conflict, code: "conflict")
            #expect(try decode(ErrorBody.self, refused).error.message.contains("cascade=true"))
            let before = try decode([CourseClient.HabitStatistics].self, try await client.send("/habitStats?names=Run"))
            #expect(before[0].userCounts.count == 2)

            #expect(try await client.send("/v1/users/\(user1)?cascade=true", .delete).status == .noContent)
            let after = try decode([CourseClient.HabitStatistics].self, try await client.send("/habitStats?names=Run"))
            #expect(
                after[0].userCounts.map(\.user.id) == ["user2"],
                "the counters and the statistics cache follow the cascade")
            try expectError(try await client.send("/userStats?ids=user1"), .notFound)
        }
    }

    @Test func favouritesAndFollowsArePutListedAndDeleted() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let user1 = try await userID(store, key: "user1")
        let user2 = try await userID(store, key: "user2")
        let run = try await habitID(store, named: "Run")
        try await makeApplication(store: store).test(.router) { client in
            #expect(try await client.send("/v1/users/\(user1)/favorites/\(run)", .put).status == .noContent)
            #expect(try await client.send("/v1/users/\(user1)/favorites/\(run)", .put).status == .noContent)
            #expect(try await client.all("/v1/users/\(user1)/favorites", Habit.self).map(\.id) == [run])
            #expect(try await client.send("/v1/users/\(user1)/favorites/\(run)", .delete).status == .noContent)
            #expect(try await client.all("/v1/users/\(user1)/favorites", Habit.self).isEmpty)
            try expectError(
                try await client.send("/v1/users/\(user1)/favorites/99999", .put), .notFound, code: "habit_not_found")
            try expectError(try await client.send("/v1/users/99999/favorites"), .notFound, code: "user_not_found")

            #expect(try await client.send("/v1/users/\(user1)/following/\(user2)", .put).status == .noContent)
            #expect(try await client.all("/v1/users/\(user1)/following", User.self).map(\.key) == ["user2"])
            #expect(try await client.send("/v1/users/\(user1)/following/\(user2)", .delete).status == .noContent)
            #expect(try await client.all("/v1/users/\(user1)/following", User.self).isEmpty)
            try expectError(
                try await client.send("/v1/users/\(user1)/following/\(user1)", .put), .unprocessableContent,
                code: "invalid")
            try expectError(
                try await client.send("/v1/users/\(user1)/following/99999", .put), .notFound, code: "user_not_found")
        }
    }
}

func userID(_ store: any HabitStore, key: String) async throws -> Int64 {
    let users = try await store.users(page: PageRequest(limit: 200)).items
    return try #require(users.first { $0.key == key }).id
}

func habitID(_ store: any HabitStore, named name: String) async throws -> Int64 {
    let habits = try await store.habits(page: PageRequest(limit: 200)).items
    return try #require(habits.first { $0.name == name }).id
}
