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
        // The decoder would keep bytes that are not UTF-8 as U+FFFD in a stored name: refused, as in a query.
        guard isPercentEncodedUTF8(body.readableBytesView) else {
            throw HabitsError.malformed(reason: "The form is not percent-encoded UTF-8.")
        }
        do {
            return try URLEncodedFormDecoder().decode(T.self, from: String(buffer: body))
        } catch let error as DecodingError {
            throw HabitsError.malformed(reason: DecodingErrorMessage.describe(error))
        } catch {
            throw HabitsError.malformed(reason: "The body is not the form this page sends.")
        }
    }

    /// Whether `form`, once its `%XX` escapes are decoded, is UTF-8.
    ///
    /// - Complexity: O(n) for n bytes.
    static func isPercentEncodedUTF8(_ form: some Collection<UInt8>) -> Bool {
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        let encoded = Array(form)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(encoded.count)
        var index = 0
        while index < encoded.count {
            if encoded[index] == UInt8(ascii: "%"), index + 2 < encoded.count,
                let high = hexValue(encoded[index + 1]), let low = hexValue(encoded[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(encoded[index])
                index += 1
            }
        }
        return String(bytes: decoded, encoding: .utf8) != nil
    }
}
