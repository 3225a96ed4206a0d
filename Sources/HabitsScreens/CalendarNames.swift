import Foundation
import HabitsDomain

/// Month and weekday names and the first day of the week in a viewer's locale, for the calendar.
struct CalendarNames {
    private let calendar: Calendar
    private let monthFormatter: DateFormatter

    init(locale identifier: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: identifier)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        self.calendar = calendar
        monthFormatter = Self.formatter(template: "LLLLy", calendar: calendar)
    }

    /// A formatter of the locale's own pattern for `template`, in the calendar's locale and UTC.
    private static func formatter(template: String, calendar: Calendar) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.locale = calendar.locale
        formatter.timeZone = calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter
    }

    /// Days as the locale writes them briefly; made on demand, as most calendars name months only.
    func dayTitles() -> DayTitles {
        DayTitles(
            formatter: Self.formatter(template: "yMMMd", calendar: calendar),
            withoutYear: Self.formatter(template: "MMMd", calendar: calendar), zone: calendar.timeZone)
    }

    /// The weekday rows start on, 1 for Sunday through 7 for Saturday: Sunday for en_US and ko_KR,
    /// Monday for de_DE and fr_FR.
    var firstWeekday: Int { calendar.firstWeekday }

    /// The month's name and year as the locale writes them ("March 2026", "März 2026", "2026년 3월").
    func title(of month: LocalMonth) -> String {
        monthFormatter.string(from: month.firstDay.noon(in: calendar.timeZone))
    }

    /// The shortest and the full name of a weekday (1 Sunday … 7 Saturday).
    func names(ofWeekday weekday: Int) -> (symbol: String, name: String) {
        let symbols = calendar.veryShortStandaloneWeekdaySymbols
        let names = calendar.standaloneWeekdaySymbols
        guard symbols.indices.contains(weekday - 1), names.indices.contains(weekday - 1) else { return ("", "") }
        return (symbols[weekday - 1], names[weekday - 1])
    }
}

/// Days as a locale writes them briefly ("Mar 4, 2026", "04.03.2026", "2026. 3. 4.").
struct DayTitles {
    let formatter: DateFormatter
    /// The day and month alone ("Mar 4", "4. März", "3월 4일").
    let withoutYear: DateFormatter
    let zone: TimeZone

    func title(of day: LocalDay) -> String { formatter.string(from: day.noon(in: zone)) }

    /// The days from `first` through `last`, the year said once when both fall in it ("Mar 2 – Mar 11, 2026").
    func span(from first: LocalDay, through last: LocalDay) -> String {
        guard first != last else { return title(of: first) }
        let start = first.components.year == last.components.year
            ? withoutYear.string(from: first.noon(in: zone)) : title(of: first)
        return "\(start) – \(title(of: last))"
    }
}
