import Foundation
import HabitsDomain
import Testing

@Suite struct LogRulesTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func acceptsThePastAndUpToFiveMinutesAhead() throws {
        try LogRules.validate(
            CourseAPI.LoggedHabit(userID: "a", habitName: "h", timestamp: now.addingTimeInterval(-86_400)), now: now)
        try LogRules.validate(
            CourseAPI.LoggedHabit(userID: "a", habitName: "h", timestamp: now.addingTimeInterval(300)), now: now)
    }

    @Test func rejectsMoreThanFiveMinutesAhead() {
        #expect(throws: HabitsError.self) {
            try LogRules.validate(
                CourseAPI.LoggedHabit(userID: "a", habitName: "h", timestamp: now.addingTimeInterval(301)), now: now)
        }
    }

    @Test(arguments: [
        ("2026-11-22T17:20:15Z", 1_795_368_015.0),
        ("2026-11-22T17:20:15.250Z", 1_795_368_015.25),
        ("2026-11-22T18:20:15+01:00", 1_795_368_015.0),
        ("2026-11-22T12:50:15.5-04:30", 1_795_368_015.5),
    ])
    func parsesISO8601Instants(text: String, seconds: Double) throws {
        let date = try #require(HabitsJSON.parseInstant(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.001)
    }

    @Test func rejectsMalformedInstants() {
        #expect(HabitsJSON.parseInstant("2026-11-22 17:20:15") == nil)
        #expect(HabitsJSON.parseInstant("yesterday") == nil)
    }

    @Test func encodesAsTheCourseClientDoes() throws {
        let log = CourseAPI.LoggedHabit(userID: "a", habitName: "h",
            timestamp: Date(timeIntervalSince1970: 1_795_368_015))
        let json = String(decoding: try HabitsJSON.encoder().encode(log), as: UTF8.self)
        #expect(json == #"{"habitName":"h","timestamp":"2026-11-22T17:20:15Z","userID":"a"}"#)
        let reference = JSONEncoder()
        reference.dateEncodingStrategy = .iso8601
        #expect(try HabitsJSON.decoder().decode(CourseAPI.LoggedHabit.self, from: reference.encode(log)) == log)
    }

    @Test func absentOptionalsAreOmitted() throws {
        let json = String(decoding: try HabitsJSON.encoder().encode(CourseAPI.User(id: "u", name: "U")), as: UTF8.self)
        #expect(json == #"{"id":"u","name":"U"}"#)
    }
}
