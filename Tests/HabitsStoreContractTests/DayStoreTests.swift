import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// Done days and streaks: days are logs on the user's calendar, kept as runs in every write.
@Suite struct DayStoreTests {
    static func day(_ text: String) -> LocalDay {
        guard let day = LocalDay(iso: text) else { fatalError("not a date: \(text)") }
        return day
    }

    /// A store with the fixture, a user in `zone` and the id of the habit "Run".
    static func store(_ implementation: StoreImplementation, zone: String) async throws
        -> (store: any HabitStore, userID: Int64, habitID: Int64)
    {
        let store = try await implementation.makeFixture()
        let user = try await store.createUser(
            User(id: 0, key: "zoe", name: "Zoe", color: nil, bio: nil, timeZone: zone, locale: "en_US"))
        return (store, user.id, try await habitID(store, named: "Run"))
    }

    static func days(_ store: any HabitStore, _ userID: Int64, _ habitID: Int64, _ from: String, _ to: String)
        async throws -> [String]
    {
        try await store.doneDays(userID: userID, habitID: habitID, from: day(from), through: day(to)).map(\.description)
    }

    @Test(arguments: StoreImplementation.allCases)
    func markingTwiceAddsOneLogAndUnmarkingRemovesEveryLogOfTheDay(implementation: StoreImplementation) async throws {
        let (store, user, habit) = try await Self.store(implementation, zone: "Europe/Berlin")
        let now = Fixture.instant("2026-03-10T15:00:00Z")
        try await store.markDay(userID: user, habitID: habit, day: Self.day("2026-03-09"), now: now)
        try await store.markDay(userID: user, habitID: habit, day: Self.day("2026-03-09"), now: now)
        let logs = try await store.logs(userID: user, in: TimeRange(), page: PageRequest(limit: 10)).items
        #expect(logs.map(\.timestamp) == [Fixture.instant("2026-03-09T11:00:00Z")])  // local noon, CET
        // Two more logs on the same local day, one through the course API.
        _ = try await store.createLogs([
            LogDraft(userID: user, habitID: habit, timestamp: Fixture.instant("2026-03-09T22:30:00Z"))
        ])
        try await store.log(
            CourseAPI.LoggedHabit(userID: "zoe", habitName: "Run", timestamp: Fixture.instant("2026-03-08T23:30:00Z")))
        #expect(try await count(store, user, habit) == 3)
        try await store.unmarkDay(userID: user, habitID: habit, day: Self.day("2026-03-09"), now: now)
        #expect(try await store.logs(userID: user, in: TimeRange(), page: PageRequest(limit: 10)).items.isEmpty)
        #expect(try await count(store, user, habit) == 0)
        #expect(try await Self.days(store, user, habit, "2026-03-01", "2026-03-31") == [])
        // A habit no longer logged has no count at all, not a count of 0.
        #expect(try await store.readScreens { try await $0.counts(userID: user) }.isEmpty)
    }

    @Test(arguments: StoreImplementation.allCases)
    func undoTakesBackTheLatestLogOfTheUsersTodayOnly(implementation: StoreImplementation) async throws {
        let (store, user, habit) = try await Self.store(implementation, zone: "Europe/Berlin")
        let now = Fixture.instant("2026-03-10T15:00:00Z")
        let created = try await store.createLogs([
            // 23:30 in Berlin on 2026-03-09: yesterday's, not today's.
            LogDraft(userID: user, habitID: habit, timestamp: Fixture.instant("2026-03-09T22:30:00Z")),
            LogDraft(userID: user, habitID: habit, timestamp: Fixture.instant("2026-03-10T12:00:00Z")),
            LogDraft(userID: user, habitID: habit, timestamp: Fixture.instant("2026-03-10T08:00:00Z")),
        ])
        // The latest by time goes first, whatever the order of ids.
        #expect(try await store.undoLastLog(userID: user, habitID: habit, now: now) == created[1].id)
        #expect(try await store.undoLastLog(userID: user, habitID: habit, now: now) == created[2].id)
        await #expect(throws: HabitsError.conflict(reason: HabitsError.nothingToUndo)) {
            try await store.undoLastLog(userID: user, habitID: habit, now: now)
        }
        #expect(try await count(store, user, habit) == 1)
        #expect(try await Self.days(store, user, habit, "2026-03-01", "2026-03-31") == ["2026-03-09"])
    }

    @Test(arguments: StoreImplementation.allCases)
    func aDayAfterTheUsersTodayIsRefused(implementation: StoreImplementation) async throws {
        let now = Fixture.instant("2026-03-10T15:00:00Z")
        // Kiritimati is UTC+14: its today is already 2026-03-11.
        let (ahead, kiribati, habit) = try await Self.store(implementation, zone: "Pacific/Kiritimati")
        try await ahead.markDay(userID: kiribati, habitID: habit, day: Self.day("2026-03-11"), now: now)
        await #expect(throws: HabitsError.futureDay(Self.day("2026-03-12"))) {
            try await ahead.markDay(userID: kiribati, habitID: habit, day: Self.day("2026-03-12"), now: now)
        }
        let streak = try await ahead.streak(userID: kiribati, habitID: habit, now: now)
        #expect(streak == StreakSummary(current: 1, longest: 1, today: Self.day("2026-03-11"), todayDone: true))

        let (behind, utc, _) = try await Self.store(implementation, zone: "UTC")
        await #expect(throws: HabitsError.futureDay(Self.day("2026-03-11"))) {
            try await behind.markDay(userID: utc, habitID: habit, day: Self.day("2026-03-11"), now: now)
        }
        #expect(try await behind.logs(userID: utc, in: TimeRange(), page: PageRequest(limit: 5)).items.isEmpty)
    }

    @Test(arguments: StoreImplementation.allCases)
    func theStreakRunsAcrossMonthAndYearEndsAndTodayCannotBreakIt(implementation: StoreImplementation) async throws {
        let (store, user, habit) = try await Self.store(implementation, zone: "UTC")
        let now = Fixture.instant("2027-01-03T12:00:00Z")
        for text in ["2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"] {
            try await store.markDay(userID: user, habitID: habit, day: Self.day(text), now: now)
        }
        #expect(
            try await store.streak(userID: user, habitID: habit, now: now)
                == StreakSummary(current: 5, longest: 5, today: Self.day("2027-01-03"), todayDone: false))
        try await store.markDay(userID: user, habitID: habit, day: Self.day("2027-01-03"), now: now)
        #expect(
            try await store.streak(userID: user, habitID: habit, now: now)
                == StreakSummary(current: 6, longest: 6, today: Self.day("2027-01-03"), todayDone: true))
        // Two days later, with neither done, the streak is over; the longest stays.
        let later = Fixture.instant("2027-01-05T12:00:00Z")
        #expect(
            try await store.streak(userID: user, habitID: habit, now: later)
                == StreakSummary(current: 0, longest: 6, today: Self.day("2027-01-05"), todayDone: false))
    }

    @Test(arguments: StoreImplementation.allCases)
    func aLeapDayJoinsFebruaryToMarch(implementation: StoreImplementation) async throws {
        let (store, user, habit) = try await Self.store(implementation, zone: "UTC")
        let now = Fixture.instant("2028-03-01T20:00:00Z")
        for text in ["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"] {
            try await store.markDay(userID: user, habitID: habit, day: Self.day(text), now: now)
        }
        #expect(try await store.streak(userID: user, habitID: habit, now: now).current == 4)
        #expect(
            try await Self.days(store, user, habit, "2028-02-28", "2028-03-31")
                == ["2028-02-28", "2028-02-29", "2028-03-01"])
    }

    @Test(arguments: StoreImplementation.allCases)
    func oneBatchOfLogsOnSeveralDaysOfOnePairJoinsEachToItsRuns(implementation: StoreImplementation) async throws {
        let (store, user, habit) = try await Self.store(implementation, zone: "UTC")
        let now = Fixture.instant("2026-05-08T20:00:00Z")
        for text in ["2026-05-02", "2026-05-08"] {
            try await store.markDay(userID: user, habitID: habit, day: Self.day(text), now: now)
        }
        // Out of order, one day twice: each day joins the runs the days before it in the batch left.
        let noons = ["2026-05-05", "2026-05-03", "2026-05-04", "2026-05-04", "2026-05-07"]
        _ = try await store.createLogs(noons.map {
            LogDraft(userID: user, habitID: habit, timestamp: Fixture.instant("\($0)T12:00:00Z"))
        })
        #expect(
            try await Self.days(store, user, habit, "2026-05-01", "2026-05-31")
                == ["2026-05-02", "2026-05-03", "2026-05-04", "2026-05-05", "2026-05-07", "2026-05-08"])
        #expect(
            try await store.streak(userID: user, habitID: habit, now: now)
                == StreakSummary(current: 2, longest: 4, today: Self.day("2026-05-08"), todayDone: true))
        #expect(try await count(store, user, habit) == 7)
        // The day between the runs joins them into one.
        _ = try await store.createLogs([
            LogDraft(userID: user, habitID: habit, timestamp: Fixture.instant("2026-05-06T12:00:00Z"))
        ])
        #expect(try await store.streak(userID: user, habitID: habit, now: now).current == 7)
    }

    @Test(arguments: StoreImplementation.allCases)
    func unmarkingInTheMiddleSplitsTheStreak(implementation: StoreImplementation) async throws {
        let (store, user, habit) = try await Self.store(implementation, zone: "UTC")
        let now = Fixture.instant("2026-05-07T09:00:00Z")
        for dayOfMonth in 1...7 {
            try await store.markDay(
                userID: user, habitID: habit, day: Self.day("2026-05-0\(dayOfMonth)"), now: now)
        }
        try await store.unmarkDay(userID: user, habitID: habit, day: Self.day("2026-05-04"), now: now)
        #expect(
            try await store.streak(userID: user, habitID: habit, now: now)
                == StreakSummary(current: 3, longest: 3, today: Self.day("2026-05-07"), todayDone: true))
        #expect(
            try await Self.days(store, user, habit, "2026-05-02", "2026-05-06")
                == ["2026-05-02", "2026-05-03", "2026-05-05", "2026-05-06"])
        // Marking it again joins the two runs.
        try await store.markDay(userID: user, habitID: habit, day: Self.day("2026-05-04"), now: now)
        #expect(try await store.streak(userID: user, habitID: habit, now: now).longest == 7)
    }

    @Test(arguments: StoreImplementation.allCases)
    func aLateEveningCourseLogBelongsToTheLocalDay(implementation: StoreImplementation) async throws {
        let (store, user, habit) = try await Self.store(implementation, zone: "America/New_York")
        // 22:30 on Friday 2026-11-20 in New York is already Saturday in UTC.
        try await store.log(
            CourseAPI.LoggedHabit(userID: "zoe", habitName: "Run", timestamp: Fixture.instant("2026-11-21T03:30:00Z")))
        #expect(try await Self.days(store, user, habit, "2026-11-01", "2026-11-30") == ["2026-11-20"])
    }

    /// A zone, a day on which its clocks change, 23:30 local that day and 00:30 local the day after.
    typealias DSTCase = (zone: String, date: String, lateEvening: String, afterMidnight: String)

    static let dstCases: [DSTCase] = [
        ("America/New_York", "2026-03-08", "2026-03-09T03:30:00Z", "2026-03-09T04:30:00Z"),
        ("America/New_York", "2026-11-01", "2026-11-02T04:30:00Z", "2026-11-02T05:30:00Z"),
        ("Europe/Berlin", "2026-03-29", "2026-03-29T21:30:00Z", "2026-03-29T22:30:00Z"),
        ("Europe/Berlin", "2026-10-25", "2026-10-25T22:30:00Z", "2026-10-25T23:30:00Z"),
    ]

    @Test(arguments: StoreImplementation.allCases, dstCases)
    func aDSTChangeNeitherSplitsNorMergesADay(implementation: StoreImplementation, dst: DSTCase) async throws {
        let (zone, date, lateEvening, afterMidnight) = dst
        let (store, user, habit) = try await Self.store(implementation, zone: zone)
        _ = try await store.createLogs([
            LogDraft(userID: user, habitID: habit, timestamp: Fixture.instant(lateEvening)),
            LogDraft(userID: user, habitID: habit, timestamp: Fixture.instant(afterMidnight)),
        ])
        let day = Self.day(date)
        let next = day.adding(days: 1)
        #expect(
            try await store.doneDays(
                userID: user, habitID: habit, from: day.adding(days: -1), through: next.adding(days: 1))
                == [day, next])
        let streak = try await store.streak(
            userID: user, habitID: habit, now: next.noon(in: TimeZone(identifier: zone)!))
        #expect((streak.current, streak.todayDone) == (2, true))
        // Marking the day of the change puts its log at that day's noon, which is that day.
        try await store.unmarkDay(userID: user, habitID: habit, day: day, now: Fixture.now)
        try await store.markDay(userID: user, habitID: habit, day: day, now: Fixture.now)
        #expect(try await store.doneDays(userID: user, habitID: habit, from: day, through: day) == [day])
    }

    /// Decided: a log keeps the day it was written on; a new zone applies to logs written after it.
    @Test(arguments: StoreImplementation.allCases)
    func aUserWhoChangesZoneKeepsPastDaysAndLogsNewOnesInTheNewZone(implementation: StoreImplementation) async throws {
        let (store, user, habit) = try await Self.store(implementation, zone: "Asia/Tokyo")
        let instant = Fixture.instant("2026-03-10T20:00:00Z")  // 05:00 on 03-11 in Tokyo, 13:00 on 03-10 in LA
        _ = try await store.createLogs([LogDraft(userID: user, habitID: habit, timestamp: instant)])
        _ = try await store.updateUser(id: user) { user in
            var user = user
            user.timeZone = "America/Los_Angeles"
            return user
        }
        #expect(try await Self.days(store, user, habit, "2026-03-01", "2026-03-31") == ["2026-03-11"])
        _ = try await store.createLogs([LogDraft(userID: user, habitID: habit, timestamp: instant)])
        #expect(try await Self.days(store, user, habit, "2026-03-01", "2026-03-31") == ["2026-03-10", "2026-03-11"])
        // In Los Angeles it is still 03-10: the day logged in Tokyo lies after today, and counts only up to it.
        let streak = try await store.streak(userID: user, habitID: habit, now: instant)
        #expect(streak == StreakSummary(current: 1, longest: 2, today: Self.day("2026-03-10"), todayDone: true))
    }

    @Test(arguments: StoreImplementation.allCases)
    func deletingALogUnmarksItsDayOnlyWhenItWasTheLast(implementation: StoreImplementation) async throws {
        let (store, user, habit) = try await Self.store(implementation, zone: "UTC")
        let logs = try await store.createLogs([
            LogDraft(userID: user, habitID: habit, timestamp: Fixture.instant("2026-04-02T08:00:00Z")),
            LogDraft(userID: user, habitID: habit, timestamp: Fixture.instant("2026-04-02T09:00:00Z")),
            LogDraft(userID: user, habitID: habit, timestamp: Fixture.instant("2026-04-03T09:00:00Z")),
        ])
        try await store.deleteLog(id: logs[0].id)
        #expect(try await Self.days(store, user, habit, "2026-04-01", "2026-04-30") == ["2026-04-02", "2026-04-03"])
        try await store.deleteLog(id: logs[1].id)
        #expect(try await Self.days(store, user, habit, "2026-04-01", "2026-04-30") == ["2026-04-03"])
        // Deleting the user takes their runs with them (a leftover row would fail the foreign key).
        try await store.deleteUser(id: user, cascade: true)
        await #expect(throws: HabitsError.notFound(kind: .user, id: String(user))) {
            _ = try await store.streak(userID: user, habitID: habit, now: Fixture.now)
        }
    }
}

/// A user's count of a habit, as screens read it.
func count(_ store: any HabitStore, _ userID: Int64, _ habitID: Int64) async throws -> Int {
    try await store.readScreens { try await $0.count(userID: userID, habitID: habitID) }
}
