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

/// A private account through the real application: hidden from others' reads and screens, followed only
/// once it approves.
@Suite struct VisibilityRouteTests {
    @Test func aPrivateAccountIsSeenOnlyByItselfAndTheFollowersItApproves() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let carol = try await client.signUp("carol")
            let adaID = ada.account.id
            let patched = try await client.send("/v1/me", .patch, body(#"{"visibility":"private"}"#), as: ada)
            #expect(try decodeV1(Account.self, patched).visibility == .private)
            let read = try #require(try await store.habits(page: PageRequest(limit: 10)).items.first).id
            let log = try await client.send(
                "/v1/logs", .post, body(#"{"userID":\#(adaID),"habitID":\#(read)}"#), as: ada)
            #expect(log.status == .created)
            let logID = try decodeV1(Log.self, log).id

            // To Bob, Ada is no one: her reads, her log, her screen, the people list and the leaderboard.
            for path in [
                "/v1/users/\(adaID)", "/v1/users/\(adaID)/logs", "/v1/users/\(adaID)/following",
                "/v1/users/\(adaID)/habits/\(read)/streak", "/v1/logs/\(logID)",
                "/v1/screens/user?of=\(adaID)",
            ] {
                try expectError(try await client.send(path, as: bob), .notFound)
            }
            #expect(try await shows("Ada", ["/v1/users", "/v1/screens/users", "/v1/screens/habit?habit=\(read)"],
                client, as: bob) == false)
            // Ada sees herself, on the leaderboard too.
            #expect(try await client.send("/v1/users/\(adaID)", as: ada).status == .ok)
            #expect(try await shows("Ada", ["/v1/screens/habit?habit=\(read)"], client, as: ada))

            // Bob asks; Ada approves Bob and declines Carol.
            let asked = try await client.send("/v1/users/\(bob.account.id)/following/\(adaID)", .put, as: bob)
            #expect(asked.status == .accepted)
            #expect(String(buffer: asked.body).contains(#""status":"requested""#))
            #expect(try await client.send("/v1/users/\(carol.account.id)/following/\(adaID)", .put, as: carol)
                .status == .accepted)
            let waiting = try decodeV1([FollowRequest].self, try await client.send("/v1/me/follow-requests", as: ada))
            #expect(waiting.map(\.user.id) == [bob.account.id, carol.account.id])
            // Only Ada answers her requests; a request no one made is not found.
            try expectError(
                try await client.send("/v1/me/follow-requests/\(bob.account.id)/approve", .post, as: carol), .notFound)
            #expect(try await client.send("/v1/me/follow-requests/\(bob.account.id)/approve", .post, as: ada)
                .status == .noContent)
            #expect(try await client.send("/v1/me/follow-requests/\(carol.account.id)/decline", .post, as: ada)
                .status == .noContent)
            try expectError(
                try await client.send("/v1/me/follow-requests/\(carol.account.id)/approve", .post, as: ada), .notFound)

            #expect(try await client.send("/v1/users/\(adaID)", as: bob).status == .ok)
            #expect(try await shows("Ada", ["/v1/screens/users", "/v1/screens/home"], client, as: bob))
            try expectError(try await client.send("/v1/users/\(adaID)", as: carol), .notFound)
            #expect(try await shows("Ada", ["/v1/users", "/v1/screens/users"], client, as: carol) == false)

            // Ada sees Bob among her followers and removes him: he no longer sees her.
            let followers = try decodeV1([User].self, try await client.send("/v1/me/followers", as: ada))
            #expect(followers.map(\.id) == [bob.account.id])
            #expect(try await client.send("/v1/me/followers/\(bob.account.id)", .delete, as: ada).status == .noContent)
            try expectError(try await client.send("/v1/users/\(adaID)", as: bob), .notFound)
            #expect(try await client.send("/v1/me/followers/999999", .delete, as: ada).status == .noContent)

            // Public again: everyone sees her, and the open mode's routes stay closed.
            _ = try await client.send("/v1/me", .patch, body(#"{"visibility":"public"}"#), as: ada)
            #expect(try await client.send("/v1/users/\(adaID)", as: carol).status == .ok)
            #expect(try await shows("Ada", ["/v1/screens/habit?habit=\(read)"], client, as: carol))
        }
    }

    /// Whether any of `paths`, asked as `who`, shows `name`.
    func shows(
        _ name: String, _ paths: [String], _ client: some TestClientProtocol, as who: SignedIn
    ) async throws -> Bool {
        for path in paths {
            let response = try await client.send(path, as: who)
            #expect(response.status == .ok, "\(path)")
            if String(buffer: response.body).contains(#""\#(name)""#) { return true }
        }
        return false
    }
}
