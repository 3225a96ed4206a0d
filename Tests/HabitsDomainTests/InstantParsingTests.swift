import Foundation
import HabitsDomain
import Testing

/// Instants are read strictly (RFC 3339, a real date) and written in the calendar `LocalDay` counts in.
struct InstantParsingTests {
    @Test(arguments: [
        "2026-02-30T00:00:00Z", "2026-11-20T99:99:99Z", "2026-11-20T24:00:00Z", "2026-11-20T12:00:60Z",
        "2026-11-20T12:00:00Zjunk", "0000-01-01T00:00:00Z", "2026-11-20 12:00:00Z", "2026-11-20T12:00:00",
        "2026-11-20T12:00:00+0100", "2026-11-20T12:00:00+24:00", "2026-11-20T12:00:00.Z",
        "2026-11-20T12:00:00.1234567890Z", "2026-11-20T12:00Z", "+2026-11-20T12:00:00Z", "２026-11-20T12:00:00Z",
    ])
    func anythingButAnExactInstantIsRefused(text: String) {
        #expect(HabitsJSON.parseInstant(text) == nil)
    }

    @Test func offsetsFractionsAndLowerCaseAreRead() throws {
        let base = try #require(HabitsJSON.parseInstant("2026-11-22T17:20:15Z"))
        #expect(base.timeIntervalSince1970 == 1_795_368_015)
        #expect(HabitsJSON.parseInstant("2026-11-22T18:20:15+01:00") == base)
        #expect(HabitsJSON.parseInstant("2026-11-22t12:50:15-04:30") == base)
        let fraction = try #require(HabitsJSON.parseInstant("2026-11-22T17:20:15.250z"))
        #expect(abs(fraction.timeIntervalSince(base) - 0.25) < 1e-6)
        #expect(HabitsJSON.formatInstant(fraction) == "2026-11-22T17:20:15.250Z")
    }

    @Test func everyYearIsWrittenInTheProlepticGregorianCalendar() throws {
        // Foundation's calendar switches to the Julian one before October 1582; days never do.
        let texts = ["1582-10-10T12:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "1969-12-31T23:59:59Z"]
        for text in texts {
            let instant = try #require(HabitsJSON.parseInstant(text))
            #expect(HabitsJSON.formatInstant(instant) == text)
        }
        let marked = try #require(LocalDay(iso: "1582-10-10")).noon(in: TimeZone(identifier: "UTC") ?? .current)
        #expect(HabitsJSON.formatInstant(marked) == "1582-10-10T12:00:00Z")
    }

    @Test func aLogBefore1970IsRefused() throws {
        let old = try #require(HabitsJSON.parseInstant("1969-12-31T23:59:59Z"))
        #expect(throws: HabitsError.self) { try LogRules.validate(timestamp: old, now: Date()) }
        try LogRules.validate(timestamp: LogRules.earliest, now: Date())
    }
}
