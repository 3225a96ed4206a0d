import Foundation
import HabitsDomain
@testable import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Slow, idle, many or paused: the server stays bounded.
@Suite struct AbuseBoundsTests {
    func app(_ store: SQLiteHabitStore) -> some ApplicationProtocol {
        makeApplication(
            store: store,
            configuration: ServerConfiguration(port: 0, idleTimeout: .seconds(1), readTimeout: .seconds(1))
        )
    }

    /// Sends `piece(n)` every 300 ms for 18 s; the seconds until the server closed the connection, nil
    /// when it never did.
    static func secondsUntilCutOff(
        _ connection: RawConnection, piece: (Int) -> String
    ) async throws -> Double? {
        let start = Date()
        for index in 0..<60 {
            try await Task.sleep(for: .milliseconds(300))
            if !connection.send(piece(index)) || connection.waitForClose(timeout: 0.01) {
                return Date().timeIntervalSince(start)
            }
        }
        return connection.waitForClose(timeout: 2) ? Date().timeIntervalSince(start) : nil
    }

    @Test(.timeLimit(.minutes(1))) func aBodySentByteByByteIsCutOff() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await app(store).test(.live) { client in
            let connection = try RawConnection(port: try #require(client.port))
            connection.send(
                "POST /loggedHabit HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100\r\n\r\n{"
            )
            // One byte every 300 ms keeps an idle timer alive; the deadline for the whole request does not move.
            // Trickling goes on for 18 s, so a cut-off within 12 s is the deadline's even on a loaded machine.
            let seconds = try await Self.secondsUntilCutOff(connection) { _ in " " }
            #expect(seconds != nil, "the connection was cut off")
            #expect((seconds ?? .infinity) < 12)
        }
    }

    @Test(.timeLimit(.minutes(1))) func aHeadSentOneLineAtATimeIsCutOffAtTheReadTimeout() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        // A long wait for the next request, a short one for a request: the head is a request too.
        let app = makeApplication(
            store: store,
            configuration: ServerConfiguration(port: 0, idleTimeout: .seconds(60), readTimeout: .seconds(1)))
        try await app.test(.live) { client in
            let connection = try RawConnection(port: try #require(client.port))
            connection.send("GET /healthz HTTP/1.1\r\n")
            let seconds = try await Self.secondsUntilCutOff(connection) { "X-Slow-\($0): 1\r\n" }
            #expect(seconds != nil, "the connection was cut off")
            #expect((seconds ?? .infinity) < 12)
        }
    }

    @Test(.timeLimit(.minutes(1))) func aMalformedChunkedBodyIsABadRequest() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let before = store.currentRevision()
        try await makeApplication(store: store).test(.live) { client in
            let port = try #require(client.port)
            for size in ["zz", "-1", "FFFFFFFFFFFFFFFFFF"] {
                let connection = try RawConnection(port: port)
                connection.send(
                    "POST /v1/help/tags HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n\(size)\r\n{}\r\n0\r\n\r\n")
                let response = connection.receiveUntilClosed(timeout: 30)
                #expect(response.hasPrefix("HTTP/1.1 400"), "chunk size \(size): \(response.prefix(200))")
                #expect(response.contains(#""code":"malformed_request""#), "chunk size \(size)")
            }
        }
        #expect(store.currentRevision() == before)
    }

    @Test(.timeLimit(.minutes(1))) func anIdleConnectionIsClosed() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await app(store).test(.live) { client in
            let connection = try RawConnection(port: try #require(client.port))
            #expect(connection.waitForClose(timeout: 12))
        }
    }

    @Test(.timeLimit(.minutes(1))) func aPromptRequestIsAnswered() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        // Short deadlines, but not so short that a busy test machine misses them between connect and send.
        let app = makeApplication(
            store: store,
            configuration: ServerConfiguration(port: 0, idleTimeout: .seconds(15), readTimeout: .seconds(15))
        )
        try await app.test(.live) { client in
            let response = try await client.execute(uri: "/healthz", method: .get) { $0 }
            #expect(response.status == .ok)
        }
    }

    @Test func uploadsBeyondTheLimitAreTurnedAwayAtOnce() async throws {
        let limit = ConcurrencyLimit(maximum: 2)
        let (gate, opener) = AsyncStream<Void>.makeStream()
        let started = AsyncStream<Void>.makeStream()
        let holders = (0..<2).map { _ in
            Task {
                try await limit.run {
                    started.continuation.yield()
                    for await _ in gate { break }
                }
            }
        }
        var iterator = started.stream.makeAsyncIterator()
        _ = await iterator.next()
        _ = await iterator.next()
        await #expect(throws: APIError.self) { try await limit.run {} }
        opener.yield()
        opener.yield()
        opener.finish()
        for holder in holders { try await holder.value }
        try await limit.run {}
    }

    @Test func importsAreOneAtATimePerAccountAndBoundedInAll() async throws {
        let refusal = HabitsError.conflict(reason: "one at a time")
        let limit = AccountConcurrencyLimit(maximum: 2, refusal: refusal, noun: "imports")
        let (gate, opener) = AsyncStream<Void>.makeStream()
        let started = AsyncStream<Void>.makeStream()
        // Accounts 1 and 2 each hold one place.
        let holders = [Int64(1), 2].map { account in
            Task {
                try await limit.run(account: account) {
                    started.continuation.yield()
                    for await _ in gate { break }
                }
            }
        }
        var iterator = started.stream.makeAsyncIterator()
        _ = await iterator.next()
        _ = await iterator.next()
        #expect(limit.runningCount == 2)
        // Account 1's second meets its own refusal, whatever the total; account 3 finds no room in all.
        await #expect(throws: refusal) { try await limit.run(account: 1) {} }
        await #expect(throws: APIError.self) { try await limit.run(account: 3) {} }
        opener.yield()
        opener.yield()
        opener.finish()
        for holder in holders { try await holder.value }
        #expect(limit.runningCount == 0)
        try await limit.run(account: 1) {}
        // A failure gives its place back too.
        await #expect(throws: refusal) { try await limit.run(account: 3) { throw refusal } }
        try await limit.run(account: 3) {}
    }
}
