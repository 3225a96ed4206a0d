import Foundation

/// An iCalendar feed (RFC 5545) of one person's habits: one recurring event per habit, repeating as its
/// schedule does, at its reminder time in the owner's zone with an alarm, so that the calendar people
/// already use reminds them with no push service of ours. A habit without a reminder is an all-day event.
///
/// The zone is described by a `VTIMEZONE` listing its offset changes from a year before `now` to five
/// years after, so that every client places the events right across a DST change; a calendar that
/// refreshes the feed moves the window on.
public struct CalendarFeed: Sendable {
    /// The owner's zone identifier (IANA).
    public var zone: String
    /// The habits, in order; archived ones are left out.
    public var habits: [Habit]
    /// When the feed is made: `DTSTAMP`, and the first day events start on.
    public var now: Date
    /// The domain part of each event's `UID`.
    public var host: String

    public init(zone: String, habits: [Habit], now: Date, host: String) {
        self.zone = zone
        self.habits = habits
        self.now = now
        self.host = host
    }

    /// The feed's text: CRLF line ends, lines folded at 75 octets.
    public var text: String {
        let timeZone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0) ?? .current
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Habits//Habit reminders//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:Habits", "X-WR-TIMEZONE:" + Self.escaped(zone),
        ]
        lines += timeZoneLines(timeZone)
        let today = LocalDay(now, in: timeZone)
        for habit in habits where !habit.isArchived {
            lines += eventLines(habit, today: today)
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.folded).joined(separator: "\r\n") + "\r\n"
    }

    // MARK: Events

    private func eventLines(_ habit: Habit, today: LocalDay) -> [String] {
        let title = [habit.emoji, habit.name].compactMap { $0 }.joined(separator: " ")
        // The first occurrence is the first scheduled day from today: a start off the rule would be an
        // extra occurrence of its own.
        var first = today
        for _ in 0..<7 where !habit.schedule.isScheduled(first) { first = first.adding(days: 1) }
        var lines = [
            "BEGIN:VEVENT", "UID:habit-\(habit.id)@" + host, "DTSTAMP:" + Self.utcStamp(now),
            "SUMMARY:" + Self.escaped(title), "DESCRIPTION:" + Self.escaped(Self.describe(habit.schedule)),
            "RRULE:" + Self.rule(habit.schedule), "TRANSP:TRANSPARENT",
        ]
        if let reminder = habit.reminder {
            lines += [
                "DTSTART;TZID=\(Self.escapedParameter(zone)):" + Self.compact(first)
                    + "T" + LocalDay.padded(reminder.hour, 2) + LocalDay.padded(reminder.minute, 2) + "00",
                "DURATION:PT15M",
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + Self.escaped(title), "TRIGGER:PT0S", "END:VALARM",
            ]
        } else {
            lines += ["DTSTART;VALUE=DATE:" + Self.compact(first), "DURATION:P1D"]
        }
        lines.append("END:VEVENT")
        return lines
    }

    /// The recurrence rule: every day, or the named weekdays every week. "N per week" has no fixed days,
    /// so it reminds daily until the week's count is met (the calendar cannot know that; the habit does).
    static func rule(_ schedule: HabitSchedule) -> String {
        guard case .weekdays(let weekdays) = schedule.kind else { return "FREQ=DAILY" }
        let days = weekdays.sorted().map { String($0.rawValue.prefix(2)).uppercased() }
        return "FREQ=WEEKLY;BYDAY=" + days.joined(separator: ",")
    }

    /// The schedule in words, for the event's description.
    public static func describe(_ schedule: HabitSchedule) -> String {
        var text: String
        switch schedule.kind {
        case .daily: text = "Every day"
        case .weekdays(let weekdays):
            text = "Every " + weekdays.sorted().map { $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() }
                .joined(separator: ", ")
        case .weekly(let times): text = "\(times) \(times == 1 ? "day" : "days") a week"
        }
        if schedule.timesPerDay > 1 { text += ", \(schedule.timesPerDay) times a day" }
        return text + "."
    }

    // MARK: The zone

    /// A `VTIMEZONE`: the offset in force a year before `now`, then each change for six years.
    private func timeZoneLines(_ timeZone: TimeZone) -> [String] {
        let windowStart = now.addingTimeInterval(-366 * 86_400)
        let windowEnd = now.addingTimeInterval(5 * 366 * 86_400)
        let initial = timeZone.secondsFromGMT(for: windowStart)
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + Self.escaped(zone)]
        lines += Self.observance(
            daylight: timeZone.isDaylightSavingTime(for: windowStart), start: "19700101T000000", from: initial,
            to: initial, name: timeZone.abbreviation(for: windowStart))
        var instant = windowStart
        while let change = timeZone.nextDaylightSavingTimeTransition(after: instant), change < windowEnd {
            let before = timeZone.secondsFromGMT(for: change.addingTimeInterval(-1))
            let after = timeZone.secondsFromGMT(for: change)
            // The onset is written in the local time that was in force until then.
            let local = Int(change.timeIntervalSince1970.rounded()) + before
            lines += Self.observance(
                daylight: timeZone.isDaylightSavingTime(for: change), start: Self.localStamp(local), from: before,
                to: after, name: timeZone.abbreviation(for: change))
            instant = change.addingTimeInterval(1)
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    private static func observance(daylight: Bool, start: String, from: Int, to: Int, name: String?) -> [String] {
        let kind = daylight ? "DAYLIGHT" : "STANDARD"
        return ["BEGIN:" + kind, "DTSTART:" + start, "TZOFFSETFROM:" + offset(from), "TZOFFSETTO:" + offset(to)]
            + (name.map { ["TZNAME:" + escaped($0)] } ?? []) + ["END:" + kind]
    }

    /// `+HHMM`, or `+HHMMSS` for an offset with seconds.
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let text = LocalDay.padded(magnitude / 3_600, 2) + LocalDay.padded(magnitude / 60 % 60, 2)
        return sign + text + (magnitude % 60 == 0 ? "" : LocalDay.padded(magnitude % 60, 2))
    }

    // MARK: Text

    /// `YYYYMMDD`.
    static func compact(_ day: LocalDay) -> String {
        let (year, month, date) = day.components
        return LocalDay.padded(year, 4) + LocalDay.padded(month, 2) + LocalDay.padded(date, 2)
    }

    /// `YYYYMMDDTHHMMSS` of seconds since 1970 counted in local time.
    static func localStamp(_ seconds: Int) -> String {
        let day = LocalDay(number: Int((Double(seconds) / 86_400).rounded(.down)))
        let second = seconds - day.number * 86_400
        return compact(day) + "T" + LocalDay.padded(second / 3_600, 2) + LocalDay.padded(second / 60 % 60, 2)
            + LocalDay.padded(second % 60, 2)
    }

    /// `YYYYMMDDTHHMMSSZ`.
    static func utcStamp(_ date: Date) -> String { localStamp(Int(date.timeIntervalSince1970.rounded(.down))) + "Z" }

    /// A TEXT value: backslashes, semicolons, commas and line breaks escaped (RFC 5545 §3.3.11).
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            case "\r": break
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A parameter value, quoted when it holds a character a bare one may not.
    static func escapedParameter(_ text: String) -> String {
        text.contains { ":;,\"".contains($0) } ? "\"" + text.replacingOccurrences(of: "\"", with: "") + "\"" : text
    }

    /// A content line folded at 75 octets, never inside a UTF-8 sequence (RFC 5545 §3.1).
    static func folded(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var pieces: [String] = []
        var current = ""
        var length = 0
        let limit = { pieces.isEmpty ? 75 : 74 }  // a continuation line starts with a space
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if length + size > limit() {
                pieces.append(current)
                current = ""
                length = 0
            }
            current.unicodeScalars.append(scalar)
            length += size
        }
        pieces.append(current)
        return pieces.joined(separator: "\r\n ")
    }
}
