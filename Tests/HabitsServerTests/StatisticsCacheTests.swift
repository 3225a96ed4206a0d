import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore
import NIOCore
import Testing

@testable import HabitsServer

/// A statistics source that counts how often the cache reads it, with a write it can simulate.
private final class CountingSource: StatisticsSource, @unchecked Sendable {
    private let lock = NSLock()
    private var revision: Int64 = 1
    private var reads = 0
    private var count = 1

    var readCount: Int { lock.withLock { reads } }

    func write() { lock.withLock { revision += 1; count += 1 } }

    func currentRevision() -> Int64 { lock.withLock { revision } }

    func statisticsSnapshot() async throws -> StatisticsSnapshot {
        let (revision, count) = lock.withLock { reads += 1; return (self.revision, self.count) }
        // Long enough that concurrent pollers overlap the rebuild.
        try await Task.sleep(for: .milliseconds(50))
        let category = CourseAPI.Category(name: "C", color: Color(hue: 0, saturation: 0, brightness: 0))
        return StatisticsSnapshot(
            revision: revision,
            users: [CourseAPI.User(id: "u", name: "U")],
            habits: [CourseAPI.Habit(name: "h", category: category, info: "")],
            counts: [PairCount(userID: "u", habitName: "h", count: count)]
        )
    }
}

@Suite struct StatisticsCacheTests {
    @Test func concurrentPollersShareOneRebuildPerRevision() async throws {
        let source = CountingSource()
        let cache = StatisticsCache(store: source)
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<64 { group.addTask { Data(try await cache.current().combinedJSON.readableBytesView) } }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        #expect(source.readCount == 1)
        #expect(Set(bodies).count == 1)

        // Unchanged revision: served from memory.
        _ = try await cache.current()
        #expect(source.readCount == 1)

        // After a write every caller sees it, again with one read.
        source.write()
        let after = try await withThrowingTaskGroup(of: Int64.self) { group in
            for _ in 0..<16 { group.addTask { try await cache.current().snapshot.revision } }
            return try await group.reduce(into: [Int64]()) { $0.append($1) }
        }
        #expect(after.allSatisfy { $0 == 2 })
        #expect(source.readCount == 2)
        #expect(try await cache.current().snapshot.count(userID: "u", habitName: "h") == 2)
    }

    @Test func aCallerNeverGetsDataOlderThanItsOwnWrite() async throws {
        let source = CountingSource()
        let cache = StatisticsCache(store: source)
        // A rebuild starts at revision 1; the write lands while it runs.
        async let early = cache.current()
        try await Task.sleep(for: .milliseconds(10))
        source.write()
        let late = try await cache.current()
        #expect(late.snapshot.revision == 2)
        #expect(try await early.snapshot.revision >= 1)
    }
}
