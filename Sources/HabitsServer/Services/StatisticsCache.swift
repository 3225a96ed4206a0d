import Foundation
import HabitsDomain
import HabitsStore
import NIOConcurrencyHelpers
import NIOCore

/// Holds the latest statistics snapshot and its encoded bodies, rebuilt at most once per data
/// revision: pollers between two writes share one read and one encoding, and concurrent pollers
/// that arrive after a write wait for a single rebuild instead of each starting their own.
final class StatisticsCache: Sendable {
    /// The bodies are byte buffers, which every response shares rather than copies: `/combinedStats` is
    /// about 78 KB, and a copy per poll (a fresh allocation the kernel must fault in) was a tenth of its
    /// cost.
    struct Entry: Sendable {
        let snapshot: StatisticsSnapshot
        /// `/combinedStats`.
        let combinedJSON: ByteBuffer
        /// `/users`: an object keyed by user id.
        let usersJSON: ByteBuffer
        /// `/habits`: an object keyed by habit name.
        let habitsJSON: ByteBuffer
    }

    /// The newest entry built, and the rebuild under way, if any.
    private struct State: Sendable {
        var entry: Entry?
        var rebuild: Task<Entry, any Error>?
    }

    private let store: any StatisticsSource
    private let state = NIOLockedValueBox(State())

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
            let lookup: Lookup = state.withLockedValue { state in
                if let entry = state.entry, entry.snapshot.revision >= revision { return .hit(entry) }
                if let rebuild = state.rebuild { return .wait(rebuild) }
                let task = Task { [store] in try Self.build(from: try await store.statisticsSnapshot()) }
                state.rebuild = task
                return .wait(task)
            }
            switch lookup {
            case .hit(let entry):
                return entry
            case .wait(let task):
                let result = await task.result
                state.withLockedValue { state in
                    if state.rebuild == task { state.rebuild = nil }
                    // Keep the newest; an older rebuild may finish last.
                    if case .success(let fresh) = result,
                        (state.entry?.snapshot.revision ?? .min) < fresh.snapshot.revision
                    {
                        state.entry = fresh
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
            combinedJSON: ByteBuffer(bytes: try encoder.encode(snapshot.combined())),
            usersJSON: ByteBuffer(bytes: try encoder.encode(
                Dictionary(snapshot.users.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))),
            habitsJSON: ByteBuffer(bytes: try encoder.encode(
                Dictionary(snapshot.habits.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })))
        )
    }
}
