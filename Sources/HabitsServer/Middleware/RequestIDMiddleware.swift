import HTTPTypes
import Hummingbird

/// Echoes the request id (already in every log line as `hb.request.id`) in an `X-Request-ID` header,
/// so a client's report can be matched with the server's logs.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.requestID] = context.id
        return response
    }
}

extension HTTPField.Name {
    static let requestID = Self("X-Request-ID")!
}
