import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
import Prometheus

/// Bounds the event streams open at once, in total, per client address and per signed-in account: each
/// holds a subscription, a connection, a task and its screen's document for as long as the client keeps
/// it, so neither one address nor one account spread over many may hold more than `maximumPerClient`.
/// Past a bound a stream is turned away with 503 and `Retry-After`.
final class StreamLimit: Sendable {
    /// The most streams open at once.
    let maximum: Int
    /// The most streams one client address, or one account, may hold open.
    let maximumPerClient: Int
    /// Open streams, for `/metrics`.
    private let metrics: ServerMetrics?
    /// The streams open, in total and by client address.
    private struct Counts: Sendable {
        var open = 0
        /// Open streams by client address and by account; one with none has no key, so this holds at most
        /// `2 × open` keys.
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

    /// A place for one more stream of `client` (nil: a request that came over no socket) and `account`
    /// (nil: open mode), given back when the ticket is released or dropped; throws a 503 `busy` error at
    /// once when there is none.
    func admit(client: String?, account: Int64? = nil) throws -> StreamTicket {
        let keys = ["address " + (client ?? "")] + (account.map { ["account \($0)"] } ?? [])
        let refusal: String? = counts.withLockedValue { counts in
            guard counts.open < maximum else { return "The server has too many open streams" }
            guard counts.openByClient[keys[0], default: 0] < maximumPerClient else {
                return "Too many open streams from this address"
            }
            if keys.count > 1, counts.openByClient[keys[1], default: 0] >= maximumPerClient {
                return "Too many open streams for this account"
            }
            counts.open += 1
            for key in keys { counts.openByClient[key, default: 0] += 1 }
            return nil
        }
        if let refusal {
            throw APIError(
                status: .serviceUnavailable, code: "busy", message: refusal + "; try again in a moment.",
                headers: [.retryAfter: "5"])
        }
        metrics?.openStreams.increment()
        return StreamTicket(limit: self, keys: keys)
    }

    fileprivate func release(keys: [String]) {
        counts.withLockedValue { counts in
            counts.open -= 1
            for key in keys {
                let left = counts.openByClient[key, default: 1] - 1
                counts.openByClient[key] = left > 0 ? left : nil
            }
        }
        metrics?.openStreams.decrement()
    }
}

/// One admitted stream's place, given back once: by `release()`, or when the ticket is dropped, so that a
/// response that is never written (its client gone) gives it back too.
final class StreamTicket: Sendable {
    private let limit: StreamLimit
    private let keys: [String]
    private let released = NIOLockedValueBox(false)

    fileprivate init(limit: StreamLimit, keys: [String]) {
        self.limit = limit
        self.keys = keys
    }

    deinit { release() }

    /// Gives the place back; later calls do nothing.
    func release() {
        let first = released.withLockedValue { released in
            defer { released = true }
            return !released
        }
        if first { limit.release(keys: keys) }
    }
}
