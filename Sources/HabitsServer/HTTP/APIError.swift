import Foundation
import HTTPTypes
import HabitsDomain
import Hummingbird

/// An error raised by the HTTP layer itself (as opposed to the domain), with its status and code.
struct APIError: Error {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    /// Headers the error response carries (such as `Allow` on a 405).
    var headers: HTTPFields = [:]

    /// The JSON error body every failure carries: `{"error": {"code": …, "message": …}}`.
    static func response(status: HTTPResponse.Status, code: String, message: String) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let fallback = Data(#"{"error":{"code":"internal","message":""}}"#.utf8)
        let bytes = (try? encoder.encode(APIErrorBody(code: code, message: message))) ?? fallback
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}

/// The JSON error body: `{"error": {"code": …, "message": …}}`.
struct APIErrorBody: Encodable {
    struct Detail: Encodable {
        var code: String
        var message: String
    }

    var error: Detail

    /// A body whose message is at most `Excerpt.maximumMessageCharacters` long, whatever it quotes.
    init(code: String, message: String) {
        error = Detail(code: code, message: Excerpt.cut(message, to: Excerpt.maximumMessageCharacters))
    }

    init(_ error: HabitsError) {
        self.init(code: error.code, message: error.message)
    }
}
