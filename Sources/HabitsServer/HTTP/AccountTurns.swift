import Foundation
import HTTPTypes
import HabitsDomain
import NIOConcurrencyHelpers

/// Lets each account run at most `concurrent` requests at once; the others wait their turn in the account's
/// own queue, in order, holding no thread.
///
/// Swift's cooperative pool has one thread per core and runs a task until it suspends, so eight heavy
/// requests of one member would hold every thread and every other member's request would queue behind
/// them. With one account held to fewer requests than there are cores, a member asking for its largest
/// answers from many connections waits behind itself, and everyone else keeps a core. A request waiting
/// longer than the account's queue allows (`maximumWaiting`) is turned away with 503 and `Retry-After`.
final class AccountTurns: Sendable {
    /// How many requests of one account run at once.
    let concurrent: Int
    /// How many requests of one account may wait at once.
    let maximumWaiting: Int

    private struct Queue {
        var running = 0
        var waiting: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    }

    private struct State {
        var queues: [Int64: Queue] = [:]
        var nextID: UInt64 = 0
    }

    // A locked box rather than `Mutex` keeps macOS 14 supported.
    private let state = NIOLockedValueBox(State())

    /// Half the cores, at least one: one account never takes every thread.
    static var defaultConcurrent: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / 2) }

    /// A waiting request holds its connection's request head and a continuation, no thread; connections
    /// are bounded (`--max-connections`), and so is this.
    init(concurrent: Int = AccountTurns.defaultConcurrent, maximumWaiting: Int = 1_024) {
        self.concurrent = max(1, concurrent)
        self.maximumWaiting = maximumWaiting
    }

    /// How many of `account`'s requests run and wait, for tests.
    func counts(of account: Int64) -> (running: Int, waiting: Int) {
        state.withLockedValue { ($0.queues[account]?.running ?? 0, $0.queues[account]?.waiting.count ?? 0) }
    }

    /// Runs `body` once `account` has a turn; a cancelled wait leaves the queue.
    ///
    /// - Complexity: O(1) to start when a turn is free; O(w) to leave a queue of w waiting when cancelled.
    func run<T>(account: Int64, _ body: () async throws -> T) async throws -> T {
        try await take(account)
        defer { give(account) }
        return try await body()
    }

    private enum Admission { case now, wait(UInt64), full }

    private func take(_ account: Int64) async throws {
        let admission: Admission = state.withLockedValue { state in
            var queue = state.queues[account, default: Queue()]
            if queue.running < concurrent {
                queue.running += 1
                state.queues[account] = queue
                return .now
            }
            guard queue.waiting.count < maximumWaiting else { return .full }
            state.nextID &+= 1
            return .wait(state.nextID)
        }
        switch admission {
        case .now:
            return
        case .full:
            throw APIError(
                status: .serviceUnavailable, code: "busy",
                message: "This account has too many requests waiting; try again in a moment.",
                headers: [.retryAfter: "1"])
        case .wait(let id):
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let enqueued = state.withLockedValue { state -> Bool in
                        guard !Task.isCancelled else { return false }
                        var queue = state.queues[account, default: Queue()]
                        // A turn given back meanwhile is taken at once.
                        if queue.running < concurrent {
                            queue.running += 1
                            state.queues[account] = queue
                            continuation.resume()
                            return true
                        }
                        queue.waiting.append((id, continuation))
                        state.queues[account] = queue
                        return true
                    }
                    if !enqueued { continuation.resume(throwing: CancellationError()) }
                }
            } onCancel: {
                let cancelled = state.withLockedValue { state -> CheckedContinuation<Void, any Error>? in
                    guard var queue = state.queues[account],
                        let index = queue.waiting.firstIndex(where: { $0.id == id })
                    else { return nil }
                    let continuation = queue.waiting.remove(at: index).continuation
                    state.queues[account] = queue
                    return continuation
                }
                cancelled?.resume(throwing: CancellationError())
            }
        }
    }

    /// Gives the turn to the account's next waiting request, or frees it.
    private func give(_ account: Int64) {
        let next = state.withLockedValue { state -> CheckedContinuation<Void, any Error>? in
            guard var queue = state.queues[account] else { return nil }
            if queue.waiting.isEmpty {
                queue.running -= 1
                state.queues[account] = queue.running > 0 ? queue : nil
                return nil
            }
            // The turn passes on: `running` stays.
            let next = queue.waiting.removeFirst().continuation
            state.queues[account] = queue
            return next
        }
        next?.resume()
    }
}
