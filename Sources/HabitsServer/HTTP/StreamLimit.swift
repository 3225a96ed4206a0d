import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
import Prometheus

/// Bounds the event streams open at once, in total, per signed-in account and per client address: each
/// holds a subscription, a connection, a task and its screen's document for as long as the client keeps
/// it. An account holds at most `maximumPerClient` wherever it connects from; so does an anonymous client
/// (open mode, or no one signed in) at its address. One address holds at most `maximumPerAddress`, far more:
/// the neighbours behind one home router or office proxy each keep their own account's bound, so that one
/// member's streams never turn the next one away. Past a bound a stream is turned away with 503 and
/// `Retry-After`.
final class StreamLimit: Sendable {
    /// The most streams open at once.
    let maximum: Int
    /// The most streams one account, or one anonymous client address, may hold open.
    let maximumPerClient: Int
    /// The most streams one client address may hold open, all its accounts together.
    let maximumPerAddress: Int
    /// Open streams, for `/metrics`.
    private let metrics: ServerMetrics?
    /// The streams open, in total and by key (an address, an account, an anonymous address).
    private struct Counts: Sendable {
        var open = 0
        /// Open streams by key; one with none has no key, so this holds at most `2 × open` keys.
        var openByKey: [String: Int] = [:]
    }

    /// How many more streams an address holds than one account, by default.
    static let addressFactor = 16

    // A locked box rather than `Mutex` keeps macOS 14 supported.
    private let counts = NIOLockedValueBox(Counts())

    init(maximum: Int, maximumPerClient: Int, maximumPerAddress: Int? = nil, metrics: ServerMetrics? = nil) {
        self.maximum = maximum
        self.maximumPerClient = maximumPerClient
        self.maximumPerAddress = max(maximumPerAddress ?? maximumPerClient * Self.addressFactor, maximumPerClient)
        self.metrics = metrics
    }

    /// How many streams are open.
    var openCount: Int { counts.withLockedValue { $0.open } }

    /// A place for one more stream of `client` (nil: a request that came over no socket) and `account`
    /// (nil: no one signed in), given back when the ticket is released or dropped; throws a 503 `busy` error
    /// at once when there is none.
    ///
    /// - Complexity: O(1).
    func admit(client: String?, account: Int64? = nil) throws -> StreamTicket {
        let address = client ?? ""
        let keys = ["address " + address, account.map { "account \($0)" } ?? "anonymous " + address]
        let refusal: String? = counts.withLockedValue { counts in
            guard counts.open < maximum else { return "The server has too many open streams" }
            guard counts.openByKey[keys[0], default: 0] < maximumPerAddress else {
                return "Too many open streams from this address"
            }
            guard counts.openByKey[keys[1], default: 0] < maximumPerClient else {
                return account == nil
                    ? "Too many open streams from this address" : "Too many open streams for this account"
            }
            counts.open += 1
            for key in keys { counts.openByKey[key, default: 0] += 1 }
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
                let left = counts.openByKey[key, default: 1] - 1
                counts.openByKey[key] = left > 0 ? left : nil
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
