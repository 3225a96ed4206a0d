import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// A store with the fixture's people and habits, `user0` favouring Run and Swim and following `user1`
/// and `user2`; returns the store and the ids by key and by habit name.
func screenStore() async throws -> (SQLiteHabitStore, users: [String: Int64], habits: [String: Int64]) {
    let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
    let users = Dictionary(
        uniqueKeysWithValues: try await store.users(page: PageRequest(limit: 200)).items.map {
            ($0.key, $0.id)
        })
    let habits = Dictionary(
        uniqueKeysWithValues: try await store.habits(page: PageRequest(limit: 200)).items.map {
            ($0.name, $0.id)
        })
    for name in ["Run", "Swim"] {
        try await store.setFavorite(userID: users["user0"] ?? 0, habitID: habits[name] ?? 0, true)
    }
    for key in ["user1", "user2"] {
        try await store.setFollowing(userID: users["user0"] ?? 0, followedID: users[key] ?? 0, true)
    }
    return (store, users, habits)
}

/// Logs `habit` for `key` through the course API, as the course app does.
func log(
    _ key: String, _ habit: String, _ client: some TestClientProtocol, at timestamp: String = "2026-11-22T17:00:00Z"
) async throws {
    let body = #"{"userID":"\#(key)","habitName":"\#(habit)","timestamp":"\#(timestamp)"}"#
    try await client.execute(
        uri: "/loggedHabit", method: .post, headers: [.contentType: "application/json"],
        body: ByteBuffer(string: body)
    ) { response in #expect(response.status == .ok) }
}

@Suite struct ScreenRouteTests {
    static let logHeaders: HTTPFields = [.contentType: "application/json"]


    @Test func homeShowsTheViewersFavouritesAndFollowedUsers() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(
            store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            try await log("user1", "Run", client)
            try await log("user1", "Run", client)
            try await log("user0", "Run", client)
            try await client.execute(uri: "/v1/screens/home", method: .get) { response throws in
                #expect(response.status == .ok)
                let document = try decode(ScreenDocument.self, response)
                #expect(document.schemaVersion == 1)
                #expect(document.sections.map(\.id) == ["leaderboard", "followedUsers"])
                let cards = document.sections[0].items.map(\.content)
                #expect(
                    cards == [
                        ItemContent(
                            LeaderboardHabit(
                                habitName: "Run", leader: "User 1 2", secondary: "You 1 (2nd)",
                                leaderUsername: "user1")),
                        ItemContent(LeaderboardHabit(habitName: "Swim", leader: "Nobody Yet!", secondary: nil)),
                    ])
                #expect(
                    document.sections[1].items.map(\.content) == [
                        ItemContent(
                            FollowedUser(
                                userName: "User 1", username: "user1",
                                message: "Currently 1st, ahead of you (2nd) in Run.\n"
                                    + "You might catch up with a little extra effort!"
                            )),
                        ItemContent(
                            FollowedUser(
                                userName: "User 2", username: "user2",
                                message: "This user doesn't seem to have done much yet. "
                                    + "Check in to see if they need any help getting started.")),
                    ])
            }
            // Another viewer by key: user1 has no favourites and follows nobody, and is told how to begin.
            try await client.execute(uri: "/v1/screens/home?user=user1", method: .get) { response throws in
                let document = try decode(ScreenDocument.self, response)
                #expect(document.items.map(\.id) == ["empty-leaderboard", "empty-following"])
                #expect(document.items.allSatisfy { $0.type == EmptyState.type })
            }
        }
    }

    @Test func everyScreenAnswersItsDocument() async throws {
        let (store, users, habits) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            try await log("user3", "Swim", client)
            let uris = [
                "home", "habits", "habit?habit=\(habits["Swim"] ?? 0)", "users", "user?of=\(users["user3"] ?? 0)",
                "log",
            ]
            for uri in uris {
                try await client.execute(uri: "/v1/screens/\(uri)", method: .get) { response throws in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.headers[.cacheControl] == "no-store")
                    let document = try decode(ScreenDocument.self, response)
                    #expect(!document.items.isEmpty, "\(uri) has items")
                }
            }
            try await client.execute(uri: "/v1/screens/habit?habit=\(habits["Swim"] ?? 0)", method: .get) {
                response throws in
                let document = try decode(ScreenDocument.self, response)
                #expect(document.title == "Swim")
                #expect(
                    document.sections.first { $0.id == "ranking" }?.items.map(\.content) == [
                        ItemContent(
                            UserCount(
                                userID: users["user3"] ?? 0, userName: "User 3", username: "user3", count: 1,
                                isViewer: false))
                    ])
            }
        }
    }

    @Test func badRequestsGetClearErrors() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/screens/settings", method: .get) { response throws in
                try expectError(response, .notFound, code: "screen_not_found")
            }
            try await client.execute(uri: "/v1/screens/home?user=nobody", method: .get) { response throws in
                try expectError(response, .notFound, code: "user_not_found")
            }
            try await client.execute(uri: "/v1/screens/habit", method: .get) { response throws in
                try expectError(response, .unprocessableContent, code: "invalid")
            }
            try await client.execute(uri: "/v1/screens/habit?habit=abc", method: .get) { response throws in
                try expectError(response, .badRequest, code: "malformed_request")
            }
            try await client.execute(uri: "/v1/screens/habit?habit=999", method: .get) { response throws in
                try expectError(response, .notFound, code: "habit_not_found")
            }
            try await client.execute(uri: "/v1/screens/user?of=999", method: .get) { response throws in
                try expectError(response, .notFound, code: "user_not_found")
            }
            try await client.execute(uri: "/v1/screens/home/changes", method: .get) { response throws in
                try expectError(response, .unprocessableContent, code: "invalid")
            }
        }
    }

    @Test func changesSinceARevisionReplayOnTheOldDocument() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            let old = try await client.execute(uri: "/v1/screens/home", method: .get) { response throws in
                try decode(ScreenDocument.self, response)
            }
            try await log("user2", "Swim", client)
            let new = try await client.execute(uri: "/v1/screens/home", method: .get) { response throws in
                try decode(ScreenDocument.self, response)
            }
            #expect(new.revision != old.revision)
            try await client.execute(uri: "/v1/screens/home/changes?since=\(old.revision)", method: .get) {
                response throws in
                let changeset = try decode(ScreenChangeset.self, response)
                #expect(changeset.from == old.revision)
                #expect(try old.applying(changeset) == new)
            }
            // A revision the server does not hold: the whole document.
            try await client.execute(uri: "/v1/screens/home/changes?since=nope", method: .get) { response throws in
                #expect(try decode(ScreenDocument.self, response) == new)
            }
            // A write that does not touch Home (user3 logs Read, which nobody here follows or favours).
            try await log("user3", "Read", client)
            try await client.execute(uri: "/v1/screens/home", method: .get) { response throws in
                #expect(try decode(ScreenDocument.self, response).revision == new.revision)
            }
        }
    }

    @Test func theLogActionLogsNowWithoutATimestamp() async throws {
        let (store, users, habits) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            let document = try await client.execute(uri: "/v1/screens/log", method: .get) { response throws in
                try decode(ScreenDocument.self, response)
            }
            let run = try #require(document.items.first { $0.id == "favorite-\(habits["Run"] ?? 0)" })
            let action = try #require(run.actions.first { $0.role == .activate })
            #expect(action.method == "POST")
            #expect(action.path == "/v1/logs")
            let body = try JSONEncoder().encode(action.body)
            try await client.execute(
                uri: action.path ?? "", method: .post, headers: Self.logHeaders, body: ByteBuffer(bytes: body)
            ) { response in
                #expect(response.status == .created)
                let log = try decodeV1(Log.self, response)
                #expect(log.userID == users["user0"])
                #expect(log.timestamp == Fixture.now)
            }
            // An explicit null means the same.
            let nullBody = #"{"userID":\#(users["user0"] ?? 0),"habitID":\#(habits["Run"] ?? 0),"timestamp":null}"#
            try await client.execute(
                uri: "/v1/logs", method: .post, headers: Self.logHeaders, body: ByteBuffer(string: nullBody)
            ) { response throws in
                #expect(response.status == .created)
                #expect(try decodeV1(Log.self, response).timestamp == Fixture.now)
            }
        }
    }
}
