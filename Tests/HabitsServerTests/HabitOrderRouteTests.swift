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

/// `/v1/users/{userID}/habit-order`: one's own habits in one's own order, read and written by oneself only.
@Suite struct HabitOrderRouteTests {
    static func ids(_ response: TestResponse) throws -> [Int64] {
        try decode(OwnHabitList.self, response).items.map(\.id)
    }

    @Test func aMemberReordersTheirHabitsAndNobodyElseCan() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(store: store, configuration: accountsConfiguration)
        try await app.test(.router) { client in
            let ada = try await client.signUp("ada")
            let bo = try await client.signUp("bo")
            let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
            var made: [Int64] = []
            for name in ["Ada one", "Ada two", "Ada three"] {
                let draft = body(#"{"name":"\#(name)","categoryID":\#(category)}"#)
                let created = try await client.send("/v1/habits", .post, draft, as: ada)
                #expect(created.status == .created)
                made.append(try decode(Habit.self, created).id)
            }
            let path = "/v1/users/\(ada.account.user.id)/habit-order"
            #expect(try Self.ids(try await client.send(path, as: ada)) == made)

            let reordered = try await client.send(path, .put, body(#"{"habitIDs":[\#(made[2])]}"#), as: ada)
            #expect(reordered.status == .ok)
            #expect(try Self.ids(reordered) == [made[2], made[0], made[1]])
            #expect(try decode(OwnHabitList.self, reordered).items.map(\.position) == [0, 1, 2])

            // Another member neither reads nor writes it, and cannot slip their habit into it.
            #expect(try await client.send(path, as: bo).status == .forbidden)
            #expect(try await client.send(path, .put, body(#"{"habitIDs":[]}"#), as: bo).status == .forbidden)
            #expect(try await client.send(path, as: nil).status == .unauthorized)
            let bos = try decode(
                Habit.self,
                try await client.send(
                    "/v1/habits", .post, body(#"{"name":"Mine","categoryID":\#(category)}"#), as: bo))
            let stolen = try await client.send(path, .put, body(#"{"habitIDs":[\#(bos.id)]}"#), as: ada)
            #expect(stolen.status == .unprocessableContent)
            #expect(String(buffer: stolen.body).contains("habitIDs"))
            let twice = try await client.send(path, .put, body(#"{"habitIDs":[\#(made[0]),\#(made[0])]}"#), as: ada)
            #expect(twice.status == .unprocessableContent)
            #expect(try await client.send(path, .put, body(#"{"habitIDs":"#), as: ada).status == .badRequest)
            // Nothing moved.
            #expect(try Self.ids(try await client.send(path, as: ada)) == [made[2], made[0], made[1]])
        }
    }

    @Test func anUnknownUserHasNoOrder() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            #expect(try await client.send("/v1/users/999999/habit-order").status == .notFound)
            let put = try await client.send("/v1/users/999999/habit-order", .put, body(#"{"habitIDs":[]}"#))
            #expect(put.status == .notFound)
        }
    }
}
