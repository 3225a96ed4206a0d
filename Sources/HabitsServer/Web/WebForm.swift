import Foundation
import HabitsDomain
import HTTPTypes
import Hummingbird

/// The body of a web form: `application/x-www-form-urlencoded`, bounded, decoded into `T`.
enum WebForm {
    /// The largest form accepted: a 1,024-byte password percent-encoded three times over fits.
    static let maximumBytes = 8 * 1024

    /// The form of `request`: 415 unless labelled as a form, 413 past `limit` bytes, 400 when a field is
    /// missing or malformed.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, upTo limit: Int = maximumBytes)
        async throws -> T
    {
        let mediaType = request.headers[.contentType].map(MediaType.essence)
        guard mediaType == "application/x-www-form-urlencoded" else {
            throw APIError(
                status: .unsupportedMediaType, code: "unsupported_media_type",
                message: "The body must be a form, sent with Content-Type: application/x-www-form-urlencoded.")
        }
        let body = try await request.body.collect(upTo: limit)
        do {
            return try URLEncodedFormDecoder().decode(T.self, from: String(buffer: body))
        } catch let error as DecodingError {
            throw HabitsError.malformed(reason: DecodingErrorMessage.describe(error))
        } catch {
            throw HabitsError.malformed(reason: "The body is not the form this page sends.")
        }
    }
}
