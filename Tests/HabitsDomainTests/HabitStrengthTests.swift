import Foundation
import HabitsDomain
import Testing

/// A habit's days read as Loop's entries, scored: against the calculator fed day by day by hand.
struct HabitStrengthTests {
    @Test func theScoresAreTheCalculatorsOverEveryDayFromTheFirstEntry() async {
        var random = SeededRandom(seed: 63)
        for iteration in 0..<500 {
            if iteration % 50 == 0 { await Task.yield() }
            let today = LocalDay(number: 20_000)
            let days = StreakCounterTests.randomDays(&random, today: today).filter { $0.day <= today }
            let schedule = StreakCounterTests.randomSchedule(&random)
            let first = today.adding(days: -Int.random(in: 0...150, using: &random))
            let scores = HabitStrength.scores(schedule: schedule, days: days, from: first, through: today)
            // By hand: one entry per calendar day from the earliest of the first record and `first`.
            let start = min(days.first?.day ?? first, first)
            let byDay = Dictionary(uniqueKeysWithValues: days.map { ($0.day, $0) })
            let entries = (start.number...today.number).map { number in
                HabitStrength.entry(byDay[LocalDay(number: number)], under: schedule)
            }
            let all = StrengthCalculator(frequency: HabitStrength.frequency(of: schedule), target: .yesNo)
                .scores(days: entries)
            #expect(scores.map(\.day) == (first.number...today.number).map { LocalDay(number: $0) })
            #expect(scores.map(\.score) == Array(all.suffix(scores.count)), "\(schedule)")
            // Starting the walk earlier changes nothing: before any "yes" a check habit's score is 0.
            let earlier = HabitStrength.scores(
                schedule: schedule, days: days, from: start.adding(days: -30), through: today)
            #expect(Array(earlier.suffix(scores.count)).map(\.score) == scores.map(\.score))
        }
    }

    @Test func aScheduleIsReadAsLoopsFrequency() {
        #expect(HabitStrength.frequency(of: .daily) == .daily)
        #expect(
            HabitStrength.frequency(of: HabitSchedule(kind: .weekly(timesPerWeek: 3), timesPerDay: 1))
                == StrengthFrequency(numerator: 3, denominator: 7))
        #expect(
            HabitStrength.frequency(of: HabitSchedule(kind: .weekdays([.mon, .wed]), timesPerDay: 2))
                == StrengthFrequency(numerator: 2, denominator: 7))
        let twice = HabitSchedule(kind: .daily, timesPerDay: 2)
        #expect(
            HabitStrength.entry(HabitDay(day: LocalDay(number: 1), logCount: 1, isSkipped: false), under: twice)
                == .unknown)
        #expect(
            HabitStrength.entry(HabitDay(day: LocalDay(number: 1), logCount: 2, isSkipped: false), under: twice)
                == .yesManual)
        #expect(
            HabitStrength.entry(HabitDay(day: LocalDay(number: 1), logCount: 0, isSkipped: true), under: twice)
                == .skip)
    }
}
