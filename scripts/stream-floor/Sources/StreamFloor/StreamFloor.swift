import Foundation
import Hummingbird
import NIOCore

/// The open streams' wakes, so that one request wakes every stream.
final class StreamWakes: @unchecked Sendable {
    // Guarded by `lock`; a lock rather than `Mutex` keeps macOS 14 supported.
    private let lock = NSLock()
    private var wakes: [Int: AsyncStream<Int>.Continuation] = [:]
    private var nextID = 0

    /// Adds a stream's wake; the answer names it for `remove`.
    func add(_ wake: AsyncStream<Int>.Continuation) -> Int {
        lock.withLock {
            nextID += 1
            wakes[nextID] = wake
            return nextID
        }
    }

    /// Forgets a stream's wake.
    func remove(_ id: Int) {
        _ = lock.withLock { wakes.removeValue(forKey: id) }
    }

    /// Wakes every stream with `event`; the answer is how many there were.
    ///
    /// - Complexity: O(s) for the s open streams.
    func wakeAll(with event: Int) -> Int {
        let all = lock.withLock { Array(wakes.values) }
        for wake in all { wake.yield(event) }
        return all.count
    }
}

/// `GET /healthz`; `GET /events`, an event stream that sends a small document, then a 500-byte event per
/// wake, prepared but for its id; `POST /wake?event=N`, which wakes every stream.
@main
struct StreamFloor {
    static func main() async throws {
        let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8099
        let wakes = StreamWakes()
        let padding = String(repeating: "x", count: 460)
        let router = Router()
        router.get("healthz") { _, _ in "ok" }
        router.post("wake") { request, _ -> String in
            let event = request.uri.queryParameters.get("event").flatMap { Int($0) } ?? 0
            return String(wakes.wakeAll(with: event))
        }
        router.get("events") { _, _ -> Response in
            let body = ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "event: document\ndata: {}\n\n"))
                let (events, wake) = AsyncStream.makeStream(of: Int.self)
                let id = wakes.add(wake)
                defer { wakes.remove(id) }
                for await event in events {
                    try await writer.write(ByteBuffer(string: "event: change\nid: \(event)\ndata: \"\(padding)\"\n\n"))
                }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "text/event-stream"], body: body)
        }
        let configuration = ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), backlog: 4_096)
        let app = Application(router: router, configuration: configuration)
        print("listening on http://127.0.0.1:\(port)")
        try await app.runService()
    }
}
