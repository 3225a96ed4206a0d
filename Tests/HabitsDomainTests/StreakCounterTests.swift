import Foundation
import HabitsDomain
import Testing

/// The streak of every schedule against a day-by-day model, on random logs, skips and schedule changes.
struct StreakCounterTests {
    /// The rules read literally: walk every day (week) from long before the first record to today.
    struct Model {
        let schedule: HabitSchedule
        let today: LocalDay
        let firstWeekday: Int

        enum Verdict { case extends, neutral, breaks }

        func streak(of days: [HabitDay]) -> ScheduledStreak {
            let byDay = Dictionary(uniqueKeysWithValues: days.map { ($0.day, $0) })
            let start = (days.first?.day ?? today).adding(days: -14)
            var verdicts: [Verdict] = []
            if case .weekly(let times) = schedule.kind {
                var weekStart = start
                while weekStart.weekday != firstWeekday { weekStart = weekStart.adding(days: -1) }
                while weekStart <= today {
                    let week = (0..<7).map { weekStart.adding(days: $0) }.filter { $0 <= today }
                    let done = week.filter { (byDay[$0]?.logCount ?? 0) >= schedule.timesPerDay }.count
                    let skipped = week.filter {
                        (byDay[$0]?.isSkipped ?? false) && (byDay[$0]?.logCount ?? 0) < schedule.timesPerDay
                    }.count
                    let isCurrent = weekStart.adding(days: 7) > today
                    verdicts.append(
                        done >= times ? .extends : (isCurrent || done + skipped >= times) ? .neutral : .breaks)
                    weekStart = weekStart.adding(days: 7)
                }
            } else {
                var day = start
                while day <= today {
                    let record = byDay[day]
                    let done = (record?.logCount ?? 0) >= schedule.timesPerDay
                    let scheduled: Bool
                    if case .weekdays(let set) = schedule.kind {
                        scheduled = set.contains { $0.number == day.weekday }
                    } else {
                        scheduled = true
                    }
                    if !scheduled || (!done && (record?.isSkipped ?? false)) || (!done && day == today) {
                        verdicts.append(.neutral)
                    } else {
                        verdicts.append(done ? .extends : .breaks)
                    }
                    day = day.adding(days: 1)
                }
            }
            var current = 0
            var longest = 0
            for verdict in verdicts {
                switch verdict {
                case .extends: current += 1
                case .neutral: break
                case .breaks: current = 0
                }
                longest = max(longest, current)
            }
            return ScheduledStreak(current: current, longest: longest, unit: schedule.unit)
        }
    }

    static func randomSchedule(_ random: inout SeededRandom) -> HabitSchedule {
        let timesPerDay = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 2...3, using: &random) : 1
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return HabitSchedule(kind: .daily, timesPerDay: timesPerDay)
        case 1:
            var set = Set(Weekday.allCases.filter { _ in Bool.random(using: &random) })
            if set.isEmpty { set = [.mon] }
            return HabitSchedule(kind: .weekdays(set), timesPerDay: timesPerDay)
        default:
            return HabitSchedule(
                kind: .weekly(timesPerWeek: Int.random(in: 1...7, using: &random)), timesPerDay: timesPerDay)
        }
    }

    /// Random days around `today`, some after it, dense or sparse.
    static func randomDays(_ random: inout SeededRandom, today: LocalDay) -> [HabitDay] {
        let span = Int.random(in: 1...120, using: &random)
        let density = Double.random(in: 0.1...1, using: &random)
        var days: [HabitDay] = []
        for offset in -span...3 where Double.random(in: 0..<1, using: &random) < density {
            days.append(
                HabitDay(
                    day: today.adding(days: offset), logCount: Int.random(in: 0...3, using: &random),
                    isSkipped: Int.random(in: 0..<6, using: &random) == 0))
        }
        return days
    }

    @Test func everyScheduleAgreesWithTheDayByDayModel() async {
        var random = SeededRandom(seed: 28)
        for iteration in 0..<3_000 {
            // Tests run side by side with live servers on few cores: leave them the threads now and then.
            if iteration % 50 == 0 { await Task.yield() }
            let today = LocalDay(number: 20_000 + Int.random(in: 0..<14, using: &random))
            let firstWeekday = Int.random(in: 1...7, using: &random)
            let days = Self.randomDays(&random, today: today)
            // A schedule change rereads the same history: each schedule in turn must agree with the model.
            for _ in 0..<3 {
                let schedule = Self.randomSchedule(&random)
                let counted = StreakCounter(schedule: schedule, today: today, firstWeekday: firstWeekday)
                    .streak(of: days)
                let expected = Model(schedule: schedule, today: today, firstWeekday: firstWeekday).streak(of: days)
                #expect(counted == expected, "\(schedule) today \(today) first weekday \(firstWeekday) \(days)")
                if counted != expected { return }
            }
        }
    }

    @Test func anUnscheduledDayNeitherBreaksNorExtends() throws {
        // Mon, Wed, Fri; 2026-03-02 is a Monday.
        let monday = try #require(LocalDay(year: 2026, month: 3, day: 2))
        let schedule = HabitSchedule(kind: .weekdays([.mon, .wed, .fri]))
        let days = [0, 1, 2, 4].map { HabitDay(day: monday.adding(days: $0), logCount: 1) }
        let streak = StreakCounter(schedule: schedule, today: monday.adding(days: 6)).streak(of: days)
        #expect(streak == ScheduledStreak(current: 3, longest: 3, unit: .days))
    }

    @Test func aSkipKeepsTheStreakWithoutAddingToIt() throws {
        let first = try #require(LocalDay(year: 2026, month: 3, day: 2))
        let days = [
            HabitDay(day: first, logCount: 1), HabitDay(day: first.adding(days: 1), isSkipped: true),
            HabitDay(day: first.adding(days: 2), logCount: 1),
        ]
        let streak = StreakCounter(schedule: .daily, today: first.adding(days: 3)).streak(of: days)
        #expect(streak == ScheduledStreak(current: 2, longest: 2, unit: .days))
    }

    @Test func aDayIsDoneOnlyWhenItsTargetIsMet() throws {
        let first = try #require(LocalDay(year: 2026, month: 3, day: 2))
        let water = HabitSchedule(kind: .daily, timesPerDay: 8)
        let days = [HabitDay(day: first, logCount: 8), HabitDay(day: first.adding(days: 1), logCount: 7)]
        let streak = StreakCounter(schedule: water, today: first.adding(days: 2)).streak(of: days)
        #expect(streak == ScheduledStreak(current: 0, longest: 1, unit: .days))
    }

    @Test func theCurrentWeekCannotBreakTheStreakUntilItIsOver() throws {
        // Weeks from Monday; three each in the two weeks before, one so far this week (a Thursday).
        let monday = try #require(LocalDay(year: 2026, month: 3, day: 2))
        let offsets = [0, 2, 4, 7, 8, 9, 14]
        let days = offsets.map { HabitDay(day: monday.adding(days: $0), logCount: 1) }
        let thrice = HabitSchedule(kind: .weekly(timesPerWeek: 3))
        let thursday = monday.adding(days: 17)
        #expect(
            StreakCounter(schedule: thrice, today: thursday, firstWeekday: 2).streak(of: days)
                == ScheduledStreak(current: 2, longest: 2, unit: .weeks))
        // Once that week is over with one day done, the streak is broken.
        #expect(
            StreakCounter(schedule: thrice, today: monday.adding(days: 21), firstWeekday: 2).streak(of: days)
                == ScheduledStreak(current: 0, longest: 2, unit: .weeks))
    }

    @Test func schedulesReadAndWriteTheirJSON() throws {
        let decoder = JSONDecoder()
        let weekdays = try decoder.decode(
            HabitSchedule.self, from: Data(#"{"kind":"weekdays","weekdays":["fri","mon"],"timesPerDay":2}"#.utf8))
        #expect(weekdays == HabitSchedule(kind: .weekdays([.mon, .fri]), timesPerDay: 2))
        let encoded = String(decoding: try JSONEncoder().encode(weekdays), as: UTF8.self)
        #expect(encoded.contains(#""weekdays":["mon","fri"]"#))
        #expect(throws: DecodingError.self) {
            try decoder.decode(HabitSchedule.self, from: Data(#"{"kind":"hourly"}"#.utf8))
        }
        #expect(throws: HabitsError.self) { try HabitSchedule(kind: .weekly(timesPerWeek: 8)).validated() }
        #expect(throws: HabitsError.self) { try HabitSchedule(kind: .weekdays([])).validated() }
        #expect(throws: HabitsError.self) { try HabitSchedule(kind: .daily, timesPerDay: 0).validated() }
    }
}
