import Foundation
import HabitsDomain
import Testing

// Expectations ported from uhabits-core's own tests (ScoreTest.kt, ScoreListTest.kt) and from its CSV export
// fixture (assets/test/csv_export), which Loop's HabitsCSVExporterTest checks byte for byte.

/// Checks the calculator against every expected score in Loop Habit Tracker's own tests and CSV fixture.
@Suite struct StrengthLoopFixtureTests {
    /// Tolerance used by Loop's tests (its expected values are printed with 6 decimals).
    private let loopTolerance = 1e-6

    private let twentyDailyChecks: [Double] = [
        0.655747, 0.636894, 0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.443734,
        0.413270, 0.381137, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.147820, 0.101149, 0.051922,
        0, 0, 0
    ]
    private let atLeastTwo = StrengthTarget.amount(target: 2.0, direction: .atLeast)
    private let atMostTwo = StrengthTarget.amount(target: 2.0, direction: .atMost)
    private let everyThirdDay = StrengthFrequency(numerator: 1, denominator: 3)
    private let everyOtherDay = StrengthFrequency(numerator: 1, denominator: 2)
    private let weekly = StrengthFrequency(numerator: 1, denominator: 7)
    private let monthly = StrengthFrequency(numerator: 1, denominator: 30)

    // MARK: Helpers

    /// Days of the scored range, oldest first, from "days before today" → raw value.
    /// The range starts at the oldest entry (Loop's `from`) or today when there is none.
    private func days(_ entries: [Int: Int]) -> [StrengthEntry] {
        let oldest = entries.keys.max() ?? 0
        return stride(from: oldest, through: 0, by: -1).map { StrengthEntry(loopValue: entries[$0] ?? -1) }
    }

    /// Gives every day in `offsets` (days before today) the raw value `value`, as Loop's tests do in loops.
    private func setEntries(_ offsets: Range<Int>, to value: Int, in entries: inout [Int: Int]) {
        for offset in offsets { entries[offset] = value }
    }

    /// Today's score, as `habit.scores[today]` in Loop's tests.
    private func todayScore(
        _ frequency: StrengthFrequency, _ target: StrengthTarget, _ entries: [Int: Int]
    ) -> Double {
        StrengthCalculator(frequency: frequency, target: target).scores(days: days(entries)).last ?? 0
    }

    /// Expects `actual` within `tolerance` of `expected`.
    ///
    /// Same acceptance rule as the XCTest `accuracy:` assertions these tests were first written with, so
    /// no expectation got looser in the move: equal, or at most `tolerance` apart (NaN never passes).
    private func expectClose(
        _ actual: Double, _ expected: Double, tolerance: Double,
        _ label: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            actual == expected || (actual - expected).magnitude <= tolerance,
            "\(label) got \(actual), expected \(expected) ± \(tolerance)",
            sourceLocation: sourceLocation
        )
    }

    /// Compares newest-first scores, padded with 0 for days before the range like Loop's `ScoreList.get`.
    private func expectLoopValues(
        _ frequency: StrengthFrequency, _ target: StrengthTarget, _ entries: [Int: Int],
        _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let calculator = StrengthCalculator(frequency: frequency, target: target)
        let newestFirst = Array(calculator.scores(days: days(entries)).reversed())
        let padded = newestFirst + Array(repeating: 0.0, count: max(0, expected.count - newestFirst.count))
        for (index, value) in expected.enumerated() {
            expectClose(padded[index], value, tolerance: loopTolerance, "day -\(index)",
                        sourceLocation: sourceLocation)
        }
    }

    // MARK: ScoreTest.kt

    @Test func scoreComputeDailyAndNonDaily() {
        let daily = StrengthCalculator.multiplier(frequency: .daily)
        let dailyCases: [(previous: Double, check: Double, expected: Double)] = [
            (0, 1, 0.051922), (0.5, 1, 0.525961), (0.75, 1, 0.762981),
            (0, 0, 0), (0.5, 0, 0.474039), (0.75, 0, 0.711058)
        ]
        for (previous, check, expected) in dailyCases {
            let value = StrengthCalculator.next(previous: previous, checkmarkValue: check, multiplier: daily)
            expectClose(value, expected, tolerance: loopTolerance, "daily \(previous), \(check)")
        }
        let third = StrengthCalculator.multiplier(frequency: everyThirdDay)
        let thirdCases: [(previous: Double, check: Double, expected: Double)] = [
            (0, 1, 0.030314), (0.5, 1, 0.515157), (0.75, 1, 0.757578),
            (0, 0, 0), (0.5, 0, 0.484842), (0.75, 0, 0.727263)
        ]
        for (previous, check, expected) in thirdCases {
            let value = StrengthCalculator.next(previous: previous, checkmarkValue: check, multiplier: third)
            expectClose(value, expected, tolerance: loopTolerance, "1/3 \(previous), \(check)")
        }
    }

    // MARK: YesNoScoreListTest

    @Test func yesNoGetValue() {
        var entries: [Int: Int] = [:]
        setEntries(0..<20, to: 2, in: &entries)
        expectLoopValues(.daily, .yesNo, entries, twentyDailyChecks)
    }

    @Test func yesNoGetValueWithSkip() {
        var entries: [Int: Int] = [:]
        setEntries(0..<20, to: 2, in: &entries)
        for day in [5, 10, 11] { entries[day] = 3 }
        expectLoopValues(.daily, .yesNo, entries, [
            0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.472617, 0.443734, 0.413270, 0.381137,
            0.347244, 0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.147820, 0.101149, 0.051922,
            0, 0, 0
        ])
    }

    /// Loop's `getValueWithSkip2`: one check, then a skip that carries the first score over unchanged.
    @Test func yesNoGetValueWithSkipAfterSingleCheck() {
        expectLoopValues(.daily, .yesNo, [5: 2, 4: 3],
                         [0.041949, 0.044247, 0.046670, 0.049226, 0.051922, 0.051922, 0.0])
    }

    @Test func yesNoImperfectNonDaily() {
        var entries: [Int: Int] = [:]
        for day in 0..<700 where day % 7 < 2 { entries[day] = 2 }
        let threeTimesAWeek = StrengthFrequency(numerator: 3, denominator: 7)
        let fourTimesAWeek = StrengthFrequency(numerator: 4, denominator: 7)
        expectClose(todayScore(threeTimesAWeek, .yesNo, entries), 2 / 3.0, tolerance: loopTolerance)
        expectClose(todayScore(fourTimesAWeek, .yesNo, entries), 0.5, tolerance: loopTolerance)
    }

    @Test func yesNoIrregularNonDaily() {
        var entries: [Int: Int] = [:]
        for day in 0..<1400 where day % 14 == 0 || day % 14 == 13 { entries[day] = 2 }
        expectClose(todayScore(weekly, .yesNo, entries), 1.0, tolerance: 1e-3)
    }

    @Test func highScoreInReasonableTime() {
        for target in [StrengthTarget.yesNo, atLeastTwo] {
            let done = target == .yesNo ? 2 : 2000
            var entries: [Int: Int] = [:]
            setEntries(0..<90, to: done, in: &entries)
            #expect(todayScore(.daily, target, entries) > 0.99, "daily \(target)")
            entries = [:]
            for week in 0...38 { entries[7 * week] = done }
            #expect(todayScore(weekly, target, entries) > 0.99, "weekly \(target)")
            // Loop's test keeps the weekly entries and adds monthly ones before switching to 1/30.
            for month in 0...17 { entries[30 * month] = done }
            #expect(todayScore(monthly, target, entries) > 0.99, "monthly \(target)")
        }
    }

    @Test func yesNoRecompute() {
        expectClose(todayScore(.daily, .yesNo, [:]), 0, tolerance: loopTolerance)
        expectClose(todayScore(.daily, .yesNo, [0: 2, 1: 2]), 0.101149, tolerance: loopTolerance)
        expectClose(todayScore(everyOtherDay, .yesNo, [0: 2, 1: 2]), 0.054816, tolerance: loopTolerance)
    }

    @Test func yesNoAddThenRemove() {
        expectClose(todayScore(.daily, .yesNo, [0: 2]), 0.051922, tolerance: loopTolerance)
        expectClose(todayScore(.daily, .yesNo, [0: -1]), 0, tolerance: loopTolerance)
    }

    // MARK: NumericalAtLeastScoreListTest (+ WithSkip)

    @Test func atLeastZeroTargetIsFinite() {
        let entries = [0: 100, 1: 200, 3: 300, 5: 400, 7: 500, 8: 600, 9: 700, 10: 800]
        #expect(todayScore(.daily, .amount(target: 0, direction: .atLeast), entries).isFinite)
    }

    @Test func atLeastGetValueAndRecompute() {
        var entries: [Int: Int] = [:]
        setEntries(0..<20, to: 2000, in: &entries)
        expectLoopValues(.daily, atLeastTwo, entries, twentyDailyChecks)
        expectClose(todayScore(.daily, atLeastTwo, [:]), 0, tolerance: loopTolerance)
        expectClose(todayScore(.daily, atLeastTwo, [0: 2000, 1: 2000]), 0.101149, tolerance: loopTolerance)
        expectClose(todayScore(everyOtherDay, atLeastTwo, [0: 2000, 1: 2000]), 0.072631, tolerance: loopTolerance)
    }

    @Test func atLeastComparableToProgressAndOverachieving() {
        var entries: [Int: Int] = [:]
        setEntries(0..<500, to: 1000, in: &entries)
        expectClose(todayScore(.daily, atLeastTwo, entries), 0.5, tolerance: loopTolerance)
        setEntries(0..<500, to: 500, in: &entries)
        expectClose(todayScore(.daily, atLeastTwo, entries), 0.25, tolerance: loopTolerance)
        expectClose(todayScore(.daily, atLeastTwo, [0: 10_000_000]), 0.051922, tolerance: loopTolerance)
    }

    @Test func atLeastWithSkipGetValue() {
        var entries: [Int: Int] = [:]
        setEntries(0..<20, to: 2000, in: &entries)
        entries[10] = 3
        entries[15] = 3
        expectLoopValues(.daily, atLeastTwo, entries, [
            0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.443734, 0.413270, 0.381137,
            0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.192067, 0.147820, 0.101149, 0.051922,
            0, 0, 0
        ])
    }

    @Test func atLeastSkipsShouldNotAffectScore() {
        var entries: [Int: Int] = [:]
        setEntries(0..<500, to: 1000, in: &entries)
        let initial = todayScore(.daily, atLeastTwo, entries)
        setEntries(500..<1000, to: 3, in: &entries)
        expectClose(todayScore(.daily, atLeastTwo, entries), initial, tolerance: loopTolerance)
        setEntries(0..<300, to: 1000, in: &entries)
        setEntries(300..<500, to: 3, in: &entries)
        setEntries(500..<700, to: 1000, in: &entries)
        expectClose(todayScore(.daily, atLeastTwo, entries), initial, tolerance: loopTolerance)
    }

    // MARK: NumericalAtMostScoreListTest

    @Test func atMostGetValue() {
        var entries: [Int: Int] = [20: 1000]
        setEntries(0..<20, to: 5000, in: &entries)
        expectLoopValues(.daily, atMostTwo, entries, [
            0.344253, 0.363106, 0.382992, 0.403967, 0.426090, 0.449426, 0.474039, 0.500000, 0.527383, 0.556266,
            0.586730, 0.618863, 0.652756, 0.688505, 0.726212, 0.765983, 0.807933, 0.852180, 0.898851, 0.948078,
            1.0, 0.0, 0.0
        ])
    }

    @Test func atMostRecomputeAndZeroTarget() {
        expectClose(todayScore(.daily, atMostTwo, [:]), 1.0, tolerance: loopTolerance)
        expectClose(todayScore(.daily, atMostTwo, [0: 5000, 1: 5000]), 0.898850, tolerance: loopTolerance)
        expectClose(todayScore(everyOtherDay, atMostTwo, [0: 5000, 1: 5000]), 0.927369, tolerance: loopTolerance)
        let entries = [0: 100, 1: 200, 3: 300, 5: 400, 7: 500, 8: 600, 9: 700, 10: 800]
        #expect(todayScore(.daily, .amount(target: 0, direction: .atMost), entries).isFinite)
    }

    @Test func atMostComparableToProgressAndExtremes() {
        var entries: [Int: Int] = [:]
        setEntries(0..<500, to: 3000, in: &entries)
        expectClose(todayScore(.daily, atMostTwo, entries), 0.5, tolerance: loopTolerance)
        setEntries(0..<500, to: 3500, in: &entries)
        expectClose(todayScore(.daily, atMostTwo, entries), 0.25, tolerance: loopTolerance)
        expectClose(todayScore(.daily, atMostTwo, [1: 10_000_000]), 0.950773, tolerance: loopTolerance)
        expectClose(todayScore(.daily, atMostTwo, [0: 5000, 1: 0]), 0.948077, tolerance: loopTolerance)
        expectClose(todayScore(.daily, atMostTwo, [0: 5000, 1: 1000]), 0.948077, tolerance: loopTolerance)
    }

    // MARK: csv_export fixture ("002 Wake up early", 2 times in 3 days, exported on 2015-01-25)

    @Test func wakeUpEarlyExportMatchesScoresCSV() throws {
        let checkmarksNewestFirst = ["YES_MANUAL", "NO", "YES_AUTO", "YES_MANUAL", "YES_MANUAL",
                                     "YES_MANUAL", "YES_AUTO", "YES_AUTO", "YES_MANUAL", "YES_MANUAL"]
        let scoresNewestFirst = ["0.2557", "0.2226", "0.1991", "0.1746", "0.1379",
                                 "0.0995", "0.0706", "0.0515", "0.0315", "0.0107"]
        let days = try checkmarksNewestFirst.reversed().map { try #require(StrengthEntry(exportedValue: $0)) }
        let twoInThreeDays = StrengthFrequency(numerator: 2, denominator: 3)
        let calculator = StrengthCalculator(frequency: twoInThreeDays, target: .yesNo)
        let formatted = calculator.scores(days: days).reversed().map { String(format: "%.4f", $0) }
        #expect(formatted == scoresNewestFirst)
        // "001 Meditate" has no entries: Loop scores today alone and exports 0.0000.
        let empty = StrengthCalculator(frequency: .daily, target: .yesNo).scores(days: [.unknown])
        #expect(empty.map { String(format: "%.4f", $0) } == ["0.0000"])
    }
}
