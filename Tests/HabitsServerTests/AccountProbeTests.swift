import Foundation
import HTTPTypes
import HabitsDomain
import HabitsSQLite
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// What an outsider tried against accounts mode: streams that outlive their session, usernames that
/// dodge the sign-in limit, and answers that would tell whether a private account exists.
@Suite struct AccountProbeTests {
    @Test func aStreamEndsOnceItsSessionIsSignedOut() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.live) { client in
            let port = try #require(client.port)
            let ada = try await client.signUp("ada")
            let read = try #require(try await store.habits(page: PageRequest(limit: 10)).items.first).id
            func log() async throws {
                let body = body(#"{"userID":\#(ada.account.id),"habitID":\#(read)}"#)
                #expect(try await client.send("/v1/logs", .post, body, as: ada).status == .created)
            }
            let stream = try EventStreamClient(
                port: port, path: "/v1/screens/habit/events?habit=\(read)", headers: ["Cookie": ada.cookie])
            #expect(await stream.nextEvent(timeout: 10)?.event == "document")
            try await log()
            #expect(await stream.nextEvent(timeout: 10)?.event == "changes", "a live session's stream goes on")
            // Signed out from another request: the open stream sends nothing more.
            #expect(try await client.send("/v1/auth/signout", .post, as: ada).status == .noContent)
            let other = try await client.signUp("bob")
            let bobsLog = body(#"{"userID":\#(other.account.id),"habitID":\#(read)}"#)
            #expect(try await client.send("/v1/logs", .post, bobsLog, as: other).status == .created)
            #expect(await stream.nextEvent(timeout: 3) == nil, "a signed-out session's stream ended")
        }
    }

    @Test func aUsernameThatIsNoKeyNeverSignsInNorDodgesTheLimit() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("ada")
            let kate = try await client.signUp("kate")
            let password = "correct horse battery staple"
            // A Kelvin sign lower-cases to `k`: "\u212Aate" would otherwise reach kate.
            for username in [#"ada\u0000zzz"#, "ada\\u0000", #"\u212Aate"#, #"\uFF41da"#] {
                let response = try await client.send(
                    "/v1/auth/signin", .post, body(#"{"username":"\#(username)","password":"\#(password)"}"#))
                try expectError(response, .unauthorized)
            }
            #expect(try await client.signIn("ADA", password: password).status == .ok)
            // Nor can such a name be signed up, to squat `kim` and hold an account no screen can find.
            let squat = try await client.send(
                "/v1/auth/signup", .post, body(#"{"username":"\u212Aim","password":"\#(password)","name":"K"}"#))
            try expectError(squat, .unprocessableContent)
            // The shared habit's icon is the catalogue's: a member's pick is refused, the administrator's kept.
            let pick = body(#"{"habitID":1,"emoji":"🏃"}"#)
            try expectError(
                try await client.send("/v1/users/\(kate.account.id)/emoji-picks", .post, pick, as: kate), .forbidden)
        }
    }

    @Test func noAnswerTellsWhetherAPrivateAccountExists() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            _ = try await client.send("/v1/me", .patch, body(#"{"visibility":"private"}"#), as: ada)
            let read = try #require(try await store.habits(page: PageRequest(limit: 10)).items.first).id
            let logged = try await client.send(
                "/v1/logs", .post, body(#"{"userID":\#(ada.account.id),"habitID":\#(read)}"#), as: ada)
            let logID = try decodeV1(Log.self, logged).id
            let me = bob.account.id
            // Not following a hidden account and not following a missing one answer alike.
            #expect(try await client.send("/v1/users/\(me)/following/\(ada.account.id)", .delete, as: bob)
                .status == .noContent)
            #expect(try await client.send("/v1/users/\(me)/following/999999", .delete, as: bob).status == .noContent)
            // Asking to follow either answers the same 202 with the same body; only the private one is asked.
            let hidden = try await client.send("/v1/users/\(me)/following/\(ada.account.id)", .put, as: bob)
            let missing = try await client.send("/v1/users/\(me)/following/999999", .put, as: bob)
            #expect(hidden.status == .accepted && missing.status == .accepted)
            #expect(String(buffer: hidden.body) == String(buffer: missing.body))
            #expect(try await store.followRequests(userID: ada.account.id).map(\.user.id) == [me])
            // A hidden log is missing whichever method asks.
            try expectError(try await client.send("/v1/logs/\(logID)", .delete, as: bob), .notFound)
            try expectError(try await client.send("/v1/logs/999999", .delete, as: bob), .notFound)
            #expect(try await client.send("/v1/logs/\(logID)", as: ada).status == .ok)

            // Pages one by one: never an empty page, never a cursor to nothing, and Ada on none of them.
            var cursor: String?
            var seen: [Int64] = []
            repeat {
                let path = "/v1/users?limit=1" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try decodeV1(Page<User>.self, try await client.send(path, as: bob))
                #expect(page.items.count == 1, "\(path)")
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(!seen.contains(ada.account.id) && seen.contains(me))
            let all = try decodeV1(Page<User>.self, try await client.send("/v1/users?limit=200", as: bob))
            #expect(all.items.map(\.id) == seen && all.nextCursor == nil)
        }
    }
}
