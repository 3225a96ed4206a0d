import Foundation

/// A calendar day with no time zone, in the proleptic Gregorian calendar: what a person means by
/// "that day" wherever they are. Days are numbered from 1970-01-01 (day 0), so that the day after is
/// `number + 1` whatever the length of the day in hours: a DST change never splits or merges one.
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let number: Int

    public init(number: Int) {
        self.number = number
    }

    /// The day with this year, month (1–12) and day of the month; nil for an impossible date such as
    /// 2026-02-30, or a year outside 1–9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...LocalMonth.length(year: year, month: month)).contains(day)
        else { return nil }
        number = Self.number(year: year, month: month, day: day)
    }

    /// The day an ISO 8601 calendar date names: exactly `YYYY-MM-DD`; nil for anything else.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Self.digits(bytes[0..<4]), let month = Self.digits(bytes[5..<7]),
            let day = Self.digits(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The calendar day `instant` falls on in `zone`.
    public init(_ instant: Date, in zone: TimeZone) {
        let local = instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))
        number = Int((local / 86_400).rounded(.down))
    }

    /// Year, month (1–12) and day of the month.
    ///
    /// - Complexity: O(1) (Howard Hinnant's `civil_from_days`).
    public var components: (year: Int, month: Int, day: Int) {
        let shifted = number + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The month this day belongs to.
    public var month: LocalMonth {
        let (year, month, _) = components
        return LocalMonth(checkedYear: year, month: month)
    }

    /// The day of the week: 1 for Sunday through 7 for Saturday, as Foundation's `Calendar` counts.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        ((number % 7 + 7 + 4) % 7) + 1
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDay { LocalDay(number: number + count) }

    /// Noon of this day in `zone`: the instant a day marked without a time is logged at, clear of the
    /// night-time hours in which zones change their offset.
    public func noon(in zone: TimeZone) -> Date {
        let localNoon = Double(number) * 86_400 + 43_200
        // The offset at a guess, then at the instant that guess gives: right unless a change falls
        // within hours of noon, where the second pass settles it.
        let guess = Date(timeIntervalSince1970: localNoon - Double(zone.secondsFromGMT()))
        let first = Date(timeIntervalSince1970: localNoon - Double(zone.secondsFromGMT(for: guess)))
        return Date(timeIntervalSince1970: localNoon - Double(zone.secondsFromGMT(for: first)))
    }

    /// The first instant of this day in `zone` (the start of its first hour, where a zone skips midnight).
    public func start(in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.startOfDay(for: noon(in: zone))
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        return Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.number < rhs.number }

    /// Howard Hinnant's `days_from_civil`.
    static func number(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension LocalDay: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = LocalDay(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(Excerpt.quoted(text)) is not a YYYY-MM-DD date.")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
