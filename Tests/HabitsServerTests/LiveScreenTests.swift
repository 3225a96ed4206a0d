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
import Prometheus
import Testing

/// Live screens over real sockets: events, resuming, and subscribers that stall.
@Suite struct LiveScreenTests {
    static func document(_ event: ReceivedEvent?) throws -> ScreenDocument {
        let event = try #require(event)
        #expect(event.event == "document")
        return try JSONDecoder().decode(ScreenDocument.self, from: Data(event.data.utf8))
    }

    static func changeset(_ event: ReceivedEvent?) throws -> ScreenChangeset {
        let event = try #require(event)
        #expect(event.event == "changes")
        return try JSONDecoder().decode(ScreenChangeset.self, from: Data(event.data.utf8))
    }

    @Test func twoSubscribersReceiveOneWriteAndAResumeSendsOnlyTheChanges() async throws {
        let (store, _, _) = try await screenStore()
        let metrics = ServerMetrics()
        let app = makeApplication(
            store: store, metrics: metrics, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let first = try EventStreamClient(port: port, path: "/v1/screens/home/events")
            let second = try EventStreamClient(port: port, path: "/v1/screens/home/events?user=user0")
            let initial = try await Self.document(await first.nextEvent(timeout: 5))
            #expect(try await Self.document(await second.nextEvent(timeout: 5)) == initial)
            #expect(first.status == 200)

            // Both arrive (within the reads' time limit); how fast is measured by scripts/live-load.sh, not
            // here, where other suites share the cores.
            try await log("user1", "Run", client)
            let firstChange = try Self.changeset(await first.nextEvent(timeout: 5))
            let secondChange = try Self.changeset(await second.nextEvent(timeout: 5))
            #expect(firstChange == secondChange)
            #expect(firstChange.from == initial.revision)
            let updated = try initial.applying(firstChange)
            let current = try await client.execute(uri: "/v1/screens/home", method: .get) { response in
                try JSONDecoder().decode(ScreenDocument.self, from: Data(response.body.readableBytesView))
            }
            #expect(updated == current)

            // A client that reconnects with the first revision gets the changes, not the document.
            let resumed = try EventStreamClient(
                port: port, path: "/v1/screens/home/events", headers: ["Last-Event-ID": initial.revision])
            #expect(try initial.applying(try Self.changeset(await resumed.nextEvent(timeout: 5))) == current)
            // With a revision the server never held, a document.
            let unknown = try EventStreamClient(
                port: port, path: "/v1/screens/home/events", headers: ["Last-Event-ID": "x"])
            #expect(try await Self.document(await unknown.nextEvent(timeout: 5)) == current)

            let exposition = String(decoding: metrics.registry.emitToBuffer(), as: UTF8.self)
            #expect(exposition.contains("habits_live_subscribers 4"))
            #expect(exposition.contains("habits_screen_events_sent_total"))
        }
    }

    @Test func anUnaffectedScreenReceivesNothing() async throws {
        let (store, _, habits) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let swim = try EventStreamClient(port: port, path: "/v1/screens/habit/events?habit=\(habits["Swim"] ?? 0)")
            _ = try await Self.document(await swim.nextEvent(timeout: 5))
            try await log("user3", "Read", client)
            #expect(await swim.nextEvent(timeout: 0.5) == nil)
            try await log("user3", "Swim", client)
            _ = try Self.changeset(await swim.nextEvent(timeout: 5))
        }
    }

    @Test func aStalledSubscriberDoesNotDelayTheOthers() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // Never read: once its small buffers fill, the server's writes to it block.
            let stalled = try EventStreamClient(port: port, path: "/v1/screens/home/events", receiveBuffer: 256)
            let lively = try EventStreamClient(port: port, path: "/v1/screens/home/events")
            var document = try await Self.document(await lively.nextEvent(timeout: 5))
            // A subscriber held up by the stalled one would wait forever; the bound is generous because
            // a loaded test machine (bcrypt and property tests share its two cores) is slow, not stuck. (Speed itself
            // is measured by scripts/live-load.sh.)
            for round in 0..<100 {
                // Each log of Run changes Home for both subscribers.
                let started = Date()
                try await log(round.isMultiple(of: 2) ? "user1" : "user2", "Run", client)
                #expect(Date().timeIntervalSince(started) < 30, "round \(round): the write was held up")
                let change = try Self.changeset(await lively.nextEvent(timeout: 30))
                document = try await document.applying(change)
            }
            _ = stalled
        }
    }
}
