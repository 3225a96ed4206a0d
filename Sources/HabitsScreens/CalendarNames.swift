import Foundation
import HabitsDomain

/// Month and weekday names and the first day of the week in a viewer's locale, for the calendar.
struct CalendarNames {
    private let calendar: Calendar
    private let monthFormatter: DateFormatter
    private let dayFormatter: DateFormatter

    init(locale identifier: String) {
        let locale = Locale(identifier: identifier)
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        self.calendar = calendar
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.locale = locale
        formatter.timeZone = calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate("LLLLy")
        monthFormatter = formatter
        let days = DateFormatter()
        days.calendar = calendar
        days.locale = locale
        days.timeZone = calendar.timeZone
        days.setLocalizedDateFormatFromTemplate("yMMMd")
        dayFormatter = days
    }

    /// The weekday rows start on, 1 for Sunday through 7 for Saturday: Sunday for en_US and ko_KR,
    /// Monday for de_DE and fr_FR.
    var firstWeekday: Int { calendar.firstWeekday }

    /// The month's name and year as the locale writes them ("March 2026", "März 2026", "2026년 3월").
    func title(of month: LocalMonth) -> String {
        monthFormatter.string(from: Date(timeIntervalSince1970: Double(month.firstDay.number) * 86_400 + 43_200))
    }

    /// The day as the locale writes it briefly ("Mar 4, 2026", "04.03.2026", "2026. 3. 4.").
    func title(of day: LocalDay) -> String {
        dayFormatter.string(from: Date(timeIntervalSince1970: Double(day.number) * 86_400 + 43_200))
    }

    /// The shortest and the full name of a weekday (1 Sunday … 7 Saturday).
    func names(ofWeekday weekday: Int) -> (symbol: String, name: String) {
        let symbols = calendar.veryShortStandaloneWeekdaySymbols
        let names = calendar.standaloneWeekdaySymbols
        guard symbols.indices.contains(weekday - 1), names.indices.contains(weekday - 1) else { return ("", "") }
        return (symbols[weekday - 1], names[weekday - 1])
    }
}
