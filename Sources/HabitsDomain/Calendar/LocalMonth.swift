import Foundation

/// A month of the proleptic Gregorian calendar, with no time zone.
public struct LocalMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    /// 1–12.
    public let month: Int

    /// The month with this year (1–9999) and month (1–12); nil otherwise.
    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.init(checkedYear: year, month: month)
    }

    /// The month `YYYY-MM` names; nil for anything else.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
            let year = LocalDay.digits(bytes[0..<4]), let month = LocalDay.digits(bytes[5..<7])
        else { return nil }
        self.init(year: year, month: month)
    }

    init(checkedYear year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// The first day of the month.
    public var firstDay: LocalDay { LocalDay(number: LocalDay.number(year: year, month: month, day: 1)) }

    /// How many days the month has.
    public var length: Int { Self.length(year: year, month: month) }

    /// The last day of the month.
    public var lastDay: LocalDay { firstDay.adding(days: length - 1) }

    /// The month before.
    public var previous: LocalMonth {
        month == 1 ? LocalMonth(checkedYear: year - 1, month: 12) : LocalMonth(checkedYear: year, month: month - 1)
    }

    /// The month after.
    public var next: LocalMonth {
        month == 12 ? LocalMonth(checkedYear: year + 1, month: 1) : LocalMonth(checkedYear: year, month: month + 1)
    }

    /// How many blank cells precede the 1st in a week grid whose rows start on `firstWeekday`
    /// (1 Sunday … 7 Saturday), so that the 1st falls under its weekday.
    public func leadingBlanks(firstWeekday: Int) -> Int { (firstDay.weekday - firstWeekday + 7) % 7 }

    /// `YYYY-MM`.
    public var description: String { LocalDay.padded(year, 4) + "-" + LocalDay.padded(month, 2) }

    public static func < (lhs: LocalMonth, rhs: LocalMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }

    /// Days in a month: February has 29 in years divisible by 4, except centuries not divisible by 400.
    static func length(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
