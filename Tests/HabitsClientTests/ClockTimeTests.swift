import Foundation
import HabitsDomain
import Testing

@testable import HabitsClient

@Suite("Times typed on the command line")
struct ClockTimeTests {
    let paris = TimeZone(identifier: "Europe/Paris")!
    /// 2026-11-27 at 14:20 in Paris (UTC+1 in winter).
    let now = HabitsJSON.parseInstant("2026-11-27T13:20:00Z")!

    @Test("HH:MM is today in the account's zone")
    func clockTimeToday() throws {
        let morning = try ClockTime.logInstant("07:30", now: now, zone: paris)
        #expect(HabitsJSON.formatInstant(morning) == "2026-11-27T06:30:00Z")
        let early = try ClockTime.logInstant("0:05", now: now, zone: paris)
        #expect(HabitsJSON.formatInstant(early) == "2026-11-26T23:05:00Z")
        // Tokyo's today is already the 27th at 22:20.
        let tokyo = try ClockTime.logInstant("21:00", now: now, zone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(HabitsJSON.formatInstant(tokyo) == "2026-11-27T12:00:00Z")
    }

    @Test("A full date-time with its offset is taken as it is")
    func isoDateTime() throws {
        let instant = try ClockTime.logInstant("2026-11-26T08:00:00+01:00", now: now, zone: paris)
        #expect(HabitsJSON.formatInstant(instant) == "2026-11-26T07:00:00Z")
    }

    @Test(
        "A time in the future is refused before anything is sent",
        arguments: ["14:21", "23:59", "2026-11-28T08:00:00Z"])
    func future(text: String) {
        do {
            _ = try ClockTime.logInstant(text, now: now, zone: paris)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.exitStatus == .usage)
            #expect(error.message.contains("future"))
        }
    }

    @Test(
        "Malformed times are usage errors",
        arguments: ["7", "24:00", "12:60", "12:5", "noon", "2026-11-27 08:00", "１２:００"])
    func malformed(text: String) {
        #expect(ClockTime.hourAndMinute(text) == nil)
        #expect(throws: ClientError.self) { try ClockTime.logInstant(text, now: now, zone: paris) }
    }

    @Test("Reminders are written HH:MM, days must be real dates")
    func reminderAndDay() throws {
        #expect(try ClockTime.reminder("7:05").description == "07:05")
        #expect(throws: ClientError.self) { try ClockTime.reminder("7h05") }
        #expect(try ClockTime.day("2026-02-28").description == "2026-02-28")
        #expect(throws: ClientError.self) { try ClockTime.day("2026-02-30") }
        #expect(throws: ClientError.self) { try ClockTime.day("yesterday") }
    }
}

@Suite("Schedules typed as options")
struct ScheduleOptionTests {
    @Test("daily, weekdays:…, weekly:N with times a day")
    func parses() throws {
        #expect(try ScheduleOption.parse("daily") == .daily)
        #expect(try ScheduleOption.parse("weekdays:mon,wed") == HabitSchedule(kind: .weekdays([.mon, .wed])))
        #expect(
            try ScheduleOption.parse("Weekly:3", timesPerDay: 2)
                == HabitSchedule(kind: .weekly(timesPerWeek: 3), timesPerDay: 2))
        #expect(
            ScheduleOption.describe(try ScheduleOption.parse("weekdays:fri,mon", timesPerDay: 8))
                == "weekdays:mon,fri ×8")
    }

    @Test(
        "Mistakes are usage errors",
        arguments: ["", "hourly", "weekdays", "weekdays:", "weekdays:monday", "weekly:0", "weekly:8", "daily:2"])
    func refuses(text: String) {
        #expect(throws: ClientError.self) { try ScheduleOption.parse(text) }
    }

    @Test("Times a day from 1 to 100")
    func timesPerDay() {
        #expect(throws: ClientError.self) { try ScheduleOption.parse("daily", timesPerDay: 0) }
        #expect(throws: ClientError.self) { try ScheduleOption.parse("daily", timesPerDay: 101) }
    }
}
