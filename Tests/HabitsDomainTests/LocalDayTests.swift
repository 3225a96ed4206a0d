import Foundation
import HabitsDomain
import HabitsTestSupport
import Testing

@Suite struct LocalDayTests {
    static func zone(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown zone \(identifier)") }
        return zone
    }

    @Test func parsesAndPrintsCalendarDates() throws {
        let leap = try #require(LocalDay(iso: "2028-02-29"))
        #expect(leap.description == "2028-02-29")
        #expect(leap.components == (2028, 2, 29))
        #expect(LocalDay(iso: "1970-01-01")?.number == 0)
        #expect(LocalDay(iso: "1969-12-31")?.number == -1)
        #expect(LocalDay(iso: "2000-03-01")?.number == 11_017)
    }

    @Test(arguments: [
        "2026-02-30", "2026-02-29", "2100-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-01",
        "26-01-01", "2026/01/01", "2026-01-01T00:00", " 2026-01-01", "0000-01-01", "２０２６-01-01", "",
    ])
    func refusesImpossibleOrMalformedDates(text: String) {
        #expect(LocalDay(iso: text) == nil)
    }

    @Test func acceptsLeapDaysOfLeapYearsOnly() {
        #expect(LocalDay(iso: "2000-02-29") != nil)
        #expect(LocalDay(iso: "2024-02-29") != nil)
        #expect(LocalDay(iso: "1900-02-29") == nil)
    }

    @Test func roundTripsEveryDayOfFourCenturies() {
        // 1900-01-01 through 2299-12-31: every number gives components that give the number back, and
        // consecutive numbers are consecutive dates.
        var previous = LocalDay(number: LocalDay(year: 1900, month: 1, day: 1)!.number - 1)
        for number in previous.number + 1...LocalDay(year: 2299, month: 12, day: 31)!.number {
            let day = LocalDay(number: number)
            let (year, month, dayOfMonth) = day.components
            #expect(LocalDay(year: year, month: month, day: dayOfMonth) == day)
            let (lastYear, lastMonth, lastDay) = previous.components
            let followsInMonth = year == lastYear && month == lastMonth && dayOfMonth == lastDay + 1
            let startsMonth = dayOfMonth == 1 && lastDay == LocalMonth(year: lastYear, month: lastMonth)!.length
            #expect(followsInMonth || startsMonth)
            previous = day
        }
    }

    @Test func knowsTheWeekday() {
        #expect(LocalDay(iso: "1970-01-01")?.weekday == 5)  // Thursday
        #expect(LocalDay(iso: "2026-11-22")?.weekday == 1)  // Sunday
        #expect(LocalDay(iso: "2026-11-23")?.weekday == 2)  // Monday
        #expect(LocalDay(iso: "1969-12-28")?.weekday == 1)  // Sunday, before day 0
    }

    @Test func anInstantFallsOnTheDayOfItsZone() {
        let instant = Fixture.instant("2026-03-10T15:00:00Z")
        #expect(LocalDay(instant, in: Self.zone("UTC")).description == "2026-03-10")
        // Kiritimati is 14 hours ahead: its today is already tomorrow in UTC.
        #expect(LocalDay(instant, in: Self.zone("Pacific/Kiritimati")).description == "2026-03-11")
        #expect(
            LocalDay(Fixture.instant("2026-03-10T03:00:00Z"), in: Self.zone("America/Los_Angeles")).description
                == "2026-03-09")
        // A late evening log in New York is still that day, though UTC has moved on.
        #expect(
            LocalDay(Fixture.instant("2026-11-21T03:30:00Z"), in: Self.zone("America/New_York")).description
                == "2026-11-20")
    }

    @Test(arguments: [
        // The 23-hour and 25-hour days of two zones.
        ("America/New_York", "2026-03-08"), ("America/New_York", "2026-11-01"),
        ("Europe/Berlin", "2026-03-29"), ("Europe/Berlin", "2026-10-25"),
    ])
    func aDSTDayIsOneDayFromFirstToLastMinute(zone identifier: String, date: String) throws {
        let zone = Self.zone(identifier)
        let day = try #require(LocalDay(iso: date))
        #expect(LocalDay(day.noon(in: zone), in: zone) == day)
        // Walk the instants of the day and its neighbours every 15 minutes: each day's instants form one
        // unbroken span, and the length of the span is the length of the day in hours.
        let start = day.adding(days: -1).noon(in: zone)
        var minutesOnDay = 0
        var seen: [LocalDay] = []
        for step in 0..<(48 * 4) {
            let local = LocalDay(start.addingTimeInterval(Double(step) * 900), in: zone)
            if seen.last != local { seen.append(local) }
            if local == day { minutesOnDay += 15 }
        }
        #expect(seen == [day.adding(days: -1), day, day.adding(days: 1)])
        let hours = minutesOnDay / 60
        #expect([23, 25].contains(hours), "\(identifier) \(date) lasts \(hours) h")
    }

    @Test func monthsKnowTheirLengthsNeighboursAndGridOffset() throws {
        let february = try #require(LocalMonth(iso: "2028-02"))
        #expect(february.length == 29)
        #expect(LocalMonth(iso: "2026-02")?.length == 28)
        #expect(february.lastDay.description == "2028-02-29")
        #expect(LocalMonth(iso: "2026-12")?.next.description == "2027-01")
        #expect(LocalMonth(iso: "2027-01")?.previous.description == "2026-12")
        #expect(LocalMonth(iso: "2026-13") == nil)
        #expect(LocalMonth(iso: "2026-3") == nil)
        // 2026-03-01 is a Sunday: no blank in a week from Sunday, six in a week from Monday.
        let march = try #require(LocalMonth(iso: "2026-03"))
        #expect(march.leadingBlanks(firstWeekday: 1) == 0)
        #expect(march.leadingBlanks(firstWeekday: 2) == 6)
        // 2026-11-01 is a Sunday too; 2026-10-01 a Thursday.
        #expect(LocalMonth(iso: "2026-10")?.leadingBlanks(firstWeekday: 1) == 4)
        #expect(LocalMonth(iso: "2026-10")?.leadingBlanks(firstWeekday: 2) == 3)
    }

    @Test func codesAsISOText() throws {
        let day = try #require(LocalDay(iso: "2026-03-10"))
        let data = try JSONEncoder().encode([day])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-03-10"]"#)
        #expect(try JSONDecoder().decode([LocalDay].self, from: data) == [day])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LocalDay].self, from: Data(#"["2026-02-30"]"#.utf8))
        }
    }
}
