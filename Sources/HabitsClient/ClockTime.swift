import Foundation
import HabitsDomain

/// Times typed on the command line: `--at`, `--reminder`, `--day`.
public enum ClockTime {
    /// `HH:MM` as hour and minute (`7:05` too); nil for anything else.
    public static func hourAndMinute(_ text: String) -> (hour: Int, minute: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return (hour, minute)
    }

    /// The instant `--at` means: `HH:MM` today in `zone`, or a full ISO 8601 date-time with its offset.
    /// A time after `now` is refused here, before the server would.
    public static func logInstant(_ text: String, now: Date, zone: TimeZone) throws(ClientError) -> Date {
        let instant: Date
        if let (hour, minute) = hourAndMinute(text) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let today = LocalDay(now, in: zone).components
            let components = DateComponents(
                year: today.year, month: today.month, day: today.day, hour: hour, minute: minute)
            guard let date = calendar.date(from: components) else {
                throw .usage("\(text) does not exist today in \(zone.identifier)")
            }
            instant = date
        } else if let date = HabitsJSON.parseInstant(text) {
            instant = date
        } else {
            throw .usage(
                "--at takes HH:MM (today, in \(zone.identifier)) or a date-time such as "
                    + "2026-11-27T07:30:00+01:00, not \"\(text.prefix(40))\"")
        }
        guard instant <= now else {
            throw .usage("\(text) is in the future; a habit can only be logged once it is done")
        }
        return instant
    }

    /// `--reminder HH:MM` as the time the server stores (written with two digits each).
    public static func reminder(_ text: String) throws(ClientError) -> ReminderTime {
        guard let (hour, minute) = hourAndMinute(text), let time = ReminderTime(hour: hour, minute: minute) else {
            throw .usage("--reminder takes HH:MM, such as 07:30, not \"\(text.prefix(40))\"")
        }
        return time
    }

    /// `--day YYYY-MM-DD`, checked to be a real date.
    public static func day(_ text: String) throws(ClientError) -> LocalDay {
        guard text.count == 10, let day = LocalDay(iso: text) else {
            throw .usage("--day takes a date such as 2026-11-27, not \"\(text.prefix(40))\"")
        }
        return day
    }
}
