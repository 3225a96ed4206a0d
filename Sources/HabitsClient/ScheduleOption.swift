import HabitsDomain

/// `--schedule daily|weekdays:mon,wed|weekly:3` and `--times-per-day N`, as a habit's schedule.
public enum ScheduleOption {
    /// The schedule `text` writes, with `timesPerDay` logs a day; a usage error naming the mistake.
    public static func parse(_ text: String, timesPerDay: Int = 1) throws(ClientError) -> HabitSchedule {
        let parts = text.lowercased().split(separator: ":", maxSplits: 1).map(String.init)
        let kind: HabitSchedule.Kind
        switch (parts.first ?? "", parts.count) {
        case ("daily", 1):
            kind = .daily
        case ("weekdays", 2):
            var days: Set<Weekday> = []
            for name in parts[1].split(separator: ",") {
                guard let day = Weekday(rawValue: name.trimmingSpaces) else {
                    throw .usage("\"\(name)\" is not a weekday; use mon, tue, wed, thu, fri, sat, sun")
                }
                days.insert(day)
            }
            guard !days.isEmpty else { throw .usage("weekdays: needs at least one day, such as weekdays:mon,wed") }
            kind = .weekdays(days)
        case ("weekly", 2):
            guard let times = Int(parts[1]), (1...7).contains(times) else {
                throw .usage("weekly: takes a number of days from 1 to 7, such as weekly:3")
            }
            kind = .weekly(timesPerWeek: times)
        default:
            throw .usage("--schedule must be daily, weekdays:mon,wed,… or weekly:N, not \"\(text.prefix(40))\"")
        }
        guard (1...HabitSchedule.maximumTimesPerDay).contains(timesPerDay) else {
            throw .usage("--times-per-day must be from 1 to \(HabitSchedule.maximumTimesPerDay)")
        }
        return HabitSchedule(kind: kind, timesPerDay: timesPerDay)
    }

    /// The schedule as the option writes it, with the times a day after a ×.
    public static func describe(_ schedule: HabitSchedule) -> String {
        let kind: String
        switch schedule.kind {
        case .daily: kind = "daily"
        case .weekdays(let days): kind = "weekdays:" + days.sorted().map(\.rawValue).joined(separator: ",")
        case .weekly(let times): kind = "weekly:\(times)"
        }
        return schedule.timesPerDay > 1 ? "\(kind) ×\(schedule.timesPerDay)" : kind
    }
}

extension Substring {
    /// The text without the spaces around it.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
