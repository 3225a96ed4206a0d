import Foundation
import Hummingbird
import Prometheus

/// The server's Prometheus metrics, in a registry owned by the server (never the global one), so
/// each test's server counts alone.
public struct ServerMetrics: Sendable {
    /// Where every metric lives; `/metrics` prints it.
    public let registry: PrometheusCollectorRegistry
    /// Logs written through the HTTP APIs (course and `/v1`) and by the activity simulator.
    let logsWritten: Counter
    /// Clients of the live stream; 0 until the stream exists.
    let liveSubscribers: Gauge

    /// Latency buckets from 0.5 ms to 10 s.
    static let latencyBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10),
    ]

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        logsWritten = registry.makeCounter(descriptor: .init(namespace: "habits", metricName: "logs_written", unitName: "total", helpText: "Logged events written, through the HTTP APIs or by the activity simulator."))
        liveSubscribers = registry.makeGauge(descriptor: .init(namespace: "habits", metricName: "live_subscribers", unitName: "", helpText: "Clients subscribed to the live stream."))
        liveSubscribers.set(to: 0)
    }

    /// Counts one request and records its latency, labelled by method, route template and status.
    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let labels = [("method", method), ("route", route), ("status", String(status))]
        registry.makeCounter(
            descriptor: .init(namespace: "habits", metricName: "http_requests", unitName: "total", helpText: "HTTP requests by method, route and status."),
            labels: labels
        ).increment()
        registry.makeDurationHistogram(
            descriptor: .init(namespace: "habits", metricName: "http_request_duration", unitName: "seconds", helpText: "HTTP request latency by method, route and status."),
            labels: labels,
            buckets: Self.latencyBuckets
        ).record(duration)
    }

    /// The registry in Prometheus' text format.
    func exposition() -> [UInt8] { registry.emitToBuffer() }
}

/// Records every request in `ServerMetrics`; sits outside `ErrorMiddleware` so it sees final statuses.
struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
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
        metrics.recordRequest(method: request.method.rawValue, route: route, status: status, duration: ContinuousClock.now - start)
    }
}
