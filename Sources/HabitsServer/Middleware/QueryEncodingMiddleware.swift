import Foundation
import HabitsDomain
import Hummingbird

/// Refuses a query string that is not percent-encoded UTF-8 (`%FF`, `%zz`, a lone `%`) with a 400, on
/// every route: decoded leniently, such bytes would become U+FFFD and reach a search or a page as text
/// the client never sent.
struct QueryEncodingMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let query = request.uri.query, query.contains("%"), query.removingPercentEncoding == nil {
            throw HabitsError.malformed(reason: "The query string is not percent-encoded UTF-8.")
        }
        return try await next(request, context)
    }
}
