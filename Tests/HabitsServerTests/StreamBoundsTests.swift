import Foundation
import HTTPTypes
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Prometheus
import Testing

@testable import HabitsServer

/// Event streams are bounded in number, in total and per client, and one whose client left holds nothing.
@Suite struct StreamBoundsTests {
    /// Waits up to `seconds` for `condition`; whether it held.
    static func eventually(within seconds: Double, _ condition: () async -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await condition()
    }

    /// How many requests the server has answered (or begun to answer with a stream), by any status.
    static func answeredRequests(_ metrics: ServerMetrics) -> Int {
        let text = String(decoding: metrics.registry.emitToBuffer(), as: UTF8.self)
        return text.split(separator: "\n").filter { $0.hasPrefix("habits_http_requests_total{") }.reduce(0) {
            $0 + (Int($1.split(separator: " ").last ?? "") ?? 0)
        }
    }

    /// Whether the hub and the stream limit hold nothing for any stream.
    static func holdsNoStream(_ metrics: ServerMetrics) -> Bool {
        metricValue("habits_live_subscribers", in: metrics) == 0
            && metricValue("habits_open_streams", in: metrics) == 0
            && metricValue("habits_screen_cache_live_entries", in: metrics) == 0
    }

    @Test(.timeLimit(.minutes(1))) func aStreamWhoseClientLeftAtOnceLeavesNothing() async throws {
        let (store, _, habits) = try await screenStore()
        let metrics = ServerMetrics()
        let app = makeApplication(
            store: store, metrics: metrics, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        let run = try #require(habits["Run"])
        let paths = [
            "/v1/screens/home/events", "/screens/home/live", "/v1/screens/emoji/events?habit=\(run)",
            "/screens/emoji/live?habit=\(run)&layout=grid", "/v1/screens/streak/events?habit=\(run)",
        ]
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // The requests are sent and the sockets closed at once: most clients are gone before their
            // response starts, some while it is written. Half of them reset the connection, which fails the
            // response's first write; the others end it, which leaves it open for writing.
            for round in 0..<8 {
                for path in paths {
                    let connection = try RawConnection(port: port)
                    connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
                    if round % 2 == 0 { connection.resetOnClose() }
                }
            }
            let sent = 8 * paths.count
            #expect(await Self.eventually(within: 20) { Self.answeredRequests(metrics) == sent })
            // As long as answering them may take beside a hundred other suites on two cores.
            #expect(
                await Self.eventually(within: 20) { Self.holdsNoStream(metrics) },
                "streams left behind: \(metricValue("habits_live_subscribers", in: metrics) ?? -1) subscriptions")

            // The streams of a client that stays work as before.
            let stream = try EventStreamClient(port: port, path: "/v1/screens/home/events")
            #expect(await stream.nextEvent(timeout: 5)?.event == "document")
            #expect(metricValue("habits_live_subscribers", in: metrics) == 1)
        }
    }

    @Test(.timeLimit(.minutes(1))) func anIdleStreamWhoseClientLeavesEndsAtOnce() async throws {
        let (store, _, _) = try await screenStore()
        let metrics = ServerMetrics()
        let app = makeApplication(
            store: store, metrics: metrics, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var streams: [EventStreamClient] = []
            for path in ["/v1/screens/home/events", "/screens/home/live", "/v1/screens/users/events"] {
                let stream = try EventStreamClient(port: port, path: path)
                #expect(await stream.nextEvent(timeout: 5)?.event == "document")
                streams.append(stream)
            }
            #expect(metricValue("habits_live_subscribers", in: metrics) == 3)
            // The streams have nothing to write for a while (the next keep-alive is seconds away): their
            // connections' closing alone must end them.
            streams.removeAll()
            #expect(
                await Self.eventually(within: 3) { Self.holdsNoStream(metrics) },
                "streams whose clients left: \(metricValue("habits_live_subscribers", in: metrics) ?? -1)")
        }
    }

    @Test(.timeLimit(.minutes(1))) func streamsPastTheBoundsAreTurnedAwayWithRetryAfter() async throws {
        let (store, _, _) = try await screenStore()
        let metrics = ServerMetrics()
        let configuration = ServerConfiguration(
            port: 0, activeUser: "user0", maximumStreams: 3, maximumStreamsPerClient: 2)
        let app = makeApplication(store: store, metrics: metrics, configuration: configuration)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var open = [EventStreamClient]()
            for _ in 0..<2 {
                let stream = try EventStreamClient(port: port, path: "/v1/screens/home/events")
                #expect(await stream.nextEvent(timeout: 5)?.event == "document")
                open.append(stream)
            }
            // A third from the same address: past the per-client bound.
            let refused = try await client.execute(uri: "/v1/screens/habits/events", method: .get) { $0 }
            try expectError(refused, .serviceUnavailable, code: "busy")
            #expect(refused.headers[.retryAfter] == "5")
            let web = try EventStreamClient(port: port, path: "/screens/home/live")
            #expect(await web.responseStatus(within: 5) == 503)
            #expect(web.head.lowercased().contains("retry-after: 5"))

            #if os(Linux)
            // Another address has its own bound, within the total of three.
            let other = try EventStreamClient(port: port, path: "/v1/screens/home/events", from: "127.0.0.2")
            #expect(await other.nextEvent(timeout: 5)?.event == "document")
            let fourth = try EventStreamClient(port: port, path: "/v1/screens/home/events", from: "127.0.0.3")
            #expect(await fourth.responseStatus(within: 5) == 503, "past the total")
            open.append(other)
            #endif

            // A stream that ends gives its place back.
            open.removeFirst()
            #expect(await Self.eventually(within: 10) { metricValue("habits_open_streams", in: metrics) == 2 })
            let again = try EventStreamClient(port: port, path: "/v1/screens/home/events")
            #expect(await again.nextEvent(timeout: 5)?.event == "document")
            #expect(metricValue("habits_live_subscribers", in: metrics) == Double(open.count + 1))
        }
    }

    @Test func theLimitCountsEachClientAndGivesPlacesBackOnce() throws {
        let limit = StreamLimit(maximum: 3, maximumPerClient: 2)
        let first = try limit.admit(client: "10.0.0.1")
        var second: StreamTicket? = try limit.admit(client: "10.0.0.1")
        #expect(throws: APIError.self) { _ = try limit.admit(client: "10.0.0.1") }
        let third = try limit.admit(client: "10.0.0.2")
        #expect(throws: APIError.self) { _ = try limit.admit(client: "10.0.0.3") }
        #expect(limit.openCount == 3)
        second = nil  // dropped unreleased: the place comes back
        #expect(second == nil && limit.openCount == 2)
        first.release()
        first.release()
        #expect(limit.openCount == 1)
        let fourth = try limit.admit(client: "10.0.0.1")
        #expect(limit.openCount == 2)
        withExtendedLifetime((third, fourth)) {}
    }

    @Test func oneAccountSpreadOverManyAddressesIsLimitedToo() throws {
        let limit = StreamLimit(maximum: 10, maximumPerClient: 2, maximumPerAddress: 5)
        let first = try limit.admit(client: "10.0.0.1", account: 7)
        var second: StreamTicket? = try limit.admit(client: "10.0.0.2", account: 7)
        #expect(throws: APIError.self) { _ = try limit.admit(client: "10.0.0.3", account: 7) }
        second = nil
        let again = try limit.admit(client: "10.0.0.4", account: 7)
        #expect(second == nil && limit.openCount == 2)
        withExtendedLifetime((first, again)) {}
    }

    @Test func neighboursBehindOneAddressKeepTheirOwnBound() throws {
        let limit = StreamLimit(maximum: 100, maximumPerClient: 2, maximumPerAddress: 5)
        // One member at the office's address holds their two; the next member there still gets theirs.
        let mine = try (0..<2).map { _ in try limit.admit(client: "10.0.0.1", account: 7) }
        #expect(throws: APIError.self) { _ = try limit.admit(client: "10.0.0.1", account: 7) }
        let theirs = try (0..<2).map { _ in try limit.admit(client: "10.0.0.1", account: 8) }
        // An anonymous client there has a bound of its own, inside the address's.
        let anonymous = try limit.admit(client: "10.0.0.1")
        // The address's own bound, far above one account's, still holds them all.
        #expect(throws: APIError.self) { _ = try limit.admit(client: "10.0.0.1", account: 9) }
        #expect(throws: APIError.self) { _ = try limit.admit(client: "10.0.0.1") }
        let elsewhere = try limit.admit(client: "10.0.0.2", account: 9)
        #expect(limit.openCount == 6)
        withExtendedLifetime((mine, theirs, anonymous, elsewhere)) {}
        // By default an address holds sixteen accounts' worth.
        #expect(StreamLimit(maximum: 10_000, maximumPerClient: 64).maximumPerAddress == 1_024)
    }

    /// Runs the real application on a free port for `body`, as `habits serve` does: the test framework's
    /// live server sets its own address and leaves the connection bound out.
    static func withServer(
        _ configuration: ServerConfiguration, metrics: ServerMetrics, _ body: (Int) async throws -> Void
    ) async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        var logger = Logger(label: "habits.test")
        logger.logLevel = .warning
        let (ports, port) = AsyncStream<Int>.makeStream()
        let app = buildApplication(
            configuration: configuration, store: store, simulator: nil, logger: logger, metrics: metrics,
            clock: { Fixture.now }, onReady: { port.yield($0) })
        let server = Task { try await app.run() }
        defer { server.cancel() }
        var iterator = ports.makeAsyncIterator()
        let bound = try #require(await iterator.next())
        try await body(bound)
        server.cancel()
        _ = try? await server.value
    }

    @Test(.timeLimit(.minutes(1))) func connectionsPastTheBoundWaitUntilOneCloses() async throws {
        let metrics = ServerMetrics()
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, maximumConnections: 3)
        try await Self.withServer(configuration, metrics: metrics) { port in
            var held: [RawConnection] = []
            for _ in 0..<3 {
                let connection = try RawConnection(port: port)
                connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(await connection.receivesResponse(within: 20))
                held.append(connection)
            }
            #expect(metricValue("habits_open_connections", in: metrics) == 3)
            let waiting = try RawConnection(port: port)
            waiting.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await !waiting.receivesResponse(within: 1), "a fourth connection was served")
            held.removeFirst()
            // Within 20 s: the close has to reach the server and free the place on a machine busy with other tests.
            #expect(
                await waiting.receivesResponse(within: 20), "the waiting connection was not served after one closed")
        }
    }
}
