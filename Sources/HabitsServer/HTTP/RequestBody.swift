import Foundation
import HabitsDomain
import HTTPTypes
import Hummingbird

/// Reads request bodies: JSON only with a JSON content type, never more than a limit, decoding
/// failures as 400 with a message that names the field.
enum RequestBody {
    /// The largest body of a single resource.
    static let maximumJSON = 64 * 1024
    /// The largest body of a batch of logs (1,000 logs with room for spaces).
    static let maximumBatchJSON = 1024 * 1024
    /// The largest import (`POST /v1/me/import`): years of logs as our JSON or a Loop Habit Tracker zip.
    static let maximumImport = 32 * 1024 * 1024

    /// The body decoded as `T`: 415 unless it is labelled `application/json`, 413 past `limit` bytes,
    /// 400 when it is not the expected JSON.
    ///
    /// Requiring the label also keeps web pages out: a browser sends a cross-site form or a
    /// `text/plain` fetch without asking first, but never an `application/json` one.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int = maximumJSON) async throws -> T
    {
        try requireJSONContentType(request.headers)
        let buffer = try await request.body.collect(upTo: limit)
        return try decode(T.self, from: buffer)
    }

    /// `buffer` decoded as `T`, every decoding failure a 400 with a precise message; a key written twice in
    /// one object is one (`DuplicateJSONKeys`).
    static func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        let data = Data(buffer.readableBytesView)
        let value: T
        do {
            value = try HabitsJSON.decoder().decode(T.self, from: data)
        } catch let refusal as HabitsError {
            // A value's own check while it decodes (a price's digits, its currency): its precise refusal.
            throw refusal
        } catch {
            throw HabitsError.malformed(reason: DecodingErrorMessage.describe(error))
        }
        if let path = DuplicateJSONKeys.first(in: data) {
            throw HabitsError.malformed(reason: "The field \"\(DuplicateJSONKeys.dotted(path))\" is written twice.")
        }
        return value
    }

    /// Refuses a body that is not labelled as JSON, with 415.
    static func requireJSONContentType(_ headers: HTTPFields) throws {
        let mediaType = headers[.contentType].map(MediaType.essence)
        guard mediaType == "application/json" else {
            throw APIError(
                status: .unsupportedMediaType,
                code: "unsupported_media_type",
                message: "The body must be JSON, sent with Content-Type: application/json."
            )
        }
    }
}

/// Turns decoding failures into sentences that name the field.
enum DecodingErrorMessage {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "The body is not valid JSON." }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map(\.stringValue).joined(separator: ".")
            return keys.isEmpty ? "" : " at \(keys)"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "Missing field \"\(key.stringValue)\"\(path(context))."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "Wrong type\(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "The body is not valid JSON." }
            return "Invalid value\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "The body is not valid JSON."
        }
    }
}
