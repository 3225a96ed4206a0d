import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
import Prometheus

/// Bounds the event streams open at once, in total and per client address: each holds a subscription, a
/// connection and a task for as long as the client keeps it. Past either bound a stream is turned away
/// with 503 and `Retry-After`.
final class StreamLimit: Sendable {
    /// The most streams open at once.
    let maximum: Int
    /// The most streams one client address may hold open.
    let maximumPerClient: Int
    /// Open streams, for `/metrics`.
    private let metrics: ServerMetrics?
    /// The streams open, in total and by client address.
    private struct Counts: Sendable {
        var open = 0
        /// Open streams by client address; a client with none has no key, so this holds at most `open` keys.
        var openByClient: [String: Int] = [:]
    }

    // A locked box rather than `Mutex` keeps macOS 14 supported.
    private let counts = NIOLockedValueBox(Counts())

    init(maximum: Int, maximumPerClient: Int, metrics: ServerMetrics? = nil) {
        self.maximum = maximum
        self.maximumPerClient = maximumPerClient
        self.metrics = metrics
    }

    /// How many streams are open.
    var openCount: Int { counts.withLockedValue { $0.open } }

    /// A place for one more stream of `client` (nil: a request that came over no socket), given back when
    /// the ticket is released or dropped; throws a 503 `busy` error at once when there is none.
    func admit(client: String?) throws -> StreamTicket {
        let key = client ?? ""
        let refusal: String? = counts.withLockedValue { counts in
            guard counts.open < maximum else { return "The server has too many open streams" }
            guard counts.openByClient[key, default: 0] < maximumPerClient else {
                return "Too many open streams from this address"
            }
            counts.open += 1
            counts.openByClient[key, default: 0] += 1
            return nil
        }
        if let refusal {
            throw APIError(
                status: .serviceUnavailable, code: "busy", message: refusal + "; try again in a moment.",
                headers: [.retryAfter: "5"])
        }
        metrics?.openStreams.increment()
        return StreamTicket(limit: self, client: key)
    }

    fileprivate func release(client key: String) {
        counts.withLockedValue { counts in
            counts.open -= 1
            let left = counts.openByClient[key, default: 1] - 1
            counts.openByClient[key] = left > 0 ? left : nil
        }
        metrics?.openStreams.decrement()
    }
}

/// One admitted stream's place, given back once: by `release()`, or when the ticket is dropped, so that a
/// response that is never written (its client gone) gives it back too.
final class StreamTicket: Sendable {
    private let limit: StreamLimit
    private let client: String
    private let released = NIOLockedValueBox(false)

    fileprivate init(limit: StreamLimit, client: String) {
        self.limit = limit
        self.client = client
    }

    deinit { release() }

    /// Gives the place back; later calls do nothing.
    func release() {
        let first = released.withLockedValue { released in
            defer { released = true }
            return !released
        }
        if first { limit.release(client: client) }
    }
}
