import Foundation
import HabitsDomain
import HabitsStore

/// Holds the latest statistics snapshot and its encoded `/combinedStats` body, rebuilt at most once
/// per data revision: pollers between two writes share one read and one encoding.
final class StatisticsCache: @unchecked Sendable {
    struct Entry: Sendable {
        let snapshot: StatisticsSnapshot
        let combinedJSON: Data
    }

    private let store: any HabitStore
    // Guarded by `lock`.
    private let lock = NSLock()
    private var entry: Entry?

    init(store: any HabitStore) {
        self.store = store
    }

    /// The entry for the store's current revision, reading and encoding only when a write happened since.
    func current() async throws -> Entry {
        let revision = store.currentRevision()
        if let entry = cached(), entry.snapshot.revision >= revision {
            return entry
        }
        let snapshot = try await store.statisticsSnapshot()
        let json = try HabitsJSON.encoder().encode(snapshot.combined())
        let fresh = Entry(snapshot: snapshot, combinedJSON: json)
        lock.withLock {
            // Concurrent rebuilds may finish out of order; keep the newest.
            if (entry?.snapshot.revision ?? .min) < fresh.snapshot.revision { entry = fresh }
        }
        return fresh
    }

    private func cached() -> Entry? {
        lock.withLock { entry }
    }
}
