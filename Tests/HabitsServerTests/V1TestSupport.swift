import Foundation
import HabitsDomain
import HabitsServer
import HabitsSQLite
import HabitsStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Decodes a `/v1` body with the server's own decoder (ISO 8601 instants).
func decodeV1<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
    try HabitsJSON.decoder().decode(T.self, from: Data(response.body.readableBytesView))
}

/// A JSON body from a literal.
func body(_ json: String) -> ByteBuffer { ByteBuffer(string: json) }

/// A JSON body from a value, encoded as the server encodes.
func v1Body(_ value: some Encodable) throws -> ByteBuffer { ByteBuffer(bytes: try HabitsJSON.encoder().encode(value)) }

extension TestClientProtocol {
    /// Sends a request and returns the response for checks outside the closure.
    func send(
        _ uri: String, _ method: HTTPRequest.Method = .get, _ body: ByteBuffer? = nil
    ) async throws -> TestResponse {
        try await execute(uri: uri, method: method, headers: [.contentType: "application/json"], body: body) { $0 }
    }

    /// Every item of a `/v1` listing read as `who` (nil: anonymous), following cursors with pages of `limit`.
    func all<Item: Decodable & Codable & Hashable & Sendable>(
        _ path: String, _ type: Item.Type, limit: Int = 2, as who: SignedIn? = nil
    ) async throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        repeat {
            let separator = path.contains("?") ? "&" : "?"
            let uri = "\(path)\(separator)limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")
            let response = try await send(uri, as: who)
            #expect(response.status == .ok, "\(uri)")
            let page = try decodeV1(Page<Item>.self, response)
            items += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return items
    }
}
