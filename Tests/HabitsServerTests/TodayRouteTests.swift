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

/// Today through the real app, on the clock `Fixture.now` (2026-11-22T17:20:15Z).
@Suite struct TodayRouteTests {
    static func row(_ document: ScreenDocument, habit: Int64) -> (ScreenItem, TodayHabit)? {
        for item in document.items where item.id == "habit-\(habit)" {
            if let row = item.content.as(TodayHabit.self) { return (item, row) }
        }
        return nil
    }

    /// The row's tap, as a client runs it: the first `activate` action's method and path.
    static func tap(_ item: ScreenItem, _ client: some TestClientProtocol) async throws -> TestResponse {
        let action = try #require(item.actions.first { $0.role == .activate })
        let name = try #require(action.method)
        let method = try #require(HTTPRequest.Method(name))
        return try await client.send(try #require(action.path), method)
    }

    @Test func aTapMarksTodayAndTheOpenScreenFollows() async throws {
        let (store, _, habits) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        let run = try #require(habits["Run"])
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let stream = try EventStreamClient(port: port, path: "/v1/screens/today/events")
            let initial = try LiveScreenTests.document(await stream.nextEvent(timeout: 5))
            let (item, row) = try #require(Self.row(initial, habit: run))
            #expect(row.done == false)

            #expect(try await Self.tap(item, client).status == .noContent)
            let marked = try initial.applying(try LiveScreenTests.changeset(await stream.nextEvent(timeout: 5)))
            let (undo, done) = try #require(Self.row(marked, habit: run))
            #expect(done.done && done.streak >= 1)
            #expect(done.caption.hasPrefix("Done today"))

            // The second tap undoes it: the day's logs go, and the row says so again.
            #expect(try await Self.tap(undo, client).status == .noContent)
            let undone = try marked.applying(try LiveScreenTests.changeset(await stream.nextEvent(timeout: 5)))
            #expect(Self.row(undone, habit: run)?.1.done == false)
            let fetched = try decode(ScreenDocument.self, try await client.send("/v1/screens/today"))
            #expect(fetched == undone)
        }
    }

    @Test func thePageShowsTheTabAndTheRows() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            let page = try await client.send("/screens/today")
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("href=\"/screens/today\""))
            #expect(html.contains("aria-current=\"page\""))
            #expect(html.contains("Not yet today"))
        }
    }

    /// Every documented parameter is checked, also one Today does not read: bad input is refused, not ignored.
    @Test func aMalformedParameterItDoesNotReadIsStillRefused() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            try expectError(
                try await client.send("/v1/screens/today?habit=abc"), .badRequest, code: "malformed_request")
            #expect(try await client.send("/v1/screens/today?habit=1").status == .ok)
        }
    }
}
