import HabitsDomain
import HabitsTestSupport
import Testing

@Suite struct StreakTests {
    /// Runs kept by `DayRun.joining` and `removing`, as the store keeps them, over a set of day numbers.
    struct RunModel {
        var runs: [Int: DayRun] = [:]  // by last day

        mutating func mark(_ day: LocalDay) {
            if runs.values.contains(where: { $0.contains(day) }) { return }
            let before = runs[day.number - 1]
            let after = runs.values.first { $0.first == day.adding(days: 1) }
            if let before { runs[before.last.number] = nil }
            if let after { runs[after.last.number] = nil }
            let joined = DayRun.joining(day, before: before, after: after)
            runs[joined.last.number] = joined
        }

        mutating func unmark(_ day: LocalDay) {
            guard let holder = runs.values.first(where: { $0.contains(day) }) else { return }
            runs[holder.last.number] = nil
            for piece in holder.removing(day) { runs[piece.last.number] = piece }
        }

        func streak(today: LocalDay) -> StreakSummary {
            let latest = runs.values.filter { $0.last >= today.adding(days: -1) }.min { $0.last < $1.last }
            return StreakSummary(latestRun: latest, longest: runs.values.map(\.length).max() ?? 0, today: today)
        }
    }

    @Test(arguments: 0..<20)
    func runsAndStreaksAgreeWithTheDaysUnderRandomEdits(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        var model = RunModel()
        var done = Set<Int>()
        let base = 20_500
        for _ in 0..<300 {
            let day = base + Int.random(in: 0..<40, using: &random)
            if Bool.random(using: &random) {
                model.mark(LocalDay(number: day))
                done.insert(day)
            } else {
                model.unmark(LocalDay(number: day))
                done.remove(day)
            }
            // The runs partition the done days exactly, and no two runs touch.
            let covered = model.runs.values.flatMap { Array($0.first.number...$0.last.number) }
            #expect(covered.count == done.count && Set(covered) == done)
            let sorted = model.runs.values.sorted { $0.first < $1.first }
            for (left, right) in zip(sorted, sorted.dropFirst()) { #expect(left.last.number + 1 < right.first.number) }
            let today = base + Int.random(in: -2..<44, using: &random)
            let streak = model.streak(today: LocalDay(number: today))
            let expected = BruteForceStreak.of(done, today: today)
            #expect(streak.current == expected.current)
            #expect(streak.longest == expected.longest)
            #expect(streak.todayDone == expected.todayDone)
        }
    }

    @Test func aTodayNotYetDoneDoesNotBreakTheStreak() throws {
        let today = try #require(LocalDay(iso: "2026-03-01"))
        // Done 2026-02-26 to 02-28: across the month end, today still open.
        let run = DayRun(first: today.adding(days: -3), last: today.adding(days: -1))
        let open = StreakSummary(latestRun: run, longest: 3, today: today)
        #expect((open.current, open.todayDone) == (3, false))
        let done = StreakSummary(latestRun: DayRun(first: run.first, last: today), longest: 4, today: today)
        #expect((done.current, done.todayDone) == (4, true))
        // A gap yesterday breaks it.
        let broken = StreakSummary(latestRun: nil, longest: 3, today: today)
        #expect(broken.current == 0)
        // A run after today (a day logged in a zone ahead) counts only up to today.
        let ahead = StreakSummary(
            latestRun: DayRun(first: today, last: today.adding(days: 1)), longest: 2, today: today)
        #expect((ahead.current, ahead.todayDone) == (1, true))
        let future = StreakSummary(
            latestRun: DayRun(first: today.adding(days: 1), last: today.adding(days: 1)), longest: 1, today: today)
        #expect((future.current, future.todayDone) == (0, false))
    }
}
