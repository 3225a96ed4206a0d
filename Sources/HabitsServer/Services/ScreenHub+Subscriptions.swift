import Foundation
import HabitsScreens
import Prometheus

/// Subscriptions: a stream's hold on a screen, the events that bring it up to date, and its end.
extension ScreenHub {
    /// Opens a subscription. Its stream wakes whenever the screen may have a new event, and for keep-alive
    /// ticks (`sendKeepAlives`); its owner ends it through `tick` (a closed connection, a shutdown).
    func subscribe(
        _ request: ScreenRequest
    ) async throws -> (id: UUID, wake: AsyncStream<ScreenWake>, tick: AsyncStream<ScreenWake>.Continuation) {
        let id = UUID()
        // The newest wake is enough: a subscriber that missed one asks for everything up to the newest.
        let (stream, continuation) = AsyncStream.makeStream(
            of: ScreenWake.self, bufferingPolicy: .bufferingNewest(1))
        // Subscribed before the document is built, so that the entry it is recorded in cannot be dropped
        // for the budget before the subscriber finds it.
        if entries[request] == nil {
            entries[request] = Entry()
            cachedBytes += Self.entryOverhead
        }
        if entries[request]?.subscribers.isEmpty == true { liveEntryCount += 1 }
        entries[request]?.subscribers[id] = Subscriber(wake: continuation)
        subscriptions[id] = request
        metrics.liveSubscribers.increment()
        updateGauges()
        do {
            _ = try await document(for: request)
        } catch {
            unsubscribe(id)
            throw error
        }
        // `run` may have taken a change while the document was being built, before there was a subscriber
        // to rebuild it for: build again until the document is as new as every change taken. Changes
        // taken from now on find the subscriber.
        while let builtAt = entries[request]?.builtAt, builtAt < lastChangeRevision, entries[request]?.gone == nil {
            let before = lastChangeRevision
            _ = try? await document(for: request)
            if (entries[request]?.builtAt ?? before) < before { break }  // the store went no further
        }
        continuation.yield(.changed(nil))
        return (id, stream, continuation)
    }

    /// The event that takes subscriber `id` from `sentRevision` (nil: nothing sent yet) to the newest
    /// document, or nil when it has that document. The changeset itself is computed by the caller
    /// (`PendingScreenEvent.resolved()`), off this actor, so subscribers diff in parallel.
    func nextEvent(for id: UUID, after sentRevision: String?) -> PendingScreenEvent? {
        guard let request = subscriptions[id], let entry = entries[request], let current = entry.current else {
            return nil
        }
        if let gone = entry.gone { return .gone(gone) }
        guard sentRevision != current.revision else { return nil }
        if let latestChange = entry.latestChange, latestChange.from == sentRevision,
            latestChange.revision == current.revision
        {
            return .ready(latestChange)
        }
        guard let sentRevision else { return .document(current) }
        return event(for: request, from: sentRevision, to: current)
    }

    /// Ends a subscription. A screen left without subscribers is kept while the budget allows, unless it is
    /// gone or has no document: then nothing of it is kept.
    func unsubscribe(_ id: UUID) {
        guard let request = subscriptions.removeValue(forKey: id) else { return }
        entries[request]?.subscribers[id]?.wake.finish()
        entries[request]?.subscribers[id] = nil
        metrics.liveSubscribers.decrement()
        guard let entry = entries[request], entry.subscribers.isEmpty else { return }
        liveEntryCount -= 1
        if entry.gone != nil || entry.current == nil { drop(request) }
        // Only a screen with subscribers is rebuilt when its day ends.
        dayEnds[request] = nil
        evictPastBudget()
    }
}
