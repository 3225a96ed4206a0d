import Foundation
import HabitsScreens
import Prometheus

/// The hub's byte budget (`ScreenDocumentCache`), and what it holds, for the gauges and the tests.
extension ScreenHub {
    /// How many screens are kept.
    var entryCount: Int { cache.count }

    /// How many screens have subscribers.
    var liveCount: Int { cache.liveEntryCount }

    /// How many subscriptions are open.
    var subscriptionCount: Int { subscriptions.count }

    /// How many screens are watched for the end of their day.
    var watchedDayEndCount: Int { dayClock.count }

    /// The bytes the entries are counted as.
    var cachedBytes: Int { cache.bytes }

    /// Whether `request` is kept.
    func holds(_ request: ScreenRequest) -> Bool { cache.holds(request) }

    /// The newest document kept of `request`, without building it.
    func keptDocument(of request: ScreenRequest) -> ScreenDocument? { cache[request]?.current }

    /// Drops `request`'s entry and everything kept for it.
    func drop(_ request: ScreenRequest) {
        cache.drop(request)
        forget(request)
    }

    /// Takes `request` out of the parts that follow the cache's entries: its reads and its day.
    func forget(_ request: ScreenRequest) {
        invalidation.remove(request)
        dayClock.unwatch(request)
    }

    /// Drops idle entries past the budget (`ScreenDocumentCache.evictPastBudget`) and everything kept for
    /// them; then sets the gauges.
    ///
    /// - Complexity: O(1) while within the budget, then O(n log n) for the n entries, amortised over the
    ///   requests that fill the eighth below the budget again.
    func evictPastBudget() {
        let dropped = cache.evictPastBudget()
        if !dropped.isEmpty {
            for request in dropped { forget(request) }
            FreedMemory.returnToSystemSoon()
        }
        updateGauges()
    }

    /// Sets the cache's gauges to what it holds.
    func updateGauges() {
        metrics.screenCacheEntries.set(Int64(cache.count))
        metrics.screenCacheLiveEntries.set(Int64(cache.liveEntryCount))
        metrics.screenCacheBytes.set(Int64(cache.bytes))
    }

    /// The byte total counted again from every entry: equal to `cachedBytes` unless the count is wrong.
    ///
    /// - Complexity: O(n) for the n entries.
    func recountedBytes() -> Int { cache.recountedBytes() }
}
