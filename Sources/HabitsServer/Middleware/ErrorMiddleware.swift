import Foundation
import HabitsDomain
import Hummingbird
import Logging
import NIOHTTP1

/// The one place where errors become HTTP responses: every failure leaves as
/// `{"error": {"code": …, "message": …}}` with a fitting status, but an error a web page met (`PageError`),
/// which leaves as an HTML page saying the same.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The error page's templates.
    var pages: WebAssets = .bundled

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let (status, code, message) = Self.describe(error)
            if status.code >= 500 {
                context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            let page = error is PageError ? ErrorPage.response(status: status, message: message, assets: pages) : nil
            var response = page ?? APIError.response(status: status, code: code, message: message)
            if let extra = (Self.unwrapped(error) as? APIError)?.headers {
                for field in extra { response.headers.append(field) }
            }
            return response
        }
    }

    static func describe(_ error: any Error) -> (HTTPResponse.Status, String, String) {
        switch error {
        case let error as PageError:
            return describe(error.underlying)
        case let error as HabitsError:
            return (status(for: error), error.code, error.message)
        case let error as APIError:
            return (error.status, error.code, error.message)
        case is DecodingError:
            return (.badRequest, "malformed_request", DecodingErrorMessage.describe(error))
        case is HTTPParserError:
            // Thrown while a handler reads the body: a chunk size that is not hexadecimal, for one.
            return (.badRequest, "malformed_request", "The request is not valid HTTP/1.1.")
        case let error as any HTTPResponseError:
            let status = error.status
            switch status {
            case .notFound: return (status, "not_found", "No such route.")
            case .contentTooLarge:
                return (status, "payload_too_large", "The request body is too large.")
            case .methodNotAllowed:
                return (status, "method_not_allowed", "This route does not accept that method.")
            default:
                let text = (error as? HTTPError)?.body ?? status.reasonPhrase
                return (status, "http_\(status.code)", text)
            }
        default:
            return (.internalServerError, "internal", "The server failed to handle the request.")
        }
    }

    /// The error a page's error wraps, else `error` itself.
    static func unwrapped(_ error: any Error) -> any Error { (error as? PageError)?.underlying ?? error }

    static func status(for error: HabitsError) -> HTTPResponse.Status {
        switch error {
        case .notFound: .notFound
        case .invalid, .futureDay: .unprocessableContent
        case .malformed: .badRequest
        case .conflict: .conflict
        case .unavailable: .serviceUnavailable
        case .storageFull: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
        case .unauthenticated: .unauthorized
        case .forbidden: .forbidden
        }
    }
}
