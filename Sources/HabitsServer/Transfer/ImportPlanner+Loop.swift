import Foundation
import HabitsDomain
import HabitsStore
import LoopImport

extension ImportPlanner {
    /// Loop Habit Tracker's habits as the account's own, matched by name:
    /// - a yes/no habit: each checked day becomes one log at noon of that day in the account's zone;
    /// - a numerical "at least" habit: its target becomes the day's target (`timesPerDay`, 1–100) and each
    ///   day's amount that many logs, a second apart from noon; an "at most" habit, which this tracker cannot
    ///   express, becomes one log on each day the amount kept under the target;
    /// - skips become skipped days (history: the three-a-month rule does not apply), notes the day's note;
    /// - "n times in d days" becomes daily (d = 1, or 7 in 7), else about 7n/d days a week.
    ///
    /// Logs are placed at fixed instants, so importing the same file again adds nothing.
    ///
    /// - Complexity: O(h + c) for h habits and c checkmarks.
    func plan(_ backup: LoopBackup) throws(ImportRefusal) -> AccountImport {
        var habits: [ImportedHabit] = []
        var logs: [ImportedLog] = []
        var days: [ImportedDay] = []
        let category = try categoryID(named: nil)
        let today = LocalDay(now, in: zone)
        for loop in backup.habits {
            let place = "Habits.csv, habit \(String(format: "%03d", loop.position)) \"\(loop.name.prefix(40))\""
            let target = Self.target(loop.kind)
            let habit = Habit(
                id: 0, name: Self.name(loop.name), categoryID: category,
                info: [loop.question, loop.description].filter { !$0.isEmpty }.joined(separator: "\n"), emoji: nil,
                schedule: HabitSchedule(kind: Self.kind(loop.frequency), timesPerDay: target), ownerID: userID,
                visibility: .personal, isArchived: loop.isArchived)
            let index = habits.count
            habits.append(try resolve(habit, fromCatalogue: false, place: place))
            for entry in loop.checkmarks {
                guard let day = LocalDay(year: entry.year, month: entry.month, day: entry.day) else {
                    throw ImportRefusal(place: place, reason: "holds a day that is not a date.")
                }
                guard day <= today else {
                    throw ImportRefusal(place: place + ", \(day)", reason: "lies after today.")
                }
                let count = Self.logCount(entry.checkmark, kind: loop.kind)
                let noon = day.noon(in: zone)
                for second in 0..<count {
                    logs.append(ImportedLog(habit: index, timestamp: noon.addingTimeInterval(Double(second))))
                }
                let skipped = entry.checkmark == .skip
                let note = try Self.note(
                    String(String.UnicodeScalarView(entry.notes.unicodeScalars.prefix(HabitDay.maximumNoteLength))),
                    place: place)
                if skipped || note != nil {
                    days.append(ImportedDay(habit: index, day: day, skipped: skipped, note: note))
                }
            }
            guard logs.count <= Self.maximumLogs else {
                throw ImportRefusal(place: place, reason: "brings the import past \(Self.maximumLogs) logs.")
            }
        }
        return AccountImport(habits: habits, logs: logs, days: days, favoriteHabitIDs: [])
    }

    /// A name by our rules: no commas (the course API separates names with them), at most 100 scalars.
    static func name(_ loopName: String) -> String {
        let name = loopName.replacingOccurrences(of: ",", with: ";").trimmingCharacters(in: .whitespaces)
        return String(String.UnicodeScalarView(name.unicodeScalars.prefix(100)))
    }

    /// The logs that make a day done: at least the target of an "at least" habit.
    static func target(_ kind: LoopHabit.Kind) -> Int {
        guard case .numerical(_, let target, .atLeast) = kind else { return 1 }
        return clamped(target, 1)
    }

    /// How many logs a checkmark becomes.
    static func logCount(_ checkmark: LoopCheckmark, kind: LoopHabit.Kind) -> Int {
        switch (checkmark, kind) {
        case (.yes, _): 1
        case (.no, _), (.skip, _): 0
        case (.amount(let amount), .numerical(_, let target, .atMost)): amount <= target ? 1 : 0
        case (.amount(let amount), _): clamped(amount, 0)
        }
    }

    /// `value` rounded into `lowest...HabitSchedule.maximumTimesPerDay`, clamped while still a `Double`:
    /// converting a huge amount to `Int` first would trap.
    static func clamped(_ value: Double, _ lowest: Int) -> Int {
        guard value.isFinite else { return lowest }
        return Int(min(max(value.rounded(), Double(lowest)), Double(HabitSchedule.maximumTimesPerDay)))
    }

    /// Loop's "n times in d days" as a schedule.
    static func kind(_ frequency: LoopHabit.Frequency) -> HabitSchedule.Kind {
        let times = max(frequency.numerator, 1)
        let days = max(frequency.denominator, 1)
        if days == 1 { return .daily }
        let perWeek = min(max(Int((7 * Double(times) / Double(days)).rounded()), 1), 7)
        return perWeek == 7 ? .daily : .weekly(timesPerWeek: perWeek)
    }
}
