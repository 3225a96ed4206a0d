import Foundation
import HabitsDomain
import HabitsStore

/// Holds the latest statistics snapshot and its encoded bodies, rebuilt at most once per data
/// revision: pollers between two writes share one read and one encoding, and concurrent pollers
/// that arrive after a write wait for a single rebuild instead of each starting their own.
final class StatisticsCache: @unchecked Sendable {
    struct Entry: Sendable {
        let snapshot: StatisticsSnapshot
        /// `/combinedStats`.
        let combinedJSON: Data
        /// `/users`: an object keyed by user id.
        let usersJSON: Data
        /// `/habits`: an object keyed by habit name.
        let habitsJSON: Data
    }

    private let store: any StatisticsSource
    // Both guarded by `lock`.
    private let lock = NSLock()
    private var entry: Entry?
    private var rebuild: Task<Entry, any Error>?

    init(store: any StatisticsSource) {
        self.store = store
    }

    private enum Lookup {
        case hit(Entry)
        case wait(Task<Entry, any Error>)
    }

    /// The entry for the store's current revision, reading and encoding only when a write happened since.
    func current() async throws -> Entry {
        let revision = store.currentRevision()
        while true {
            let lookup: Lookup = lock.withLock {
                if let entry, entry.snapshot.revision >= revision { return .hit(entry) }
                if let rebuild { return .wait(rebuild) }
                let task = Task { [store] in try Self.build(from: try await store.statisticsSnapshot()) }
                rebuild = task
                return .wait(task)
            }
            switch lookup {
            case .hit(let entry):
                return entry
            case .wait(let task):
                let result = await task.result
                lock.withLock {
                    if rebuild == task { rebuild = nil }
                    // Keep the newest; an older rebuild may finish last.
                    if case .success(let fresh) = result, (entry?.snapshot.revision ?? .min) < fresh.snapshot.revision {
                        entry = fresh
                    }
                }
                let fresh = try result.get()
                // A rebuild that began before the write this caller must see does not do; go round again.
                if fresh.snapshot.revision >= revision { return fresh }
            }
        }
    }

    private static func build(from snapshot: StatisticsSnapshot) throws -> Entry {
        let encoder = HabitsJSON.encoder()
        return Entry(
            snapshot: snapshot,
            combinedJSON: try encoder.encode(snapshot.combined()),
            usersJSON: try encoder.encode(
                Dictionary(snapshot.users.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })),
            habitsJSON: try encoder.encode(
                Dictionary(snapshot.habits.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }))
        )
    }
}
