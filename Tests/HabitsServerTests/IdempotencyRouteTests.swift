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

/// `Idempotency-Key` through the real application: a retried write answers as the first did and writes
/// nothing more.
@Suite struct IdempotencyRouteTests {
    static let key = HTTPField.Name("Idempotency-Key")!

    func post(
        _ client: some TestClientProtocol, _ path: String, _ json: String, key: String, as who: SignedIn
    ) async throws -> TestResponse {
        var headers = who.headers
        headers[Self.key] = key
        return try await client.execute(uri: path, method: .post, headers: headers, body: body(json)) { $0 }
    }

    func logCount(_ store: SQLiteHabitStore, userID: Int64) async throws -> Int {
        try await store.logs(userID: userID, in: TimeRange(from: nil, to: nil), page: PageRequest(limit: 200))
            .items.count
    }

    @Test func aRetriedWriteAnswersAgainAndWritesOnce() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let log = #"{"userID":\#(ada.account.id),"habitID":1}"#
            let first = try await post(client, "/v1/logs", log, key: "retry-1", as: ada)
            #expect(first.status == .created)
            #expect(first.headers[HTTPField.Name("Idempotent-Replayed")!] == nil)
            let again = try await post(client, "/v1/logs", log, key: "retry-1", as: ada)
            #expect(again.status == .created)
            #expect(again.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(again.body == first.body)
            #expect(again.headers[.location] == first.headers[.location])
            #expect(try await logCount(store, userID: ada.account.id) == 1)

            // The same key for another request is refused, and writes nothing.
            let other = #"{"userID":\#(ada.account.id),"habitID":2}"#
            try expectError(
                try await post(client, "/v1/logs", other, key: "retry-1", as: ada), .unprocessableContent,
                code: "idempotency_key_reused")
            #expect(try await logCount(store, userID: ada.account.id) == 1)

            // Keys are each account's own: Bob's "retry-1" is his, and runs.
            let bobs = #"{"userID":\#(bob.account.id),"habitID":1}"#
            #expect(try await post(client, "/v1/logs", bobs, key: "retry-1", as: bob).status == .created)

            // A refused request keeps no answer: corrected, the retry under the same key runs.
            let unknown = #"{"userID":\#(ada.account.id),"habitID":999}"#
            try expectError(try await post(client, "/v1/logs", unknown, key: "retry-2", as: ada), .notFound)
            #expect(try await post(client, "/v1/logs", other, key: "retry-2", as: ada).status == .created)
            #expect(try await logCount(store, userID: ada.account.id) == 2)

            // A key that is not a token is a 400, and the write does not run.
            for bad in ["", "has space", String(repeating: "k", count: 256), "ключ"] {
                try expectError(try await post(client, "/v1/logs", log, key: bad, as: ada), .badRequest)
            }
            #expect(try await logCount(store, userID: ada.account.id) == 2)
        }
    }

    @Test func openModeKeysWorkAndReadsIgnoreThem() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            var headers: HTTPFields = [.contentType: "application/json", Self.key: "open-1"]
            let json = #"{"userID":1,"habitID":1}"#
            let first = try await client.execute(uri: "/v1/logs", method: .post, headers: headers, body: body(json)) {
                $0
            }
            let again = try await client.execute(uri: "/v1/logs", method: .post, headers: headers, body: body(json)) {
                $0
            }
            #expect(first.status == .created && again.status == .created && first.body == again.body)
            #expect(try await logCount(store, userID: 1) == 1)
            headers[Self.key] = "has space"
            #expect(try await client.execute(uri: "/v1/users/1", method: .get, headers: headers) { $0 }.status == .ok)
        }
    }
}
