import Foundation
import Hummingbird

/// Records every request in `ServerMetrics` (`habits_http_requests_total` and
/// `habits_http_request_duration_seconds` by method, route and status); sits outside `ErrorMiddleware` so
/// it sees final statuses.
///
/// Not Hummingbird's `MetricsMiddleware`: that one reports other series (`hb.requests`, by `http.route`)
/// through the process-wide swift-metrics backend, while `/metrics` reads the server's own registry.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context, status: response.status.code, since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(request, context, status: status, since: start)
            throw error
        }
    }

    private func record(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        // The route template keeps label values few: `/v1/users/{userID}`, never the id itself.
        let route = context.endpointPath ?? "unmatched"
        let duration = ContinuousClock.now - start
        metrics.recordRequest(method: request.method.rawValue, route: route, status: status, duration: duration)
    }
}
