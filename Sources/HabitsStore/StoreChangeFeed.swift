import Foundation
import HabitsDomain

/// What the store committed, from the moment `ScreenStore.storeChanges()` was called.
///
/// Each element is everything committed since the previous element was taken, merged into one
/// `StoreChange` (as `StoreChange.merged(with:)` merges). A reader that is slow to take elements
/// holds no writer up and never queues: what waits for it is one change whose size is bounded by the
/// (user, habit) pairs touched, not by the number of commits. Commits that change nothing a screen
/// shows (a picture upload, a write that failed) produce no element.
///
/// The sequence ends when the task iterating it is cancelled or when the store is closed (after the
/// changes committed before closing are taken). Iterate each sequence from one task at a time; ask
/// `storeChanges()` again for another reader.
public struct StoreChanges: AsyncSequence, Sendable {
    public typealias Element = StoreChange

    private let subscription: Subscription

    /// The changes `feed` publishes from now on.
    public init(feed: StoreChangeFeed) {
        subscription = Subscription(feed: feed, id: feed.subscribe())
    }

    /// An iterator over this sequence's subscription.
    public func makeAsyncIterator() -> Iterator { Iterator(subscription: subscription) }

    /// The changes committed since the previous element, without waiting: nil when there are none. It
    /// takes them as the next element would, so a reader catches up on commits that came while it was busy.
    public func takePending() -> StoreChange? { subscription.feed.takePending(subscriber: subscription.id) }

    /// The changes committed since the previous element, left for the next one to take: nil when there are
    /// none, and always nil from a feed that may publish commits out of their revisions' order
    /// (`StoreChangeFeed.publishesInRevisionOrder`). A reader that opened a snapshot at or before the answer's
    /// revision learns from it every commit the snapshot holds that the reader has not taken.
    public func peekPending() -> StoreChange? { subscription.feed.peekPending(subscriber: subscription.id) }

    /// Takes the changes merged since the previous element, waiting for one when there are none.
    public struct Iterator: AsyncIteratorProtocol {
        let subscription: Subscription

        /// The changes committed since the previous element, or nil once the sequence has ended.
        public mutating func next() async -> StoreChange? {
            await subscription.feed.next(subscriber: subscription.id)
        }
    }
}

/// One subscriber's place in the feed, released when the last sequence or iterator holding it goes.
final class Subscription: Sendable {
    let feed: StoreChangeFeed
    let id: UInt64

    init(feed: StoreChangeFeed, id: UInt64) {
        self.feed = feed
        self.id = id
    }

    deinit { feed.unsubscribe(id) }
}

/// Hands what each commit changed to every subscriber, merged into what the subscriber has not taken.
///
/// A store publishes after each commit; readers take in `next(subscriber:)`. A reader waiting is resumed
/// by the publish itself: there is no polling. Every implementation of `ScreenStore` hands out its
/// changes through one of these, so the merge and the bound on what waits are the same for all.
public final class StoreChangeFeed: @unchecked Sendable {
    private struct Subscriber {
        var pending = ChangeAccumulator()
        var hasPending = false
        var waiter: CheckedContinuation<StoreChange?, Never>?
        var isEnded = false
    }

    // Everything below is guarded by `lock`; a lock rather than `Mutex` keeps macOS 14 supported.
    // Continuations are resumed after the lock is released.
    private let lock = NSLock()
    private var subscribers: [UInt64: Subscriber] = [:]
    private var nextID: UInt64 = 0
    private var isFinished = false
    /// Whether every commit is published before any commit of a higher revision: a pending change then holds
    /// every commit up to its revision that its subscriber has not taken, which `peekPending` relies on.
    public let publishesInRevisionOrder: Bool

    /// A feed with no subscribers. `publishesInRevisionOrder` only when its store publishes one commit after
    /// the other (SQLite's group commit); not when commits finish side by side (PostgreSQL's connections,
    /// other instances' announcements).
    public init(publishesInRevisionOrder: Bool = false) {
        self.publishesInRevisionOrder = publishesInRevisionOrder
    }

    /// Adds a subscriber that receives the changes published from now on.
    func subscribe() -> UInt64 {
        lock.withLock {
            nextID += 1
            subscribers[nextID] = Subscriber(isEnded: isFinished)
            return nextID
        }
    }

    /// Forgets a subscriber; a reader waiting on it ends.
    func unsubscribe(_ id: UInt64) {
        let waiter = lock.withLock { subscribers.removeValue(forKey: id)?.waiter }
        waiter?.resume(returning: nil)
    }

    /// Hands `change` to every subscriber: to the one waiting as it is, folded into the pending change of
    /// the others.
    ///
    /// - Complexity: O(s × m) for s subscribers and the m pairs and users in `change`.
    public func publish(_ change: StoreChange) {
        guard !change.isEmpty else { return }
        var ready: [CheckedContinuation<StoreChange?, Never>] = []
        lock.withLock {
            for index in subscribers.indices where !subscribers.values[index].isEnded {
                if let waiter = subscribers.values[index].waiter {
                    // A waiting reader has taken everything before, so this change is all it has.
                    subscribers.values[index].waiter = nil
                    ready.append(waiter)
                } else {
                    subscribers.values[index].pending.fold(change)
                    subscribers.values[index].hasPending = true
                }
            }
        }
        for waiter in ready { waiter.resume(returning: change) }
    }

    /// Ends every subscriber once it has taken what is pending; later subscribers start ended.
    public func finish() {
        let waiters = lock.withLock {
            isFinished = true
            var waiters: [CheckedContinuation<StoreChange?, Never>] = []
            for index in subscribers.indices {
                subscribers.values[index].isEnded = true
                if let waiter = subscribers.values[index].waiter {
                    subscribers.values[index].waiter = nil
                    waiters.append(waiter)
                }
            }
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: nil) }
    }

    /// The changes published for `subscriber` since it last took, nil when there are none: no waiting.
    ///
    /// - Complexity: O(m) for the m pairs and users pending.
    func takePending(subscriber id: UInt64) -> StoreChange? {
        lock.withLock {
            guard var subscriber = subscribers[id] else { return nil }
            let change = Self.take(from: &subscriber)
            subscribers[id] = subscriber
            return change
        }
    }

    /// The changes published for `subscriber` since it last took, without taking them; nil when there are
    /// none, or when the feed may publish out of revision order. A commit that changed nothing a screen
    /// reads is not published, so the answer's revision is that of the last commit that changed something.
    ///
    /// - Complexity: O(m) for the m pairs and users pending.
    func peekPending(subscriber id: UInt64) -> StoreChange? {
        guard publishesInRevisionOrder else { return nil }
        return lock.withLock {
            guard let subscriber = subscribers[id], subscriber.hasPending else { return nil }
            return subscriber.pending.change()
        }
    }

    /// Takes what is pending for `subscriber`, with `lock` held.
    private static func take(from subscriber: inout Subscriber) -> StoreChange? {
        guard subscriber.hasPending else { return nil }
        let change = subscriber.pending.change()
        subscriber.pending = ChangeAccumulator()
        subscriber.hasPending = false
        // Commits that changed nothing a screen reads (a count that never moved) leave nothing to report.
        return change.isEmpty ? nil : change
    }

    /// The changes published for `subscriber` since it last took, waiting for one if there are none;
    /// nil when the subscriber has ended or its task is cancelled.
    func next(subscriber id: UInt64) async -> StoreChange? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<StoreChange?, Never>) in
                let answer: StoreChange?? = lock.withLock {
                    guard var subscriber = subscribers[id], subscriber.waiter == nil else {
                        // Ended, or another task is already waiting on this subscriber.
                        return .some(nil)
                    }
                    let change = Self.take(from: &subscriber)
                    if change == nil && !subscriber.isEnded { subscriber.waiter = continuation }
                    subscribers[id] = subscriber
                    if let change { return .some(change) }
                    return subscriber.isEnded ? .some(nil) : .none
                }
                if case .some(let change) = answer { continuation.resume(returning: change) }
            }
        } onCancel: {
            // A cancelled reader ends for good: its sequence gives nothing more.
            unsubscribe(id)
        }
    }
}
