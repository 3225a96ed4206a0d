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
    /// Open screen event streams.
    let liveSubscribers: Gauge
    /// Events sent on screen streams (documents and changes).
    let screenEventsSent: Counter
    /// Documents a stream ending here last sent, handed to the other instances of a shared store.
    let screenHandoffs: Counter
    /// Documents handed off by another instance, taken for a stream resuming here.
    let screenHandoffsTaken: Counter
    /// Live screens rebuilt because a commit touched what they read.
    let screenRebuilds: Counter
    /// Live screens whose users' ranks were asked again instead of a rebuild, because only those could move.
    let screenRechecks: Counter
    /// Rechecked screens whose moved ranks were rewritten in place, the lines that show them, not rebuilt.
    let screenPatches: Counter
    /// Rechecks rebuilt because their snapshot had passed the change that asked for them.
    let screenLateRechecks: Counter
    /// From a commit's change reaching the screen hub to the affected streams being woken.
    let screenUpdateDuration: DurationHistogram
    /// Screens the hub keeps, with subscribers or not.
    let screenCacheEntries: Gauge
    /// Screens the hub keeps that have subscribers, which are never dropped for the budget.
    let screenCacheLiveEntries: Gauge
    /// The estimated bytes of the screens the hub keeps, history included.
    let screenCacheBytes: Gauge
    /// The byte budget of the hub's screens (`--screen-cache-mb`).
    let screenCacheBudget: Gauge
    /// Event streams admitted and not yet ended (`--max-streams`).
    let openStreams: Gauge
    /// Connections accepted and not yet closed (`--max-connections`).
    let openConnections: Gauge

    /// Latency buckets from 0.5 ms to 10 s.
    static let latencyBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
        .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2.5), .seconds(10),
    ]

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        logsWritten = registry.makeCounter(descriptor: .init(
            namespace: "habits", metricName: "logs_written", unitName: "total",
            helpText: "Logged events written, through the HTTP APIs or by the activity simulator."
        ))
        liveSubscribers = registry.makeGauge(descriptor: .init(
            // A count of streams has no unit; the empty suffix keeps the name as it was.
            namespace: "habits", metricName: "live_subscribers", unitName: "",
            helpText: "Open screen event streams (/v1/screens/{screen}/events)."
        ))
        screenEventsSent = registry.makeCounter(descriptor: .init(
            namespace: "habits", metricName: "screen_events_sent", unitName: "total",
            helpText: "Documents and changesets sent on screen event streams."
        ))
        screenHandoffs = registry.makeCounter(descriptor: .init(
            namespace: "habits", metricName: "screen_handoffs", unitName: "total",
            helpText: "Last documents of ended streams handed to the other instances of a shared store."
        ))
        screenHandoffsTaken = registry.makeCounter(descriptor: .init(
            namespace: "habits", metricName: "screen_handoffs_taken", unitName: "total",
            helpText: "Documents handed off by another instance, taken for a stream resuming here."
        ))
        screenUpdateDuration = registry.makeDurationHistogram(
            descriptor: .init(
                namespace: "habits", metricName: "screen_update_duration", unitName: "seconds",
                helpText: "From a commit's change reaching the screen hub to the affected streams being woken."
            ),
            buckets: Self.latencyBuckets
        )
        screenCacheEntries = registry.makeGauge(descriptor: .init(
            namespace: "habits", metricName: "screen_cache_entries", unitName: "",
            helpText: "Screens the live hub keeps, with subscribers or not."
        ))
        screenCacheLiveEntries = registry.makeGauge(descriptor: .init(
            namespace: "habits", metricName: "screen_cache_live_entries", unitName: "",
            helpText: "Screens the live hub keeps that have subscribers; they are never dropped for the budget."
        ))
        screenCacheBytes = registry.makeGauge(descriptor: .init(
            namespace: "habits", metricName: "screen_cache", unitName: "bytes",
            helpText: "Estimated bytes of the screens the live hub keeps, their history included."
        ))
        screenCacheBudget = registry.makeGauge(descriptor: .init(
            namespace: "habits", metricName: "screen_cache_budget", unitName: "bytes",
            helpText: "The byte budget of the live hub's screens (--screen-cache-mb)."
        ))
        openStreams = registry.makeGauge(descriptor: .init(
            namespace: "habits", metricName: "open_streams", unitName: "",
            helpText: "Event streams admitted and not yet ended (--max-streams, --max-streams-per-client)."
        ))
        openConnections = registry.makeGauge(descriptor: .init(
            namespace: "habits", metricName: "open_connections", unitName: "",
            helpText: "HTTP connections accepted and not yet closed (--max-connections)."
        ))
        screenRebuilds = registry.makeCounter(descriptor: .init(
            namespace: "habits", metricName: "screen_rebuilds", unitName: "total",
            helpText: "Live screens rebuilt because a commit touched what they read."
        ))
        screenRechecks = registry.makeCounter(descriptor: .init(
            namespace: "habits", metricName: "screen_rechecks", unitName: "total",
            helpText: "Live screens whose users' ranks were asked again, as only those could have moved."
        ))
        screenPatches = registry.makeCounter(descriptor: .init(
            namespace: "habits", metricName: "screen_patches", unitName: "total",
            helpText: "Rechecked screens whose moved ranks were rewritten in the lines that show them."
        ))
        screenLateRechecks = registry.makeCounter(descriptor: .init(
            namespace: "habits", metricName: "screen_late_rechecks", unitName: "total",
            helpText: "Rechecks rebuilt because their snapshot had passed the change that asked for them."
        ))
    }

    /// Counts one request and records its latency, labelled by method, route template and status.
    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let labels = [("method", method), ("route", route), ("status", String(status))]
        registry.makeCounter(
            descriptor: .init(
                namespace: "habits", metricName: "http_requests", unitName: "total",
                helpText: "HTTP requests by method, route and status."
            ),
            labels: labels
        ).increment()
        registry.makeDurationHistogram(
            descriptor: .init(
                namespace: "habits", metricName: "http_request_duration", unitName: "seconds",
                helpText: "HTTP request latency by method, route and status."
            ),
            labels: labels,
            buckets: Self.latencyBuckets
        ).record(duration)
    }

    /// Counts `count` logs written, whichever way they came in.
    public func countLogsWritten(_ count: Int = 1) {
        logsWritten.increment(by: Int64(count))
    }

    /// The registry in Prometheus' text format.
    func exposition() -> [UInt8] { registry.emitToBuffer() }
}
