import Foundation
import HabitsDemo
import HabitsDomain
@testable import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Logging
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Behind a TLS-terminating reverse proxy: its forwarding headers are believed from `--trusted-proxy`
/// peers only. The test client's socket is on 127.0.0.1, so the same requests go to a server that
/// trusts 127.0.0.1 and to one that trusts only another address.
@Suite struct TrustedProxyTests {
    static let log = #"{"userID":"user1","habitName":"Run","timestamp":"2026-11-20T10:00:00Z"}"#

    func app(_ store: SQLiteHabitStore, trusting proxies: [String]) -> some ApplicationProtocol {
        makeApplication(
            store: store, demo: DemoDataSet(activeUserID: "user0", now: Fixture.now),
            configuration: ServerConfiguration(
                port: 0, allowedHosts: ["habits.example"], trustedProxies: proxies.compactMap { IPAddressRange($0) })
        )
    }

    /// What a browser on `https://habits.example` (port 443) sends for a write, as the proxy passes it on.
    static let browserWrite: HTTPFields = [
        .contentType: "application/json", .origin: "https://habits.example", .secFetchSite: "same-origin",
    ]

    @Test func aProxiedHTTPSWriteFromThePagePassesFromATrustedProxy() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await app(store, trusting: ["127.0.0.1"]).test(.live) { client in
            let port = try #require(client.port)
            func write(_ forwarding: HTTPFields, host: String = "habits.example") async throws -> HTTPResponse.Status {
                var headers = Self.browserWrite
                headers.append(contentsOf: forwarding)
                return try await sendLive(
                    port: port, "/loggedHabit", .post, authority: host, headers: headers,
                    body: ByteBuffer(string: Self.log)
                ).head.status
            }
            // nginx's `X-Forwarded-*`, with `Host` rewritten to the upstream's address or kept.
            #expect(try await write([.xForwardedProto: "https", .xForwardedFor: "203.0.113.9"]) == .ok)
            #expect(try await write(
                [.xForwardedProto: "https", .xForwardedHost: "habits.example", .xForwardedFor: "203.0.113.9"],
                host: "127.0.0.1:\(port)") == .ok)
            #expect(try await write([.forwarded: "for=203.0.113.9;proto=https;host=habits.example"]) == .ok)
            // Without the proxy's word the page's https origin is port 443 against this plain hop's 80.
            #expect(try await write([:]) == .forbidden)
            #expect(try await write([.xForwardedProto: "http", .xForwardedFor: "203.0.113.9"]) == .forbidden)
        }
        #expect(try await store.statisticsSnapshot().count(userID: "user1", habitName: "Run") == 3)
    }

    /// Each forged header set, with what a server that trusts the caller makes of it and what one that
    /// does not trust it makes of it: the latter is always what the connection itself says.
    @Test(arguments: [false, true])
    func forgedHeadersFromAnUntrustedPeerChangeNothing(trusted: Bool) async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let before = store.currentRevision()
        try await app(store, trusting: trusted ? ["127.0.0.0/8"] : ["192.0.2.1", "2001:db8::/32"]).test(.live) {
            client in
            let port = try #require(client.port)
            let own = "127.0.0.1:\(port)"
            // The client address: simulator controls answer loopback clients only.
            for forged: HTTPFields in [
                [.xForwardedFor: "203.0.113.9"], [.forwarded: "for=203.0.113.9"],
                [.xForwardedFor: "127.0.0.1, 203.0.113.9"], [.forwarded: "for=127.0.0.1, for=203.0.113.9"],
            ] {
                let status = try await sendLive(
                    port: port, "/control/simulator/status", authority: own, headers: forged).head.status
                #expect(status == (trusted ? .forbidden : .ok), "\(forged)")
            }
            // The forwarded client is local when the proxy says so (and only then).
            let local = try await sendLive(
                port: port, "/control/simulator/status", authority: own, headers: [.xForwardedFor: "127.0.0.1"])
            #expect(local.head.status == .ok)

            // The host: a name not on the allow-list.
            for forged: HTTPFields in [[.xForwardedHost: "evil.example"], [.forwarded: "host=evil.example"]] {
                let status = try await sendLive(port: port, "/healthz", authority: own, headers: forged).head.status
                #expect(status == (trusted ? .misdirectedRequest : .ok), "\(forged)")
            }

            // The scheme: an https page's write to a plain-HTTP server.
            for forged: HTTPFields in [[.xForwardedProto: "https"], [.forwarded: "proto=https"]] {
                var headers = Self.browserWrite
                headers.append(contentsOf: forged)
                let status = try await sendLive(
                    port: port, "/loggedHabit", .post, authority: "habits.example", headers: headers,
                    body: ByteBuffer(string: Self.log)
                ).head.status
                #expect(status == (trusted ? .ok : .forbidden), "\(forged)")
            }
        }
        #expect(store.currentRevision() == before + (trusted ? 2 : 0))
    }

    @Test func malformedForwardedHeadersDoNotCrashAndAreIgnored() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let before = store.currentRevision()
        try await app(store, trusting: ["127.0.0.1"]).test(.live) { client in
            let port = try #require(client.port)
            let own = "127.0.0.1:\(port)"
            for value in [
                #"for="127.0.0.1;proto=https;host=evil.example"#, "for=127.0.0.1;for=127.0.0.1;proto=https",
                "proto=https host=evil.example", #"for=127.0.0.1;host="evil.example"x"#, "=", ";;,,",
                "for=" + String(repeating: "9", count: 4_000), String(repeating: "for=\"", count: 500),
                "proto=\"https", "proto=https;host=evil.example;\u{00E9}=1",
            ] {
                // Served, and nothing in it believed: the host is not checked against evil.example…
                let health = try await sendLive(port: port, "/healthz", authority: own, headers: [.forwarded: value])
                #expect(health.head.status == .ok, "\(value)")
                // …the client is unknown (not loopback, although the proxy is), even if X-Forwarded-For says so…
                let status = try await sendLive(
                    port: port, "/control/simulator/status", authority: own,
                    headers: [.forwarded: value, .xForwardedFor: "127.0.0.1"])
                #expect(status.head.status == .forbidden, "\(value)")
                // …and an https page's write is compared with this plain hop.
                var headers = Self.browserWrite
                headers[.forwarded] = value
                let write = try await sendLive(
                    port: port, "/loggedHabit", .post, authority: "habits.example", headers: headers,
                    body: ByteBuffer(string: Self.log))
                #expect(write.head.status == .forbidden, "\(value)")
            }
        }
        #expect(store.currentRevision() == before)
    }
}

/// Every log line of the resolved client's address, as the logs show it.
@Suite struct ClientAddressLogTests {
    @Test(arguments: [(["127.0.0.1"], "203.0.113.9"), (["192.0.2.1"], "127.0.0.1")])
    func logLinesNameTheResolvedClient(proxies: [String], logged: String) async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let records = LogRecords()
        var logger = Logger(label: "habits.test") { _ in RecordingLogHandler(records: records) }
        logger.logLevel = .debug
        let app = buildApplication(
            configuration: ServerConfiguration(port: 0, trustedProxies: proxies.compactMap { IPAddressRange($0) }),
            store: store,
            simulator: nil,
            logger: logger, clock: { Fixture.now })
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let response = try await sendLive(
                port: port, "/healthz?probe", authority: "127.0.0.1:\(port)", headers: [.xForwardedFor: "203.0.113.9"])
            #expect(response.head.status == .ok)
        }
        let requestLines = records.all.filter { $0["hb.request.path"] == "/healthz?probe" }
        #expect(!requestLines.isEmpty)
        #expect(requestLines.allSatisfy { $0["client"] == logged })
    }
}

/// The metadata of every line logged, as text.
final class LogRecords: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [[String: String]] = []

    var all: [[String: String]] { lock.withLock { records } }

    func append(_ record: [String: String]) { lock.withLock { records.append(record) } }
}

struct RecordingLogHandler: LogHandler {
    let records: LogRecords
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        records.append(metadata.merging(event.metadata ?? [:]) { $1 }.mapValues { "\($0)" })
    }
}
