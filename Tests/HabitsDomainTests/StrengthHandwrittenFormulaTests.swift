import Foundation
import HabitsDomain
import Testing

/// Checks small histories against scores derived by hand from Loop's formula, one rule at a time.
@Suite struct StrengthHandwrittenFormulaTests {
    private let weekly = StrengthFrequency(numerator: 1, denominator: 7)

    /// `previous * m + value * (1 - m)` with `m = 0.5^(sqrt(f)/13)`, spelled out independently of the library.
    private func step(_ previous: Double, _ value: Double, frequency: Double) -> Double {
        let multiplier = pow(0.5, sqrt(frequency) / 13.0)
        return previous * multiplier + value * (1 - multiplier)
    }

    private func scores(_ frequency: StrengthFrequency, _ target: StrengthTarget, _ days: [StrengthEntry]) -> [Double] {
        StrengthCalculator(frequency: frequency, target: target).scores(days: days)
    }

    @Test func multiplierHalvesDailyGapEveryThirteenDays() {
        let multiplier = StrengthCalculator.multiplier(frequency: .daily)
        #expect(multiplier == pow(0.5, 1.0 / 13.0))
        // The multiplier is rounded to a Double, so its 13th power is only close to 0.5.
        #expect((pow(multiplier, 13) - 0.5).magnitude <= 1e-12)
        let weeklyMultiplier = StrengthCalculator.multiplier(frequency: weekly)
        #expect(weeklyMultiplier == pow(0.5, (1.0 / 7.0).squareRoot() / 13.0))
    }

    @Test func dailyYesNoWithSkip() {
        let result = scores(.daily, .yesNo, [.yesManual, .no, .skip, .yesManual, .yesAuto, .unknown])
        let day0 = step(0, 1, frequency: 1)
        let day1 = step(day0, 0, frequency: 1)
        let day3 = step(day1, 1, frequency: 1)
        // YES_AUTO and UNKNOWN both score as a miss.
        let day4 = step(day3, 0, frequency: 1)
        let day5 = step(day4, 0, frequency: 1)
        #expect(result == [day0, day1, day1, day3, day4, day5])
    }

    @Test func threeTimesAWeekUsesDoubledWindow() {
        // 3/7 is scored as 6 "yes" days in a 14-day window; the multiplier still uses 3/7.
        var days = Array(repeating: StrengthEntry.unknown, count: 16)
        for index in [0, 2, 4, 14, 15] { days[index] = .yesManual }
        days[5] = .skip
        let yesInWindow = [1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4]
        var expected: [Double] = []
        var previous = 0.0
        for day in 0..<16 {
            if day != 5 { previous = step(previous, min(1, Double(yesInWindow[day]) / 6), frequency: 3.0 / 7.0) }
            expected.append(previous)
        }
        // Day 14 drops day 0 and adds itself (3 stays 3); day 15 adds a fourth.
        #expect(scores(StrengthFrequency(numerator: 3, denominator: 7), .yesNo, days) == expected)
    }

    @Test func sevenTimesAWeekIsDaily() {
        #expect(StrengthFrequency(numerator: 7, denominator: 7) == .daily)
        let days: [StrengthEntry] = [.yesManual, .no, .yesManual, .yesManual, .no, .no, .no, .yesManual]
        #expect(scores(StrengthFrequency(numerator: 7, denominator: 7), .yesNo, days) == scores(.daily, .yesNo, days))
    }

    @Test func dailyAtMostStartsFullAndTreatsMissingDayAsSuccess() {
        let target = StrengthTarget.amount(target: 2, direction: .atMost)
        let days: [StrengthEntry] = [.amount(thousandths: 1000), .amount(thousandths: 5000), .skip, .unknown,
                               .amount(thousandths: 3000), .amount(thousandths: 4000)]
        let day0 = step(1, 1, frequency: 1) // 1.0 under target → full
        let day1 = step(day0, 0, frequency: 1) // 5.0 → 1 - 1.5 → clamped to 0
        let day3 = step(day1, 1, frequency: 1) // nothing recorded → full
        let day4 = step(day3, 0.5, frequency: 1) // 3.0 → 1 - 0.5
        let day5 = step(day4, 0, frequency: 1) // 4.0 → exactly 0
        #expect(scores(.daily, target, days) == [day0, day1, day1, day3, day4, day5])
    }

    @Test func weeklyAmountSkipStillAddsThreeThousandthsToWindow() throws {
        // Loop's quirk: a skipped day's raw value 3 is added to the numerical rolling sum.
        let target = StrengthTarget.amount(target: 10, direction: .atMost)
        let result = scores(weekly, target, [.amount(thousandths: 8000), .skip, .amount(thousandths: 2000)])
        let day0 = step(1, 1, frequency: 1.0 / 7.0)
        let day2 = step(day0, 1 - ((10003.0 / 1000 - 10) / 10), frequency: 1.0 / 7.0)
        #expect(result == [day0, day0, day2])
        try #require(result.count == 3)
        // Without the skip's 0.003 units the window would hold exactly 10.000, a full success.
        #expect(result[2] < step(day0, 1, frequency: 1.0 / 7.0))
        // An entry of exactly 0.003 units is indistinguishable from a skip.
        #expect(StrengthEntry.amount(thousandths: 3) == .skip)
    }

    @Test func weeklyAtLeastWindowSlides() {
        var days = Array(repeating: StrengthEntry.unknown, count: 9)
        days[0] = .amount(thousandths: 3000)
        days[7] = .amount(thousandths: 2000)
        let target = StrengthTarget.amount(target: 5, direction: .atLeast)
        var expected: [Double] = []
        var previous = 0.0
        // Window totals: 3.0 for days 0...6, day 0 leaves on day 7 (2.0), 2.0 again on day 8.
        for total in [3.0, 3, 3, 3, 3, 3, 3, 2, 2] {
            previous = step(previous, total / 5, frequency: 1.0 / 7.0)
            expected.append(previous)
        }
        #expect(scores(weekly, target, days) == expected)
    }

    @Test func zeroTargets() {
        let atLeastZero = StrengthTarget.amount(target: 0, direction: .atLeast)
        let first = step(0, 1, frequency: 1)
        #expect(scores(.daily, atLeastZero, [.unknown, .unknown]) == [first, step(first, 1, frequency: 1)])
        let atMostZero = StrengthTarget.amount(target: 0, direction: .atMost)
        let result = scores(.daily, atMostZero, [.amount(thousandths: 0), .amount(thousandths: 1), .unknown])
        let day0 = step(1, 1, frequency: 1)
        let day1 = step(day0, 0, frequency: 1)
        #expect(result == [day0, day1, step(day1, 1, frequency: 1)])
    }

    @Test func leadingDaysWithoutYesDoNotChangeYesNoScores() {
        // Loop may start a yes/no range a few days early (auto-yes intervals snapped backwards);
        // those leading days all score exactly 0, so later scores are unaffected.
        let everyOtherDay = StrengthFrequency(numerator: 1, denominator: 2)
        let tail: [StrengthEntry] = [.yesManual, .yesManual, .no, .yesManual]
        let withLead = scores(everyOtherDay, .yesNo, [.yesAuto, .unknown, .skip] + tail)
        #expect(Array(withLead.prefix(3)) == [0, 0, 0])
        #expect(Array(withLead.dropFirst(3)) == scores(everyOtherDay, .yesNo, tail))
    }

    @Test func exportedValueParsing() {
        #expect(StrengthEntry(exportedValue: "YES_MANUAL") == .yesManual)
        #expect(StrengthEntry(exportedValue: "YES_AUTO") == .yesAuto)
        #expect(StrengthEntry(exportedValue: "NO") == .no)
        #expect(StrengthEntry(exportedValue: "SKIP") == .skip)
        #expect(StrengthEntry(exportedValue: "UNKNOWN") == .unknown)
        #expect(StrengthEntry(exportedValue: "2500") == .amount(thousandths: 2500))
        #expect(StrengthEntry(exportedValue: "-1") == .unknown)
        #expect(StrengthEntry(exportedValue: "maybe") == nil)
    }
}
