import Foundation
import HabitsDomain
import HabitsPostgres
import HabitsScreens
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Prometheus
import Testing

/// Two instances of one PostgreSQL store, each the real application over real sockets: a stream that ends
/// on one and resumes on the other (`Last-Event-ID`) is sent the changes it missed, not the document.
@Suite struct ScreenHandoffTests {
    @Test(.timeLimit(.minutes(3)), .enabled(if: PostgresTestStores.shouldRun))
    func aStreamResumedOnAnotherInstanceIsSentOnlyTheChangesItMissed() async throws {
        let configuration = try PostgresTestStores.newConfiguration()
        let first = try await PostgresHabitStore.connect(configuration)
        try await first.replaceAll(with: Fixture.content())
        let second = try await PostgresHabitStore.connect(configuration)
        defer { Task { await first.close(); await second.close() } }
        let users = Dictionary(
            uniqueKeysWithValues: try await first.users(page: PageRequest(limit: 200)).items.map { ($0.key, $0.id) })
        let habits = Dictionary(
            uniqueKeysWithValues: try await first.habits(page: PageRequest(limit: 200)).items.map { ($0.name, $0.id) })
        let viewer = try #require(users["user0"])
        try await first.setFavorite(userID: viewer, habitID: try #require(habits["Run"]), true)
        _ = try await first.setFollowing(userID: viewer, followedID: try #require(users["user1"]), true)

        let serverConfiguration = ServerConfiguration(port: 0, activeUser: "user0")
        let firstMetrics = ServerMetrics()
        let secondMetrics = ServerMetrics()
        let firstApp = makeApplication(store: first, metrics: firstMetrics, configuration: serverConfiguration)
        let secondApp = makeApplication(store: second, metrics: secondMetrics, configuration: serverConfiguration)
        try await firstApp.test(.live) { firstClient in
            try await secondApp.test(.live) { secondClient in
                let firstPort = try #require(firstClient.port)
                let secondPort = try #require(secondClient.port)
                var stream: EventStreamClient? = try EventStreamClient(
                    port: firstPort, path: "/v1/screens/home/events")
                let initial = try LiveScreenTests.document(await stream?.nextEvent(timeout: 10))
                // The client goes; the first instance hands off what it last sent.
                stream = nil
                try await Self.waitFor("habits_screen_handoffs_total 1", in: firstMetrics)

                try await log("user1", "Run", secondClient)
                let current = try await Self.home(secondClient)
                #expect(current != initial)

                let resumed = try EventStreamClient(
                    port: secondPort, path: "/v1/screens/home/events",
                    headers: ["Last-Event-ID": initial.revision])
                let change = try LiveScreenTests.changeset(await resumed.nextEvent(timeout: 10))
                #expect(change.from == initial.revision)
                #expect(try initial.applying(change) == current)
                try await Self.waitFor("habits_screen_handoffs_taken_total 1", in: secondMetrics)

                // A revision nobody handed off still gets the whole document.
                let unknown = try EventStreamClient(
                    port: secondPort, path: "/v1/screens/home/events", headers: ["Last-Event-ID": "1.99"])
                #expect(try LiveScreenTests.document(await unknown.nextEvent(timeout: 10)) == current)
            }
        }
    }

    static func home(_ client: some TestClientProtocol) async throws -> ScreenDocument {
        try await client.execute(uri: "/v1/screens/home", method: .get) { response in
            try JSONDecoder().decode(ScreenDocument.self, from: Data(response.body.readableBytesView))
        }
    }

    /// Waits up to 30 s for `line` in the metrics' exposition (the other suites share the two cores); on
    /// failure the record says how many streams the instance still had open, which tells a connection it
    /// never saw close from a handoff it did not make.
    static func waitFor(_ line: String, in metrics: ServerMetrics) async throws {
        var exposition = ""
        for _ in 0..<600 {
            exposition = String(decoding: metrics.registry.emitToBuffer(), as: UTF8.self)
            if exposition.contains(line) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        let open = exposition.split(separator: "\n").filter { $0.hasPrefix("habits_live_subscribers") }
        Issue.record("never saw \(line); \(open.joined(separator: ", "))")
    }
}
