import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Undo on the Log screen: `POST /v1/logs/undo` takes back today's latest log of a habit, and the Log
/// screen's button offers it only while there is one.
@Suite struct LogUndoRouteTests {
    static func undoAction(_ client: some TestClientProtocol, habit: Int64) async throws -> ItemAction? {
        let log = try decode(ScreenDocument.self, try await client.send("/v1/screens/log"))
        let item = log.items.first { $0.id == "habit-\(habit)" }
        return item?.actions.first { $0.role == .menu && $0.title == "Undo" }
    }

    /// Runs `action` as a client does: its method, path and JSON body.
    static func run(_ action: ItemAction, _ client: some TestClientProtocol) async throws -> TestResponse {
        let name = try #require(action.method)
        let method = try #require(HTTPRequest.Method(name))
        let body = try action.body.map { ByteBuffer(bytes: try HabitsJSON.encoder().encode($0)) }
        return try await client.send(try #require(action.path), method, body)
    }

    @Test func undoTakesBackTodaysLatestLogAndTheButtonOffersItOnlyThen() async throws {
        let (store, users, habits) = try await screenStore()
        let user = try #require(users["user0"])
        let run = try #require(habits["Run"])
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        let undo = body(#"{"userID":\#(user),"habitID":\#(run)}"#)
        @Sendable func count() async throws -> Int {
            try await store.readScreens { try await $0.count(userID: user, habitID: run) }
        }
        try await app.test(.router) { client in
            // Whatever the fixture logged today goes first.
            for _ in 0..<50 where try await client.send("/v1/logs/undo", .post, undo).status == .noContent {}
            #expect(try await Self.undoAction(client, habit: run) == nil)

            // Yesterday's log is not today's to take back.
            let yesterday = HabitsJSON.formatInstant(Fixture.now.addingTimeInterval(-86_400))
            let earlier = #"{"userID":\#(user),"habitID":\#(run),"timestamp":"\#(yesterday)"}"#
            #expect(try await client.send("/v1/logs", .post, body(earlier)).status == .created)
            let kept = try await count()
            let refused = try await client.send("/v1/logs/undo", .post, undo)
            #expect(refused.status == .conflict)
            #expect(String(buffer: refused.body).contains(HabitsError.nothingToUndo))
            #expect(try await count() == kept)

            // Two logs now: the button offers Undo, which takes back one at a time.
            let now = #"{"userID":\#(user),"habitID":\#(run)}"#
            for _ in 0..<2 { #expect(try await client.send("/v1/logs", .post, body(now)).status == .created) }
            let offered = try #require(await Self.undoAction(client, habit: run))
            #expect(try await Self.run(offered, client).status == .noContent)
            #expect(try await count() == kept + 1)
            let again = try #require(await Self.undoAction(client, habit: run))
            #expect(try await Self.run(again, client).status == .noContent)
            #expect(try await count() == kept)
            #expect(try await Self.undoAction(client, habit: run) == nil)
            #expect(try await client.send("/v1/logs/undo", .post, undo).status == .conflict)
        }
    }

    @Test func oneCannotUndoSomeoneElsesLog() async throws {
        let (store, _, habits) = try await screenStore()
        let run = try #require(habits["Run"])
        let app = makeApplication(store: store, configuration: accountsConfiguration)
        try await app.test(.router) { client in
            let ada = try await client.signUp("ada")
            let bo = try await client.signUp("bo")
            let log = body(#"{"userID":\#(bo.account.user.id),"habitID":\#(run)}"#)
            #expect(try await client.send("/v1/logs", .post, log, as: bo).status == .created)
            #expect(try await client.send("/v1/logs/undo", .post, log, as: ada).status == .forbidden)
            #expect(try await client.send("/v1/logs/undo", .post, log, as: nil).status == .unauthorized)
            #expect(try await client.send("/v1/logs/undo", .post, log, as: bo).status == .noContent)
        }
    }
}
