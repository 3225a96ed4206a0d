/// A habit's strength day by day, as Loop Habit Tracker scores it, from the days a store keeps.
///
/// A schedule becomes Loop's frequency (daily 1/1; "on Mon, Wed, Fri" 3/7, as Loop has no weekday schedules;
/// "3 days a week" 3/7), a done day a manual "yes", a skipped day a skip, any other day no entry.
public enum HabitStrength {
    /// The frequency Loop would give a habit of `schedule`.
    ///
    /// - Complexity: O(1).
    public static func frequency(of schedule: HabitSchedule) -> StrengthFrequency {
        switch schedule.kind {
        case .daily: .daily
        case .weekdays(let days): StrengthFrequency(numerator: min(7, max(1, days.count)), denominator: 7)
        case .weekly(let times): StrengthFrequency(numerator: min(7, max(1, times)), denominator: 7)
        }
    }

    /// The entry Loop would hold for a day with `record` on it (nil: nothing).
    ///
    /// - Complexity: O(1).
    public static func entry(_ record: HabitDay?, under schedule: HabitSchedule) -> StrengthEntry {
        guard let record else { return .unknown }
        if record.isDone(under: schedule) { return .yesManual }
        return record.isSkipped ? .skip : .unknown
    }

    /// The score of each day from `first` through `last`, oldest first.
    ///
    /// Loop scores from a habit's oldest entry; here from the oldest of `days` (ascending, each day once) or
    /// `first`, whichever is earlier. Before any "yes" a check habit's score is 0 either way, so where the
    /// walk starts changes no value.
    ///
    /// - Complexity: O(*n*) in the days from the start of the walk through `last`, plus O(*d*) for `days`.
    public static func scores(
        schedule: HabitSchedule, days: [HabitDay], from first: LocalDay, through last: LocalDay
    ) -> [(day: LocalDay, score: Double)] {
        guard first <= last else { return [] }
        let calculator = StrengthCalculator(frequency: frequency(of: schedule), target: .yesNo)
        var state = calculator.initialState()
        let start = min(days.first?.day ?? first, first)
        var scores: [(day: LocalDay, score: Double)] = []
        scores.reserveCapacity(last.number - first.number + 1)
        var next = days.startIndex
        // One pass, day by day: the records are consumed in step with the calendar.
        for number in start.number...last.number {
            let day = LocalDay(number: number)
            while next < days.endIndex, days[next].day < day { next += 1 }
            let record = next < days.endIndex && days[next].day == day ? days[next] : nil
            let score = calculator.advance(&state, with: entry(record, under: schedule))
            if day >= first { scores.append((day, score)) }
        }
        return scores
    }
}
