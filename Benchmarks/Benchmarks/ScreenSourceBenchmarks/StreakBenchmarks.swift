import Benchmark
import Foundation
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore

/// One person's habit with five years of history: logged on four days of five, twice on some, with a
/// skip a month, under a schedule that takes the counting path (three days a week, weeks counted).
struct StreakSetup: Sendable {
    var store: SQLiteHabitStore
    var viewer: Int64
    var habit: Int64
    var days: [HabitDay]
    var today: LocalDay
}

let streakSetup = SetupSlot<StreakSetup>()

/// The five years of days, oldest first, ending yesterday.
func fiveYearsOfDays(endingBefore today: LocalDay) -> [HabitDay] {
    var random = SeededRandom(seed: 5)
    return (1...1_826).reversed().compactMap { back -> HabitDay? in
        let day = today.adding(days: -back)
        if day.components.day == 15 { return HabitDay(day: day, isSkipped: true) }
        guard Int.random(in: 0..<5, using: &random) > 0 else { return nil }
        return HabitDay(day: day, logCount: Int.random(in: 1...2, using: &random))
    }
}

func registerStreakBenchmarks() {
    let configuration = screenReadConfiguration
    let setup: () async throws -> Void = {
        guard streakSetup.value == nil else { return }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("habits-benchmark-streak-\(ProcessInfo.processInfo.processIdentifier).sqlite").path
        let store = try SQLiteHabitStore(path: path)
        let category = CourseAPI.Category(name: "Health", color: Color(hue: 0.3, saturation: 0.5, brightness: 0.8))
        try await store.replaceAll(
            with: StoreContent(
                users: [CourseAPI.User(id: "five", name: "Five Years")], categories: [category],
                habits: [CourseAPI.Habit(name: "Run", category: category, info: "")], logs: [], images: [:]))
        guard let viewer = try await store.readScreens({ try await $0.user(key: "five") })?.id,
            let habit = try await store.habits(page: PageRequest(limit: 1)).items.first?.id
        else { throw HabitsError.notFound(kind: .user, id: "five") }
        _ = try await store.updateHabit(id: habit) { habit in
            var habit = habit
            habit.schedule = HabitSchedule(kind: .weekly(timesPerWeek: 3))
            return habit
        }
        let today = LocalDay(Date(), in: TimeZone(identifier: "UTC") ?? .current)
        let days = fiveYearsOfDays(endingBefore: today)
        var drafts: [LogDraft] = []
        for day in days where day.logCount > 0 {
            for _ in 0..<day.logCount {
                drafts.append(LogDraft(userID: viewer, habitID: habit, timestamp: day.day.noon(in: .gmt)))
            }
            if drafts.count >= 900 {
                _ = try await store.createLogs(drafts)
                drafts = []
            }
        }
        if !drafts.isEmpty { _ = try await store.createLogs(drafts) }
        for day in days where day.isSkipped {
            try await store.setSkipped(userID: viewer, habitID: habit, day: day.day, true, now: Date())
        }
        streakSetup.value = StreakSetup(store: store, viewer: viewer, habit: habit, days: days, today: today)
    }

    // The pure count: five years of days under each kind of schedule.
    Benchmark("Streak count: 5 years of days, 3 per week", configuration: configuration) { benchmark in
        guard let setup = streakSetup.value else { return benchmark.error("no fixture") }
        let counter = StreakCounter(
            schedule: HabitSchedule(kind: .weekly(timesPerWeek: 3)), today: setup.today, firstWeekday: 2)
        for _ in benchmark.scaledIterations { blackHole(counter.streak(of: setup.days)) }
    } setup: {
        try await setup()
    }

    Benchmark("Streak count: 5 years of days, Mon/Wed/Fri", configuration: configuration) { benchmark in
        guard let setup = streakSetup.value else { return benchmark.error("no fixture") }
        let counter = StreakCounter(
            schedule: HabitSchedule(kind: .weekdays([.mon, .wed, .fri])), today: setup.today, firstWeekday: 2)
        for _ in benchmark.scaledIterations { blackHole(counter.streak(of: setup.days)) }
    } setup: {
        try await setup()
    }

    /// A screen of the five-year habit for its person, built as its route builds it.
    func documentBenchmark(_ name: String, screen: ScreenName) {
        Benchmark(name, configuration: configuration) { benchmark in
            guard let setup = streakSetup.value else { return benchmark.error("no fixture") }
            let request = ScreenRequest(screen: screen, viewerID: setup.viewer, habitID: setup.habit)
            for _ in benchmark.scaledIterations {
                blackHole(try await setup.store.readScreens { source in
                    try await ScreenBuilder(source: MemoizingSource(source)).document(for: request, revision: "1")
                })
            }
        } setup: {
            try await setup()
        }
    }

    // The whole streak calendar as `GET /v1/screens/streak` builds it, its streak read from five years.
    documentBenchmark("Streak screen document: 5 years of history, 3 per week", screen: .streak)
    // The habit page as `GET /v1/screens/habit` builds it: streaks, three completion rates, the year
    // heatmap (53 weeks) and the notes, from five years of history.
    documentBenchmark("Habit screen document: year heatmap, 5 years of history", screen: .habit)
}
