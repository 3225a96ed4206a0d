import Foundation

/// The MS-DOS date and time fields zip headers carry: two-second precision, years 1980 to 2107, here in UTC.
struct DOSDateTime: Hashable {
    /// Bits 15–11 hour, 10–5 minute, 4–0 second / 2.
    var time: UInt16
    /// Bits 15–9 year − 1980, 8–5 month, 4–0 day.
    var date: UInt16

    /// The UTC Gregorian calendar both directions use, so archives do not depend on the machine's zone.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    /// The fields for `instant`, clamped to the representable years so any date gives valid fields.
    init(_ instant: Date) {
        guard instant.timeIntervalSince1970.isFinite else {
            self.init(time: 0, date: 1 << 5 | 1)
            return
        }
        let parts = Self.calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        let year = parts.year ?? 1980
        if year < 1980 {
            self.init(time: 0, date: 1 << 5 | 1)  // 1980-01-01 00:00:00
            return
        }
        if year > 2107 {
            self.init(time: 23 << 11 | 59 << 5 | 29, date: 127 << 9 | 12 << 5 | 31)
            return
        }
        let time = (parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2
        let date = (year - 1980) << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1)
        self.init(time: UInt16(truncatingIfNeeded: time), date: UInt16(truncatingIfNeeded: date))
    }

    init(time: UInt16, date: UInt16) {
        self.time = time
        self.date = date
    }

    /// The instant the fields name in UTC, or nil when they hold no real date and time.
    var instant: Date? {
        var parts = DateComponents()
        parts.year = Int(date >> 9) + 1980
        parts.month = Int(date >> 5 & 0x0F)
        parts.day = Int(date & 0x1F)
        parts.hour = Int(time >> 11)
        parts.minute = Int(time >> 5 & 0x3F)
        parts.second = Int(time & 0x1F) * 2
        guard let month = parts.month, (1...12).contains(month), let day = parts.day, day >= 1,
            let hour = parts.hour, hour < 24, let minute = parts.minute, minute < 60,
            let second = parts.second, second < 60,
            let instant = Self.calendar.date(from: parts)
        else { return nil }
        // The calendar rolls 31 April over to 1 May; such fields are invalid, not a different day.
        guard Self.calendar.component(.day, from: instant) == day else { return nil }
        return instant
    }
}
