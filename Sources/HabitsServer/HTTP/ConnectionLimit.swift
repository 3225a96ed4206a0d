import HummingbirdCore
import Prometheus

/// Bounds the connections open at once: past `maximum` the server stops accepting, and new connections
/// wait in the listen backlog until one closes. An idle connection is closed after `--idle-timeout`
/// anyway; this bounds the ones that are kept busy, such as event streams.
struct ConnectionLimit: AvailableConnectionsDelegate {
    let maximum: Int
    /// Open connections, for `/metrics`.
    let metrics: ServerMetrics
    /// Changed only on the listening channel's event loop, by Hummingbird's handler.
    private var open = 0

    init(maximum: Int, metrics: ServerMetrics) {
        self.maximum = maximum
        self.metrics = metrics
    }

    mutating func connectionOpened() {
        open += 1
        metrics.openConnections.set(Int64(open))
    }

    mutating func connectionClosed() {
        open -= 1
        metrics.openConnections.set(Int64(open))
    }

    func isAcceptingNewConnections() -> Bool { open < maximum }
}
