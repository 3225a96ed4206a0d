import Foundation
import HabitsDomain
import HTTPTypes
import Hummingbird

/// A value answered as JSON with the project's encoder (sorted keys, ISO 8601 instants).
struct JSON<Value: Encodable & Sendable>: ResponseGenerator {
    var value: Value
    var status: HTTPResponse.Status = .ok
    /// Extra headers, such as `Location`.
    var headers: HTTPFields = [:]
    /// Whether caches must not keep it (statistics change with every log).
    var noStore = false

    init(_ value: Value, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], noStore: Bool = false) {
        self.value = value
        self.status = status
        self.headers = headers
        self.noStore = noStore
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = JSONResponse.bytes(try HabitsJSON.encoder().encode(value), noStore: noStore)
        response.status = status
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}

extension JSON {
    /// 201 Created with the new resource and its `Location`.
    static func created(_ value: Value, location: String) -> JSON {
        JSON(value, status: .created, headers: [.location: location])
    }
}

/// 204 No Content.
struct NoContent: ResponseGenerator {
    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: .noContent)
    }
}

/// Bodies the project writes as they are: pre-encoded JSON and the course API's `{}`.
enum JSONResponse {
    /// The course API's answer to a write: an empty object.
    static var emptyObject: Response { bytes(Data("{}".utf8)) }

    /// A 200 response carrying `data` as JSON.
    static func bytes(_ data: Data, noStore: Bool = false) -> Response {
        bytes(ByteBuffer(bytes: data), noStore: noStore)
    }

    /// A 200 response carrying `buffer` as JSON. A kept buffer is shared with the response, not copied.
    static func bytes(_ buffer: ByteBuffer, noStore: Bool = false) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if noStore { headers[.cacheControl] = "no-store" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: buffer))
    }
}
