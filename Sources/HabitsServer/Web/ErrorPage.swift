import Foundation
import HTTPTypes
import Hummingbird

/// An error met on a web page that a person reads: `ErrorMiddleware` answers it as an HTML page in the
/// account pages' look, with the status and the sentence the JSON API gives the error it wraps, rather than
/// with a JSON body.
struct PageError: Error {
    var underlying: any Error

    init(_ underlying: any Error) {
        // Wrapped once, however many layers mark it.
        self.underlying = (underlying as? PageError)?.underlying ?? underlying
    }
}

/// Marks every error its routes throw as a page's (`PageError`): a form that is not the one the page
/// sends, or a failure of the store, is answered as a page too.
struct PageErrorMiddleware: RouterMiddleware {
    typealias Context = HabitsRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            throw PageError(error)
        }
    }
}

/// What the error page shows: a heading for the status and the error's own sentence.
struct ErrorPageView: Sendable {
    var title: String
    var message: String

    init(status: HTTPResponse.Status, message: String) {
        self.message = message
        title =
            switch status.code {
            case 401: "Sign in first"
            case 403: "Not allowed"
            case 404: "Not found"
            case 500...: "Something went wrong"
            default: "Refused"
            }
    }
}

enum ErrorPage {
    /// The page for an error of `status` saying `message`; nil when the web client's templates cannot be
    /// read, and the caller answers the JSON body instead.
    static func response(status: HTTPResponse.Status, message: String, assets: WebAssets) -> Response? {
        try? WebAccountController.page(assets, "error", ErrorPageView(status: status, message: message), status: status)
    }
}
