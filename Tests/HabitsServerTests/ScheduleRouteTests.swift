import Foundation
import HTTPTypes
import HabitsDomain
import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Schedules, skips and notes through `/v1`, with the clock stopped at `Fixture.now` (Sunday 2026-11-22).
@Suite struct ScheduleRouteTests {
    struct Streak: Decodable, Equatable {
        var current: Int
        var longest: Int
        var unit: String
    }

    struct Days: Decodable {
        var days: [String]
        var entries: [HabitDay]
    }

    @Test func aWeeklyHabitCountsWeeksAndSkipsAndNotesAreKept() async throws {
        let (store, user, habit) = try await DayRouteTests.store(zone: "UTC")
        try await makeApplication(store: store).test(.router) { client in
            let patched = try await client.send(
                "/v1/habits/\(habit)", .patch, body(#"{"schedule":{"kind":"weekly","timesPerWeek":2}}"#))
            #expect(patched.status == .ok)
            #expect(try decodeV1(Habit.self, patched).schedule == HabitSchedule(kind: .weekly(timesPerWeek: 2)))
            let base = "/v1/users/\(user)/habits/\(habit)"
            // Two days in each of the two weeks before this one (en_US weeks start on Sunday).
            for day in ["2026-11-09", "2026-11-12", "2026-11-16", "2026-11-20"] {
                #expect(try await client.send("\(base)/days/\(day)", .put).status == .noContent)
            }
            #expect(
                try decode(Streak.self, try await client.send("\(base)/streak"))
                    == Streak(current: 2, longest: 2, unit: "weeks"))

            #expect(
                try await client.send("\(base)/days/2026-11-21", .put, body(#"{"status":"skipped","note":"Away"}"#))
                    .status == .noContent)
            #expect(
                try await client.send("\(base)/days/2026-11-20", .put, body(#"{"note":"  Felt great  "}"#)).status
                    == .noContent)
            let listed = try decode(Days.self, try await client.send("\(base)/days?from=2026-11-15&to=2026-11-22"))
            #expect(listed.days == ["2026-11-16", "2026-11-20"])
            #expect(
                listed.entries.map { "\($0.day) \($0.logCount) \($0.isSkipped) \($0.note ?? "-")" } == [
                    "2026-11-16 1 false -", "2026-11-20 1 false Felt great", "2026-11-21 0 true Away",
                ])
            // A note of null removes it; an empty object asks for nothing.
            let removed = try await client.send("\(base)/days/2026-11-20", .put, body(#"{"note":null}"#))
            #expect(removed.status == .noContent)
            try expectError(try await client.send("\(base)/days/2026-11-20", .put, body("{}")), .unprocessableContent)
        }
    }

    @Test func badDayBodiesAreRefusedAndChangeNothing() async throws {
        let (store, user, habit) = try await DayRouteTests.store(zone: "UTC")
        try await makeApplication(store: store).test(.router) { client in
            let base = "/v1/users/\(user)/habits/\(habit)/days"
            #expect(try await client.send("\(base)/2026-11-02", .put).status == .noContent)
            try expectError(
                try await client.send("\(base)/2026-11-02", .put, body(#"{"status":"skipped"}"#)), .conflict)
            try expectError(
                try await client.send("\(base)/2026-11-03", .put, body(#"{"status":"maybe"}"#)), .badRequest)
            try expectError(try await client.send("\(base)/2026-11-03", .put, body("{")), .badRequest)
            let long = String(repeating: "a", count: HabitDay.maximumNoteLength + 1)
            try expectError(
                try await client.send("\(base)/2026-11-03", .put, body(#"{"note":"\#(long)"}"#)),
                .unprocessableContent)
            try expectError(
                try await client.send("\(base)/2026-11-03", .put, body(#"{"note":"a\u0000b"}"#)),
                .unprocessableContent)
            try expectError(
                try await client.send("\(base)/2026-11-23", .put, body(#"{"note":"Tomorrow"}"#)),
                .unprocessableContent, code: "future_day")
            for day in ["2026-11-03", "2026-11-04", "2026-11-05"] {
                #expect(
                    try await client.send("\(base)/\(day)", .put, body(#"{"status":"skipped"}"#)).status == .noContent)
            }
            try expectError(
                try await client.send("\(base)/2026-11-06", .put, body(#"{"status":"skipped"}"#)),
                .unprocessableContent)
            let listed = try decode(Days.self, try await client.send("\(base)?from=2026-11-01&to=2026-11-30"))
            #expect(listed.entries.map(\.day.description) == ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"])
            #expect(listed.entries.allSatisfy { $0.note == nil })
            try expectError(
                try await client.send(
                    "/v1/habits/\(habit)", .patch, body(#"{"schedule":{"kind":"weekly","timesPerWeek":9}}"#)),
                .unprocessableContent)
            try expectError(
                try await client.send("/v1/habits/\(habit)", .patch, body(#"{"schedule":{"kind":"weekdays"}}"#)),
                .badRequest)
        }
    }
}
