import Foundation

/// A day of the week as schedules name it (`"mon"` … `"sun"`).
public enum Weekday: String, Codable, CaseIterable, Hashable, Sendable, Comparable {
    case sun, mon, tue, wed, thu, fri, sat

    /// 1 for Sunday through 7 for Saturday, as `LocalDay.weekday` and Foundation's `Calendar` count.
    public var number: Int {
        switch self {
        case .sun: 1
        case .mon: 2
        case .tue: 3
        case .wed: 4
        case .thu: 5
        case .fri: 6
        case .sat: 7
        }
    }

    /// The weekday numbered `number` (1 Sunday … 7 Saturday), or nil outside 1...7.
    public init?(number: Int) {
        switch number {
        case 1: self = .sun
        case 2: self = .mon
        case 3: self = .tue
        case 4: self = .wed
        case 5: self = .thu
        case 6: self = .fri
        case 7: self = .sat
        default: return nil
        }
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.number < rhs.number }

    /// The seven days in the order of a week that starts on weekday `first` (1 Sunday … 7 Saturday).
    public static func week(startingOn first: Int) -> [Weekday] {
        (0..<7).compactMap { Weekday(number: (first - 1 + $0) % 7 + 1) }
    }
}

/// When a habit is meant to be done, and how many logs make a day done.
///
/// JSON: `{"kind": "daily"}`, `{"kind": "weekdays", "weekdays": ["mon", "wed", "fri"]}` or
/// `{"kind": "weekly", "timesPerWeek": 3}`, each with an optional `"timesPerDay"` (1 when absent).
public struct HabitSchedule: Hashable, Sendable {
    /// Which days count.
    public enum Kind: Hashable, Sendable {
        /// Every day.
        case daily
        /// The named days of the week only; the others neither break nor extend a streak.
        case weekdays(Set<Weekday>)
        /// Any `timesPerWeek` days of each week.
        case weekly(timesPerWeek: Int)
    }

    public var kind: Kind
    /// How many logs on one day make it done (8 glasses of water).
    public var timesPerDay: Int

    /// The most logs a day's target may ask for.
    public static let maximumTimesPerDay = 100

    public static let daily = HabitSchedule(kind: .daily)

    public init(kind: Kind, timesPerDay: Int = 1) {
        self.kind = kind
        self.timesPerDay = timesPerDay
    }

    /// Whether a streak under this schedule counts days or weeks.
    public var unit: StreakUnit {
        if case .weekly = kind { return .weeks }
        return .days
    }

    /// Whether `day` is one the habit is meant to be done on (every day of a weekly schedule is).
    public func isScheduled(_ day: LocalDay) -> Bool {
        guard case .weekdays(let weekdays) = kind else { return true }
        // Not `.map(weekdays.contains)`: the partly applied method is a closure allocated on every call.
        guard let weekday = Weekday(number: day.weekday) else { return false }
        return weekdays.contains(weekday)
    }

    /// The schedule if it is one a habit may have; else the field at fault and why.
    public func validated() throws(HabitsError) -> HabitSchedule {
        guard (1...Self.maximumTimesPerDay).contains(timesPerDay) else {
            throw .invalid(field: "schedule.timesPerDay", reason: "must be from 1 to \(Self.maximumTimesPerDay).")
        }
        switch kind {
        case .daily: break
        case .weekdays(let weekdays):
            guard !weekdays.isEmpty else {
                throw .invalid(field: "schedule.weekdays", reason: "must name at least one day, such as \"mon\".")
            }
        case .weekly(let times):
            guard (1...7).contains(times) else {
                throw .invalid(field: "schedule.timesPerWeek", reason: "must be from 1 to 7.")
            }
        }
        return self
    }
}

/// What a streak counts.
public enum StreakUnit: String, Codable, Hashable, Sendable {
    case days, weeks
}

extension HabitSchedule: Codable {
    enum CodingKeys: String, CodingKey {
        case kind, weekdays, timesPerWeek, timesPerDay
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let timesPerDay = try container.decodeIfPresent(Int.self, forKey: .timesPerDay) ?? 1
        switch try container.decode(String.self, forKey: .kind) {
        case "daily":
            self.init(kind: .daily, timesPerDay: timesPerDay)
        case "weekdays":
            let weekdays = try container.decode([Weekday].self, forKey: .weekdays)
            self.init(kind: .weekdays(Set(weekdays)), timesPerDay: timesPerDay)
        case "weekly":
            self.init(kind: .weekly(timesPerWeek: try container.decode(Int.self, forKey: .timesPerWeek)),
                      timesPerDay: timesPerDay)
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container,
                debugDescription: "kind must be \"daily\", \"weekdays\" or \"weekly\", not \"\(other.prefix(20))\".")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch kind {
        case .daily:
            try container.encode("daily", forKey: .kind)
        case .weekdays(let weekdays):
            try container.encode("weekdays", forKey: .kind)
            try container.encode(weekdays.sorted(), forKey: .weekdays)
        case .weekly(let times):
            try container.encode("weekly", forKey: .kind)
            try container.encode(times, forKey: .timesPerWeek)
        }
        try container.encode(timesPerDay, forKey: .timesPerDay)
    }
}

/// Where a locale's weeks start, for streaks counted in weeks.
public enum LocaleWeeks {
    /// 1 (Sunday) through 7: Sunday for en_US and ko_KR, Monday for de_DE and fr_FR.
    public static func firstWeekday(of locale: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: locale)
        return calendar.firstWeekday
    }
}

extension HabitSchedule {
    /// The schedule as a store keeps it: nil for the plain daily one, else its JSON.
    public var storedText: String? {
        self == .daily ? nil : (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The schedule a store kept as `storedText`; text it does not understand (a later version's) reads as
    /// daily.
    public init(storedText text: String?) {
        guard let text, let schedule = try? JSONDecoder().decode(HabitSchedule.self, from: Data(text.utf8)) else {
            self = .daily
            return
        }
        self = schedule
    }
}
