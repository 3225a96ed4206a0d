import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// Schedules, targets, skips and notes as every store keeps them.
@Suite struct ScheduleStoreTests {
    static func day(_ text: String) -> LocalDay { DayStoreTests.day(text) }
    static let now = Fixture.instant("2026-03-20T12:00:00Z")

    func schedule(_ store: any HabitStore, _ habitID: Int64, _ schedule: HabitSchedule) async throws {
        _ = try await store.updateHabit(id: habitID) { habit in
            var habit = habit
            habit.schedule = schedule
            return habit
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func aScheduleIsKeptAndReadEverywhereAHabitIs(implementation: StoreImplementation) async throws {
        let (store, _, habit) = try await DayStoreTests.store(implementation, zone: "UTC")
        let thrice = HabitSchedule(kind: .weekly(timesPerWeek: 3), timesPerDay: 2)
        try await schedule(store, habit, thrice)
        #expect(try await store.habit(id: habit).schedule == thrice)
        let listed = try await store.habits(page: PageRequest(limit: 100)).items
        #expect(listed.first { $0.id == habit }?.schedule == thrice)
        #expect(try await store.readScreens { try await $0.habit(id: habit) }?.schedule == thrice)
        let other = try await habitID(store, named: "Read")
        #expect(try await store.habit(id: other).schedule == .daily)
        try await schedule(store, habit, .daily)
        #expect(try await store.habit(id: habit).schedule == .daily)
    }

    @Test(arguments: StoreImplementation.allCases)
    func aDayIsDoneWhenItsTargetIsMet(implementation: StoreImplementation) async throws {
        let (store, user, habit) = try await DayStoreTests.store(implementation, zone: "UTC")
        try await schedule(store, habit, HabitSchedule(kind: .daily, timesPerDay: 3))
        _ = try await store.createLogs([
            LogDraft(userID: user, habitID: habit, timestamp: Fixture.instant("2026-03-18T08:00:00Z"))
        ])
        // Marking the day done logs what is missing, once.
        try await store.markDay(userID: user, habitID: habit, day: Self.day("2026-03-19"), now: Self.now)
        try await store.markDay(userID: user, habitID: habit, day: Self.day("2026-03-19"), now: Self.now)
        #expect(try await count(store, user, habit) == 4)
        #expect(try await DayStoreTests.days(store, user, habit, "2026-03-01", "2026-03-31") == ["2026-03-19"])
        let days = try await store.habitDays(
            userID: user, habitID: habit, from: Self.day("2026-03-01"), through: Self.day("2026-03-31"))
        #expect(days.map(\.logCount) == [1, 3])
        let streak = try await store.streak(userID: user, habitID: habit, now: Self.now)
        #expect(streak.current == 1 && streak.longest == 1 && !streak.todayDone && streak.unit == .days)
    }

    @Test(arguments: StoreImplementation.allCases)
    func aSkipKeepsTheStreakAndAMonthHoldsThree(implementation: StoreImplementation) async throws {
        let (store, user, habit) = try await DayStoreTests.store(implementation, zone: "UTC")
        for text in ["2026-03-14", "2026-03-16", "2026-03-19"] {
            try await store.markDay(userID: user, habitID: habit, day: Self.day(text), now: Self.now)
        }
        for text in ["2026-03-15", "2026-03-17", "2026-03-18"] {
            try await store.setSkipped(userID: user, habitID: habit, day: Self.day(text), true, now: Self.now)
        }
        var streak = try await store.streak(userID: user, habitID: habit, now: Self.now)
        #expect(streak.current == 3 && streak.longest == 3)
        // A fourth skip in March is refused; April has its own three; a done day cannot be skipped.
        await #expect(throws: HabitsError.self) {
            try await store.setSkipped(userID: user, habitID: habit, day: Self.day("2026-03-13"), true, now: Self.now)
        }
        await #expect(throws: HabitsError.conflict(reason: "2026-03-19 is done; unmark it before skipping it.")) {
            try await store.setSkipped(userID: user, habitID: habit, day: Self.day("2026-03-19"), true, now: Self.now)
        }
        await #expect(throws: HabitsError.futureDay(Self.day("2026-03-21"))) {
            try await store.setSkipped(userID: user, habitID: habit, day: Self.day("2026-03-21"), true, now: Self.now)
        }
        // Marking a skipped day done takes the skip back; unmarking it leaves no skip either.
        try await store.markDay(userID: user, habitID: habit, day: Self.day("2026-03-17"), now: Self.now)
        try await store.unmarkDay(userID: user, habitID: habit, day: Self.day("2026-03-17"), now: Self.now)
        streak = try await store.streak(userID: user, habitID: habit, now: Self.now)
        #expect(streak.current == 1 && streak.longest == 2)
        // The skip taken back frees a place in March.
        try await store.setSkipped(userID: user, habitID: habit, day: Self.day("2026-03-17"), true, now: Self.now)
        try await store.setSkipped(userID: user, habitID: habit, day: Self.day("2026-03-15"), false, now: Self.now)
        let days = try await store.habitDays(
            userID: user, habitID: habit, from: Self.day("2026-03-01"), through: Self.day("2026-03-31"))
        #expect(days.filter(\.isSkipped).map(\.day.description) == ["2026-03-17", "2026-03-18"])
    }

    @Test(arguments: StoreImplementation.allCases)
    func aNoteIsKeptBesideTheDayAndLeavesWithItsUserAndHabit(implementation: StoreImplementation) async throws {
        let (store, user, habit) = try await DayStoreTests.store(implementation, zone: "UTC")
        try await store.markDay(userID: user, habitID: habit, day: Self.day("2026-03-19"), now: Self.now)
        try await store.setNote(
            userID: user, habitID: habit, day: Self.day("2026-03-19"), "Rainy 🌧️", now: Self.now)
        try await store.setNote(userID: user, habitID: habit, day: Self.day("2026-03-18"), "Rest", now: Self.now)
        func days() async throws -> [HabitDay] {
            try await store.habitDays(
                userID: user, habitID: habit, from: Self.day("2026-03-01"), through: Self.day("2026-03-31"))
        }
        #expect(
            try await days() == [
                HabitDay(day: Self.day("2026-03-18"), note: "Rest"),
                HabitDay(day: Self.day("2026-03-19"), logCount: 1, note: "Rainy 🌧️"),
            ])
        // A done day stays done with its note; removing a note leaves nothing behind.
        #expect(try await DayStoreTests.days(store, user, habit, "2026-03-01", "2026-03-31") == ["2026-03-19"])
        try await store.setNote(userID: user, habitID: habit, day: Self.day("2026-03-18"), nil, now: Self.now)
        #expect(try await days().map(\.day.description) == ["2026-03-19"])
        // Deleting the habit takes its days with it; a new habit never finds them.
        try await store.deleteHabit(id: habit, cascade: true)
        let read = try await habitID(store, named: "Read")
        try await store.setSkipped(userID: user, habitID: read, day: Self.day("2026-03-10"), true, now: Self.now)
        try await store.deleteUser(id: user, cascade: true)
        let zoe = try await store.createUser(
            User(id: 0, key: "zoe2", name: "Zoe", color: nil, bio: nil, timeZone: "UTC", locale: "en_US"))
        let left = try await store.habitDays(
            userID: zoe.id, habitID: read, from: Self.day("2026-03-01"), through: Self.day("2026-03-31"))
        #expect(left.isEmpty)
    }

    @Test(arguments: StoreImplementation.allCases)
    func weeksStartOnTheLocalesFirstWeekday(implementation: StoreImplementation) async throws {
        // 2026-03-15 is a Sunday. en_US weeks start on Sunday, de_DE weeks on Monday.
        let store = try await implementation.makeFixture()
        let habit = try await habitID(store, named: "Run")
        try await schedule(store, habit, HabitSchedule(kind: .weekly(timesPerWeek: 2)))
        var streaks: [String: ScheduledStreak] = [:]
        for locale in ["en_US", "de_DE"] {
            let user = try await store.createUser(
                User(id: 0, key: locale, name: locale, color: nil, bio: nil, timeZone: "UTC", locale: locale))
            // Saturday and Sunday: one week in Germany, two half weeks in the United States.
            for text in ["2026-03-14", "2026-03-15"] {
                try await store.markDay(userID: user.id, habitID: habit, day: Self.day(text), now: Self.now)
            }
            let streak = try await store.streak(userID: user.id, habitID: habit, now: Self.now)
            streaks[locale] = ScheduledStreak(current: streak.current, longest: streak.longest, unit: streak.unit)
        }
        #expect(streaks["de_DE"] == ScheduledStreak(current: 1, longest: 1, unit: .weeks))
        #expect(streaks["en_US"] == ScheduledStreak(current: 0, longest: 0, unit: .weeks))
    }
}
