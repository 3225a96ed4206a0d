import Foundation
import HabitsScreens
import Prometheus

/// Subscriptions: a stream's hold on a screen, the events that bring it up to date, and its end.
extension ScreenHub {
    /// Opens a subscription to `request`, runs `body` with it, and ends the subscription however `body`
    /// ends: when it returns, when it throws, and when its task is cancelled (its wakes end first, so that
    /// a `body` waiting on them returns). Nothing the subscription holds outlives the call.
    ///
    /// `body` runs where its caller does, as Hummingbird's response-body writers need: it may use the
    /// writer it was handed.
    nonisolated(nonsending) func subscribe<Result>(
        _ request: ScreenRequest, _ body: (ScreenSubscriptions.Subscription) async throws -> Result
    ) async throws -> Result {
        // Opened in a child task: a task keeps the largest async stack it ever held until it ends, and the
        // caller's (a connection's) lasts as long as the stream, which then only waits and writes.
        let subscription = try await withThrowingTaskGroup(of: ScreenSubscriptions.Subscription.self) { group in
            group.addTask { try await self.open(request) }
            guard let opened = try await group.next() else { throw CancellationError() }
            return opened
        }
        do {
            let result = try await withTaskCancellationHandler {
                try await body(subscription)
            } onCancel: {
                subscription.end()
            }
            await unsubscribe(subscription.id)
            return result
        } catch {
            await unsubscribe(subscription.id)
            throw error
        }
    }

    /// Opens a subscription that its caller ends with `unsubscribe` (`subscribe(_:_:)` is the scoped form).
    /// Its stream wakes whenever the screen may have a new event, and for keep-alive ticks
    /// (`sendKeepAlives`); `tick` ends it at once (a closed connection, a shutdown).
    func subscribe(
        _ request: ScreenRequest
    ) async throws -> (id: UUID, wake: AsyncStream<ScreenWake>, tick: AsyncStream<ScreenWake>.Continuation) {
        let subscription = try await open(request)
        return (subscription.id, subscription.wakes, subscription.continuation)
    }

    /// Opens a subscription, whose first wake finds a document as new as every change the hub has taken.
    ///
    /// - Complexity: one build, none when the kept document is current; one more for each change `run` takes
    ///   while it is built.
    func open(_ request: ScreenRequest) async throws -> ScreenSubscriptions.Subscription {
        let subscription = subscriptions.add(to: request)
        // Counted before the document is built, so that the entry it is recorded in cannot be dropped for
        // the budget before the subscriber finds it.
        cache.addSubscriber(to: request)
        metrics.liveSubscribers.increment()
        updateGauges()
        do {
            if let reads = invalidation.reads(of: request),
                cache.entry(request, currentAsOf: lastChangeRevision) != nil,
                (reads.dayEnds ?? .distantFuture) > clock()
            {
                // Built since the last change taken (the stream's own read before its response, or another
                // subscriber's rebuild), for a day that has not ended: kept current from now on.
                dayClock.watch(request, until: reads.dayEnds)
            } else {
                _ = try await document(for: request)
            }
        } catch {
            unsubscribe(subscription.id)
            throw error
        }
        // `run` may have taken a change while the document was being built, before there was a subscriber
        // to rebuild it for: build again until the document is as new as every change taken. Changes
        // taken from now on find the subscriber.
        while let entry = cache[request], entry.builtAt < lastChangeRevision, entry.gone == nil {
            let before = lastChangeRevision
            _ = try? await document(for: request)
            if (cache[request]?.builtAt ?? before) < before { break }  // the store went no further
        }
        subscription.continuation.yield(.changed(nil))
        return subscription
    }

    /// The event that takes subscriber `id` from `sentRevision` (nil: nothing sent yet) to the newest
    /// document, or nil when it has that document (`ScreenDocumentCache.nextEvent`).
    func nextEvent(for id: UUID, after sentRevision: String?) -> PendingScreenEvent? {
        guard let request = subscriptions.request(of: id) else { return nil }
        return cache.nextEvent(for: request, after: sentRevision)
    }

    /// Ends a subscription. A screen left without subscribers is kept while the budget allows, unless it is
    /// gone or has no document: then nothing of it is kept.
    func unsubscribe(_ id: UUID) {
        guard let request = subscriptions.remove(id) else { return }
        metrics.liveSubscribers.decrement()
        if cache.removeSubscriber(from: request) { forget(request) }
        guard (cache[request]?.subscriberCount ?? 0) == 0 else { return }
        // Only a screen with subscribers is rebuilt when its day ends.
        dayClock.unwatch(request)
        evictPastBudget()
    }
}
