import Benchmark
import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore
import LoopImport
import ZipArchive

/// A Loop Habit Tracker export of 100,000 checked days: ten habits, each checked every day of 10,000 days
/// (about 27 years) ending yesterday, deflate-free as our writer stores it.
func loopExport(today: LocalDay) -> [UInt8] {
    var zip = ZipWriter()
    var habits = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
        + "Target Type,Target Value,Archived?\n"
    var bytes: [UInt8] = []
    for index in 1...10 {
        let position = String(format: "%03d", index)
        habits += "\(position),Habit \(index),YES_NO,Did you?,,1,1,#FF8F00,,,,false\n"
        var checkmarks = "Date,Value,Notes\n"
        for back in 1...10_000 {
            checkmarks += "\(today.adding(days: -back)),YES_MANUAL,\n"
        }
        let path = "\(position) Habit \(index)/Checkmarks.csv"
        bytes += zip.add(path: path, contents: Array(checkmarks.utf8), modified: Date())
    }
    bytes += zip.add(path: "Habits.csv", contents: Array(habits.utf8), modified: Date())
    return bytes + zip.finish()
}

/// What the server's import planner makes of a Loop export: new habits, a log at noon of each checked day.
func plan(_ backup: LoopBackup, ownerID: Int64, categoryID: Int64) -> AccountImport {
    var habits: [ImportedHabit] = []
    var logs: [ImportedLog] = []
    for loop in backup.habits {
        let index = habits.count
        habits.append(
            .new(
                Habit(
                    id: 0, name: loop.name, categoryID: categoryID, info: loop.question, emoji: nil, ownerID: ownerID,
                    visibility: .personal)))
        for entry in loop.checkmarks where entry.checkmark == .yes {
            guard let day = LocalDay(year: entry.year, month: entry.month, day: entry.day) else { continue }
            logs.append(ImportedLog(habit: index, timestamp: day.noon(in: .gmt)))
        }
    }
    return AccountImport(habits: habits, logs: logs, days: [], favoriteHabitIDs: [])
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 1,
        maxDuration: .seconds(60), maxIterations: 5)
    let today = LocalDay(Date(), in: .gmt)
    let zip = loopExport(today: today)

    Benchmark("Loop import: read a zip of 100,000 checked days", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try LoopBackup(zip: zip)) }
    }

    // The whole import, read to committed: the goal is under 10 s for 100,000 logs. Each run imports into a
    // fresh store (a second import of the same file adds nothing), made before the measurement starts.
    Benchmark("Loop import: 100,000 logs read, planned and written to SQLite", configuration: configuration) {
        benchmark in
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("habits-benchmark-import-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try SQLiteHabitStore(path: path)
        let category = CourseAPI.Category(name: "Other", color: Color(hue: 0.3, saturation: 0.5, brightness: 0.8))
        try await store.replaceAll(
            with: StoreContent(
                users: [CourseAPI.User(id: "loop", name: "Loop")], categories: [category], habits: [], logs: [],
                images: [:]))
        guard let user = try await store.readScreens({ try await $0.user(key: "loop") })?.id,
            let categoryID = try await store.categories(page: PageRequest(limit: 1)).items.first?.id
        else { return benchmark.error("no fixture") }
        benchmark.startMeasurement()
        let backup = try LoopBackup(zip: zip)
        let summary = try await store.importAccountData(
            plan(backup, ownerID: user, categoryID: categoryID), userID: user, now: Date())
        benchmark.stopMeasurement()
        guard summary.logsAdded == 100_000 else { return benchmark.error("imported \(summary.logsAdded) logs") }
    }
}
