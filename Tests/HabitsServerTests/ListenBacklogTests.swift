import Foundation
import HabitsTestSupport
import NIOCore
import Prometheus
import Testing

@testable import HabitsServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Connections that arrive together wait for the server in the kernel's queue rather than being dropped: a
/// dropped attempt is retried a second later, which once took half the time of opening 10,000 event streams.
@Suite struct ListenBacklogTests {
    /// The longest queue the system lets a listening socket have (`net.core.somaxconn`), 0 where unknown.
    static var systemQueueLength: Int {
        let text = try? String(contentsOfFile: "/proc/sys/net/core/somaxconn", encoding: .utf8)
        return text.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
    }

    /// Starts a connection to 127.0.0.1:`port` without waiting for its handshake; nil when the system refused.
    static func startConnecting(port: Int) throws -> Int32? {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let started = try SocketAddress(ipAddress: "127.0.0.1", port: port).withSockAddr { address, size in
            connect(descriptor, address, socklen_t(size))
        }
        guard started == 0 || errno == EINPROGRESS else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// How many of `descriptors` complete their handshake within `seconds`.
    static func handshakesCompleted(_ descriptors: [Int32], within seconds: Double) -> Int {
        var pending = Set(descriptors)
        var completed = 0
        let deadline = Date().addingTimeInterval(seconds)
        while !pending.isEmpty, Date() < deadline {
            var polled = pending.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), 50) >= 0 else { break }
            for entry in polled where entry.revents != 0 {
                pending.remove(entry.fd)
                var failure: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(entry.fd, SOL_SOCKET, SO_ERROR, &failure, &length)
                if failure == 0 { completed += 1 }
            }
        }
        return completed
    }

    /// The server holds one connection and accepts no more (`--max-connections 1`): as many connections as
    /// the system's queue allows (up to 400), made at once, all complete their handshakes in the kernel's
    /// queue. With Hummingbird's default backlog of 256, the rest were dropped and retried a second later.
    @Test(.timeLimit(.minutes(1)), .enabled(if: systemQueueLength > 256, "the system caps the queue at 256"))
    func aBurstOfConnectionsWaitsInTheQueueInsteadOfBeingDropped() async throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let burst = min(400, Self.systemQueueLength)
        try #require(limit.rlim_cur > rlim_t(burst + 128), "the test needs \(burst + 128) descriptors")
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, maximumConnections: 1)
        try await StreamBoundsTests.withServer(configuration, metrics: ServerMetrics()) { port in
            var held: RawConnection? = try RawConnection(port: port)
            held?.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await held?.receivesResponse(within: 20) == true)
            var descriptors: [Int32] = []
            for _ in 0..<burst {
                if let descriptor = try Self.startConnecting(port: port) { descriptors.append(descriptor) }
            }
            #expect(descriptors.count == burst)
            // Well under the second after which a dropped attempt is retried.
            #expect(Self.handshakesCompleted(descriptors, within: 0.8) == burst)
            for descriptor in descriptors { close(descriptor) }
            // The server takes the queued connections (each now ended) one by one once the held one closes, and
            // serves a later one after them: none is left to be accepted while the server shuts down.
            held = nil
            let last = try RawConnection(port: port)
            last.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await last.receivesResponse(within: 30), "the connection after the queued ones was not served")
        }
    }
}
