import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore

/// The store the screen benchmarks read: 100,000 users, 200 habits in 10 categories and 10,000,000 logs,
/// skewed over users and habits as real activity is, plus one viewer with 10 favourites and 20 followed.
///
/// Building it takes minutes, so it is built once through the store's public API and kept under the
/// system's temporary directory, named by `version`; a later run reuses the file. Change `version`
/// whenever the data or the store's schema changes, so that a stale file is never measured.
enum ScreenFixture {
    static let version = "screens-v2"
    static let userCount = 100_000
    static let habitCount = 200
    static let categoryCount = 10
    static let logCount = 10_000_000
    /// The viewer: the 1,000th most active user, with about 900 logs.
    static let viewerIndex = 999
    /// The viewer's favourites: popular habits, middling ones and the least logged.
    static let favoriteIndices = [0, 1, 2, 5, 10, 20, 50, 100, 150, 199]
    /// The users the viewer follows, from the most active to the least.
    static let followedIndices = [
        0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 2_000, 5_000, 10_000, 20_000, 30_000, 50_000, 70_000, 90_000, 99_000,
        99_999,
    ]

    static var path: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("habits-benchmark-\(version).sqlite").path
    }

    static func userKey(_ index: Int) -> String { "bench\(index)" }

    /// Opens the fixture, building it first when no earlier run left it.
    static func open() async throws -> SQLiteHabitStore {
        if !FileManager.default.fileExists(atPath: path) { try await build() }
        return try SQLiteHabitStore(path: path)
    }

    /// Builds the fixture beside its final path and moves it there once complete, so that an interrupted
    /// build never leaves a file that a later run would take for a finished one.
    private static func build() async throws {
        let started = Date()
        let building = path + ".building-\(ProcessInfo.processInfo.processIdentifier)"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: building + suffix) }
        progress("building the screen fixture at \(path) (once; later runs reuse it)")
        let store = try SQLiteHabitStore(path: building)
        try await store.bulkLoad(content(), logs: SkewedLogs())
        progress("logs loaded after \(Int(Date().timeIntervalSince(started))) s; adding favourites and follows")
        let (viewer, favorites, followed) = try await store.readScreens { source in
            let habits = try await source.habits()
            var followed: [Int64] = []
            for index in followedIndices {
                if let id = try await source.user(key: userKey(index))?.id { followed.append(id) }
            }
            return (
                try await source.user(key: userKey(viewerIndex))?.id ?? 0,
                favoriteIndices.compactMap { index in habits.first { $0.name == habitName(index) }?.id },
                followed
            )
        }
        for habit in favorites { try await store.setFavorite(userID: viewer, habitID: habit, true) }
        for user in followed { try await store.setFollowing(userID: viewer, followedID: user, true) }
        try store.close()
        // Closing checkpointed the log into the file, so the file is complete without its side files.
        try FileManager.default.moveItem(atPath: building, toPath: path)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: building + suffix) }
        progress("fixture built in \(Int(Date().timeIntervalSince(started))) s")
    }

    static func habitName(_ index: Int) -> String { "Habit \(index)" }

    private static func content() -> StoreContent {
        let categories = (0..<categoryCount).map { index in
            CourseAPI.Category(
                name: "Category \(index)",
                color: Color(hue: Double(index) / Double(categoryCount), saturation: 0.6, brightness: 0.8))
        }
        let habits = (0..<habitCount).map { index in
            CourseAPI.Habit(
                name: habitName(index), category: categories[index % categoryCount], info: "Benchmark habit \(index)")
        }
        var random = SeededRandom(seed: 100_000)
        let names = ["Ada", "Bo", "Cy", "Dee", "Émile", "Fay", "Gus", "Hal", "Ida", "Zoë"]
        let users = (0..<userCount).map { index in
            // Few distinct names, so that rankings have ties broken by key.
            let name = "\(names[Int.random(in: 0..<names.count, using: &random)]) \(index % 1_000)"
            return CourseAPI.User(id: userKey(index), name: name, color: nil, bio: nil)
        }
        return StoreContent(users: users, categories: categories, habits: habits, logs: [], images: [:])
    }

    static func progress(_ message: String) {
        FileHandle.standardError.write(Data("[ScreenFixture] \(message)\n".utf8))
    }
}

/// The fixture's logs, generated as they stream into the store: user after user, each user's logs in
/// time order over the past year.
///
/// The user of rank r (from 0) has a share of the logs proportional to 1 / (r + 1)^0.8, so the most
/// active user has about 220,000 logs and the least about 20. A log's habit follows Zipf's law
/// (s = 1) over the 200 habits; for three logs in ten the user's own taste turns the ranking by a
/// per-user offset, so that not every user ranks habits alike.
struct SkewedLogs: Sequence, Sendable {
    /// Logs per user, summing to `ScreenFixture.logCount`.
    let perUser: [Int]
    /// The cumulative Zipf distribution over habit ranks.
    let habitCDF: [Double]

    init() {
        let weights = (0..<ScreenFixture.userCount).map { 1 / pow(Double($0 + 1), 0.8) }
        let total = weights.reduce(0, +)
        var perUser = weights.map { Int(Double(ScreenFixture.logCount) * $0 / total) }
        // Rounding down leaves a few logs over; the most active users take them.
        var left = ScreenFixture.logCount - perUser.reduce(0, +)
        var index = 0
        while left > 0 {
            perUser[index] += 1
            left -= 1
            index = (index + 1) % perUser.count
        }
        self.perUser = perUser
        let habitWeights = (0..<ScreenFixture.habitCount).map { 1 / Double($0 + 1) }
        let habitTotal = habitWeights.reduce(0, +)
        var cumulative = 0.0
        habitCDF = habitWeights.map { weight in
            cumulative += weight / habitTotal
            return cumulative
        }
    }

    func makeIterator() -> Iterator { Iterator(logs: self) }

    struct Iterator: IteratorProtocol {
        let logs: SkewedLogs
        var random = SeededRandom(seed: 10_000_000)
        var user = 0
        var indexInUser = 0
        var emitted = 0
        let yearStart = Date(timeIntervalSince1970: 1_763_000_000)

        init(logs: SkewedLogs) { self.logs = logs }

        mutating func next() -> BulkLog? {
            while user < logs.perUser.count && indexInUser == logs.perUser[user] {
                user += 1
                indexInUser = 0
            }
            guard user < logs.perUser.count else { return nil }
            let count = logs.perUser[user]
            var habit = habitRank(Double.random(in: 0..<1, using: &random))
            if Int.random(in: 0..<10, using: &random) < 3 { habit = (habit + user * 7_919) % ScreenFixture.habitCount }
            let offset = 365 * 86_400 * (Double(indexInUser) + Double.random(in: 0..<1, using: &random)) / Double(count)
            indexInUser += 1
            emitted += 1
            if emitted.isMultiple(of: 1_000_000) {
                ScreenFixture.progress("\(emitted / 1_000_000)M of \(ScreenFixture.logCount / 1_000_000)M logs")
            }
            return BulkLog(userIndex: user, habitIndex: habit, timestamp: yearStart.addingTimeInterval(offset))
        }

        /// The first habit rank whose cumulative probability exceeds `uniform`.
        private func habitRank(_ uniform: Double) -> Int {
            var low = 0
            var high = logs.habitCDF.count - 1
            while low < high {
                let middle = (low + high) / 2
                if logs.habitCDF[middle] > uniform { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }
}
