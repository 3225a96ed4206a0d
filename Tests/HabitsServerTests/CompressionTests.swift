import CompressNIO
import Foundation
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HabitsServer

/// Responses go gzip-compressed to clients that accept it; an event stream's events arrive whole, each
/// as it is sent.
@Suite struct CompressionTests {
    /// Property: chunks compressed one by one read back, after each chunk, as exactly the chunks so far,
    /// and the whole stream (its trailer's checksum and length included) inflates in one go.
    @Test func everyPrefixOfTheStreamInflatesToTheChunksSoFar() throws {
        forEachSeed(count: 60) { (seed: UInt64) in
            var random = SplitMix(seed: seed)
            var stream = GzipStream()
            let reader = try? GzipReader()
            var sent: [UInt8] = [], received: [UInt8] = [], whole: [UInt8] = []
            for _ in 0..<Int(random.next() % 6) {
                let length = Int(random.next() % 5_000)
                let alphabet = Array("event: changes\ndata: {\"id\":\"habit-12\",\"html\":\"<b>명상</b>\"}\n\n".utf8)
                let chunk = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
                sent += chunk
                guard let compressed = try? stream.compress(ByteBuffer(bytes: chunk), allocator: .init()) else {
                    Issue.record("seed \(seed): compressing failed")
                    return
                }
                whole += compressed.readableBytesView
                received += (try? reader?.feed(compressed.readableBytesView)) ?? []
                #expect(received == sent, "seed \(seed): a chunk is readable as soon as it is sent")
            }
            whole += stream.finish(allocator: .init()).readableBytesView
            var buffer = ByteBuffer(bytes: whole)
            let inflated = try? buffer.decompress(with: .gzip())
            #expect(inflated.map { Array($0.readableBytesView) } == sent, "seed \(seed)")
            // The trailer is checked: a wrong checksum is refused.
            whole[whole.count - 8] ^= 0xFF
            var corrupted = ByteBuffer(bytes: whole)
            #expect((try? corrupted.decompress(with: .gzip())) == nil, "seed \(seed)")
        }
    }

    @Test func acceptEncodingIsReadWithItsQualities() {
        typealias Middleware = ResponseCompressionMiddleware<BasicRequestContext>
        #expect(Middleware.acceptsGzip(["gzip, deflate, br"]))
        #expect(Middleware.acceptsGzip(["br;q=1.0, GZIP;q=0.5"]))
        #expect(Middleware.acceptsGzip(["*"]))
        #expect(!Middleware.acceptsGzip(["gzip;q=0"]))
        #expect(!Middleware.acceptsGzip(["*, gzip;q=0"]))
        #expect(!Middleware.acceptsGzip(["br", "identity"]))
        #expect(!Middleware.acceptsGzip([]))
    }

    @Test func pagesAndJSONAreCompressedOnlyWhenAccepted() async throws {
        let (store, _, habits) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            for path in ["/screens/emoji?habit=\(habits["Run"] ?? 0)", "/v1/screens/habits", "/web/app.js"] {
                let plain = try await client.execute(uri: path, method: .get)
                #expect(plain.headers[.contentEncoding] == nil, "\(path)")
                #expect(plain.headers[.vary] == "Accept-Encoding", "\(path)")
                let compressed = try await client.execute(
                    uri: path, method: .get, headers: [.acceptEncoding: "gzip, deflate, br"])
                #expect(compressed.headers[.contentEncoding] == "gzip", "\(path)")
                #expect(compressed.body.readableBytes < plain.body.readableBytes / 2, "\(path)")
                var body = compressed.body
                #expect(try body.decompress(with: .gzip()) == plain.body, "\(path)")
            }
            // Too short to be worth it.
            let health = try await client.execute(uri: "/healthz", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(health.headers[.contentEncoding] == nil)
        }
    }

    @Test func aCompressedStaticFileIsStillRevalidated() async throws {
        let (store, _, _) = try await screenStore()
        try await makeApplication(store: store).test(.router) { client in
            let first = try await client.execute(uri: "/web/app.js", method: .get, headers: [.acceptEncoding: "gzip"])
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("W/\""), "a compressed representation carries a weak tag")
            let again = try await client.execute(
                uri: "/web/app.js", method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: tag])
            #expect(again.status == .notModified)
        }
    }

    @Test func anEventStreamSendsEachEventCompressedAndWhole() async throws {
        let (store, users, habits) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let path = "/v1/screens/habit/events?habit=\(habits["Run"] ?? 0)"
            let plain = try EventStreamClient(port: port, path: path)
            let compressed = try EventStreamClient(port: port, path: path, headers: ["Accept-Encoding": "gzip"])
            let first = await compressed.nextEvent(timeout: 5)
            #expect(compressed.contentEncoding == "gzip")
            #expect(plain.contentEncoding == nil)
            let firstPlain = await plain.nextEvent(timeout: 5)
            #expect(first != nil && first == firstPlain)
            _ = try await client.execute(
                uri: "/v1/logs", method: .post, headers: [.contentType: "application/json"],
                body: try jsonBody(["userID": users["user1"] ?? 0, "habitID": habits["Run"] ?? 0]))
            let change = await compressed.nextEvent(timeout: 5)
            #expect(change?.event == "changes")
            let changePlain = await plain.nextEvent(timeout: 5)
            #expect(change == changePlain)
        }
    }
}
