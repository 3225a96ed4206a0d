import Benchmark
import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore

/// The store's side of `POST /loggedHabit`: one event logged and committed, counters included.
///
/// A mid-sized world (1,000 users, 20 habits, 100,000 logs) so that counters and their indexes are
/// not trivially small. The temporary store (no sync) shows the CPU cost of the SQL; the file store adds the
/// sync to disk that `synchronous = FULL` makes every commit wait for.
enum WritePathWorld {
    static let userCount = 1_000
    static let habitCount = 20

    static func content() -> StoreContent {
        let categories = (0..<2).map {
            CourseAPI.Category(name: "Category \($0)", color: Color(hue: 0.1, saturation: 0.5, brightness: 0.5))
        }
        let users = (0..<userCount).map {
            CourseAPI.User(id: "writer\($0)", name: "Writer \($0)", color: nil, bio: nil)
        }
        let habits = (0..<habitCount).map {
            CourseAPI.Habit(name: "Habit \($0)", category: categories[$0 % categories.count], info: "")
        }
        var random = SeededRandom(seed: 2_026)
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let logs = (0..<100_000).map { index in
            CourseAPI.LoggedHabit(
                userID: users[Int.random(in: 0..<userCount, using: &random)].id,
                habitName: habits[Int.random(in: 0..<habitCount, using: &random)].name,
                timestamp: start.addingTimeInterval(Double(index))
            )
        }
        return StoreContent(users: users, categories: categories, habits: habits, logs: logs, images: [:])
    }

    /// A random event of the world, as a client would post it.
    static func event(using random: inout SeededRandom) -> CourseAPI.LoggedHabit {
        CourseAPI.LoggedHabit(
            userID: "writer\(Int.random(in: 0..<userCount, using: &random))",
            habitName: "Habit \(Int.random(in: 0..<habitCount, using: &random))",
            timestamp: Date()
        )
    }
}

/// A value set by a benchmark's setup and read by its body, which the library runs one after the other.
final class SetupSlot<Value>: @unchecked Sendable {
    // Guarded by `lock`; the benchmark library gives no other way to hand setup state to the body.
    private let lock = NSLock()
    private var stored: Value?

    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

let temporaryWriteStore = SetupSlot<SQLiteHabitStore>()
let fileWriteStore = SetupSlot<(store: SQLiteHabitStore, folder: URL)>()

func registerWritePathBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 100,
        maxDuration: .seconds(5),
        maxIterations: 20_000
    )
    Benchmark("Write path: log one event (temporary file, no sync)", configuration: configuration) { benchmark in
        guard let store = temporaryWriteStore.value else { return benchmark.error("no store") }
        var random = SeededRandom(seed: 1)
        for _ in benchmark.scaledIterations {
            let event = WritePathWorld.event(using: &random)
            benchmark.startMeasurement()
            blackHole(try await store.log(event))
            benchmark.stopMeasurement()
        }
    } setup: {
        temporaryWriteStore.value = try await SQLiteHabitStore.temporary(content: WritePathWorld.content())
    } teardown: {
        temporaryWriteStore.value = nil
    }

    Benchmark("Write path: log one event (file, synchronous = FULL)", configuration: configuration) { benchmark in
        guard let store = fileWriteStore.value?.store else { return benchmark.error("no store") }
        var random = SeededRandom(seed: 1)
        for _ in benchmark.scaledIterations {
            let event = WritePathWorld.event(using: &random)
            benchmark.startMeasurement()
            blackHole(try await store.log(event))
            benchmark.stopMeasurement()
        }
    } setup: {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("habits-write-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try SQLiteHabitStore(path: folder.appendingPathComponent("habits.sqlite").path)
        try await store.replaceAll(with: WritePathWorld.content())
        fileWriteStore.value = (store, folder)
    } teardown: {
        if let opened = fileWriteStore.value {
            try opened.store.close()
            try FileManager.default.removeItem(at: opened.folder)
        }
        fileWriteStore.value = nil
    }
}
