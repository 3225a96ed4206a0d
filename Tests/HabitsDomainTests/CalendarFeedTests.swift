import Foundation
import HabitsDomain
import Testing

/// The iCalendar text itself: folding, escaping, rules and the zone's changes (a real parser reads the
/// served feed in `scripts/check_calendar.py`).
struct CalendarFeedTests {
    let now = Date(timeIntervalSince1970: 1_773_154_800)  // 2026-03-10T15:00:00Z, a Tuesday

    func habit(_ id: Int64, _ name: String, _ schedule: HabitSchedule, reminder: String?) -> Habit {
        Habit(
            id: id, name: name, categoryID: 1, info: "", emoji: nil, schedule: schedule, ownerID: 1,
            visibility: .personal, reminder: reminder.flatMap(ReminderTime.init))
    }

    @Test func linesAreFoldedWithinSeventyFiveOctetsAndTextIsEscaped() {
        let long = String(repeating: "🧘 Breathe, slowly; ", count: 8)
        let text = CalendarFeed(
            zone: "Asia/Seoul", habits: [habit(1, long, .daily, reminder: "07:30")], now: now, host: "example.org"
        ).text
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        // Unfolded, the summary is the name with its commas and semicolons escaped.
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:" + long.replacingOccurrences(of: ",", with: "\\,")
            .replacingOccurrences(of: ";", with: "\\;")))
        // Seoul has no DST: one observance, never a change.
        #expect(unfolded.components(separatedBy: "BEGIN:STANDARD").count == 2)
        #expect(!unfolded.contains("BEGIN:DAYLIGHT"))
    }

    @Test func eachScheduleHasItsRuleAndItsFirstDay() {
        let habits = [
            habit(1, "Read", .daily, reminder: "21:00"),
            habit(2, "Gym", HabitSchedule(kind: .weekdays([.mon, .fri])), reminder: "18:00"),
            habit(3, "Run", HabitSchedule(kind: .weekly(timesPerWeek: 3)), reminder: nil),
        ]
        let text = CalendarFeed(zone: "Europe/Berlin", habits: habits, now: now, host: "example.org").text
        #expect(text.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,FR\r\n"))
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:20260310T210000\r\n"))
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:20260313T180000\r\n"))  // Friday, its first day
        #expect(text.contains("DTSTART;VALUE=DATE:20260310\r\n"))
        #expect(text.components(separatedBy: "BEGIN:VALARM").count == 3)
        #expect(text.contains("DTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"))
        var archived = habits[0]
        archived.isArchived = true
        let none = CalendarFeed(zone: "Europe/Berlin", habits: [archived], now: now, host: "example.org").text
        #expect(!none.contains("BEGIN:VEVENT"))
    }
}
