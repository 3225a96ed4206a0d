import HabitsDomain
import Testing

/// Completion rates against the rule read literally, day by day, on random days and schedules.
struct CompletionRateTests {
    /// Walks every day of the window.
    static func model(_ days: [HabitDay], schedule: HabitSchedule, today: LocalDay, window: Int) -> CompletionRate {
        let byDay = Dictionary(uniqueKeysWithValues: days.map { ($0.day, $0) })
        let window = (0..<window).map { today.adding(days: -$0) }.filter { schedule.isScheduled($0) }
        let done = window.filter { (byDay[$0]?.logCount ?? 0) >= schedule.timesPerDay }.count
        let skipped = window.filter {
            (byDay[$0]?.isSkipped ?? false) && (byDay[$0]?.logCount ?? 0) < schedule.timesPerDay
        }
        if case .weekly(let times) = schedule.kind {
            let asked = Int((Double(times * window.count) / 7).rounded(.toNearestOrAwayFromZero))
            let expected = max(asked - skipped.count, 0)
            return CompletionRate(days: window.count, done: min(done, expected), expected: expected)
        }
        let todayDone = (byDay[today]?.logCount ?? 0) >= schedule.timesPerDay && schedule.isScheduled(today)
        let open = schedule.isScheduled(today) && !todayDone ? 1 : 0
        let skippedBefore = skipped.filter { $0 != today }.count
        let expected = window.count - open - skippedBefore
        return CompletionRate(days: window.count, done: done, expected: expected)
    }

    @Test func everyWindowAgreesWithTheDayByDayModel() async {
        var random = SeededRandom(seed: 30)
        for iteration in 0..<2_000 {
            if iteration % 50 == 0 { await Task.yield() }
            let today = LocalDay(number: 20_000 + Int.random(in: 0..<14, using: &random))
            let days = StreakCounterTests.randomDays(&random, today: today)
            let schedule = StreakCounterTests.randomSchedule(&random)
            let windows = [Int.random(in: 1...10, using: &random), 30, 90, Int.random(in: 1...130, using: &random)]
            let rates = CompletionRate.rates(of: days, schedule: schedule, today: today, windows: windows)
            #expect(rates.map(\.days) == windows)
            for rate in rates {
                var expected = Self.model(days, schedule: schedule, today: today, window: rate.days)
                // The model counts scheduled days; the rate is named after its window.
                expected.days = rate.days
                #expect(rate == expected, "\(schedule) today \(today) window \(rate.days) \(days)")
                if rate != expected { return }
            }
        }
    }

    @Test func todayIsAskedForOnlyOnceDone() throws {
        let today = try #require(LocalDay(year: 2026, month: 3, day: 10))
        let yesterday = HabitDay(day: today.adding(days: -1), logCount: 1)
        let open = CompletionRate.rates(of: [yesterday], schedule: .daily, today: today, windows: [2])
        #expect(open == [CompletionRate(days: 2, done: 1, expected: 1)])
        #expect(open.first?.percent == 100)
        let done = CompletionRate.rates(
            of: [yesterday, HabitDay(day: today, logCount: 1)], schedule: .daily, today: today, windows: [2])
        #expect(done == [CompletionRate(days: 2, done: 2, expected: 2)])
    }

    @Test func skippedDaysAreNotAskedFor() throws {
        let today = try #require(LocalDay(year: 2026, month: 3, day: 10))
        let days = [
            HabitDay(day: today.adding(days: -3), logCount: 1), HabitDay(day: today.adding(days: -2), isSkipped: true),
        ]
        let rate = try #require(CompletionRate.rates(of: days, schedule: .daily, today: today, windows: [4]).first)
        // Four days: one done, one skipped, yesterday missed, today open.
        #expect(rate == CompletionRate(days: 4, done: 1, expected: 2))
        #expect(rate.percent == 50)
    }

    @Test func aWeeklyHabitIsAskedForItsShareOfTheWindow() throws {
        let today = try #require(LocalDay(year: 2026, month: 3, day: 31))
        let thrice = HabitSchedule(kind: .weekly(timesPerWeek: 3))
        let days = (0..<30).filter { $0 % 2 == 0 }.map { HabitDay(day: today.adding(days: -$0), logCount: 1) }
        let rate = try #require(CompletionRate.rates(of: days, schedule: thrice, today: today, windows: [30]).first)
        // 3 × 30 / 7 ≈ 12.9, so 13 asked; 15 done counts as 13.
        #expect(rate == CompletionRate(days: 30, done: 13, expected: 13))
        #expect(rate.percent == 100)
    }

    @Test func aWindowThatAsksNothingHasNoRate() throws {
        let today = try #require(LocalDay(year: 2026, month: 3, day: 10))
        let skipped = [HabitDay(day: today.adding(days: -1), isSkipped: true)]
        let rate = try #require(CompletionRate.rates(of: skipped, schedule: .daily, today: today, windows: [2]).first)
        #expect(rate.expected == 0)
        #expect(rate.percent == nil)
    }
}
