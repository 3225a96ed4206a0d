import Foundation
import HabitsScreens
import Prometheus

/// The hub's byte budget: what its entries hold is counted as they change, and the least recently used
/// entries without subscribers are dropped once the total passes the budget.
extension ScreenHub {
    /// What an entry costs beyond its documents and reads: its struct, dictionaries and index slots.
    static let entryOverhead = 1_024

    /// How many screens are kept.
    var entryCount: Int { entries.count }

    /// How many screens have subscribers.
    var liveCount: Int { liveEntryCount }

    /// How many subscriptions are open.
    var subscriptionCount: Int { subscriptionIDs.count }

    /// How many screens are watched for the end of their day.
    var watchedDayEndCount: Int { dayEnds.count }

    /// Whether `request` is kept.
    func holds(_ request: ScreenRequest) -> Bool { entries[request] != nil }

    /// Drops `request`'s entry and everything kept for it.
    func drop(_ request: ScreenRequest) {
        guard let entry = entries.removeValue(forKey: request) else { return }
        if !entry.subscribers.isEmpty { liveEntryCount -= 1 }
        cachedBytes -= entry.bytes
        readIndex.remove(request)
        dayEnds[request] = nil
    }

    /// Drops idle entries, least recently used first, until the total is an eighth below the budget, so that
    /// the next sweep is many requests away; then sets the gauges.
    ///
    /// - Complexity: O(1) while within the budget, then O(n log n) for the n entries, amortised over the
    ///   requests that fill the eighth again.
    func evictPastBudget() {
        if cachedBytes > byteBudget, entries.count > liveEntryCount {
            var idle: [(request: ScreenRequest, lastUse: UInt64)] = []
            idle.reserveCapacity(entries.count - liveEntryCount)
            for (request, entry) in entries where entry.subscribers.isEmpty { idle.append((request, entry.lastUse)) }
            idle.sort { $0.lastUse < $1.lastUse }
            let target = byteBudget - byteBudget / 8
            for candidate in idle {
                guard cachedBytes > target else { break }
                drop(candidate.request)
            }
            FreedMemory.returnToSystemSoon()
        }
        updateGauges()
    }

    /// Sets the cache's gauges to what it holds.
    func updateGauges() {
        metrics.screenCacheEntries.set(Int64(entries.count))
        metrics.screenCacheLiveEntries.set(Int64(liveEntryCount))
        metrics.screenCacheBytes.set(Int64(cachedBytes))
    }

    /// The byte total counted again from every entry: equal to `cachedBytes` unless the count is wrong.
    ///
    /// - Complexity: O(n) for the n entries.
    func recountedBytes() -> Int { entries.values.reduce(0) { $0 + $1.bytes } }
}
