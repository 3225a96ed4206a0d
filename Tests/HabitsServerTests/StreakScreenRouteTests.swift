import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// The streak screen through the real app, on the clock `Fixture.now` (2026-11-22T17:20:15Z).
@Suite struct StreakScreenRouteTests {
    static func calendarDay(_ document: ScreenDocument, _ date: String) -> CalendarDay? {
        for item in document.items where item.id == "day-\(date)" {
            if let day = item.content.as(CalendarDay.self) { return day }
        }
        return nil
    }

    static func current(_ document: ScreenDocument) -> Int? {
        for item in document.items {
            if let summary = item.content.as(StreakSummaryContent.self) { return summary.current }
        }
        return nil
    }

    @Test func theViewersFirstFavouriteThisMonthAndClearErrors() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            let document = try decode(ScreenDocument.self, try await client.send("/v1/screens/streak"))
            // user0's favourites are Run and Swim: Run comes first by name.
            #expect(document.title == "Run")
            #expect(document.items.filter { $0.type == "calendarDay" }.count == 30)
            #expect(Self.calendarDay(document, "2026-11-22")?.today == true)
            let october = try decode(
                ScreenDocument.self, try await client.send("/v1/screens/streak?month=2026-10&user=user1"))
            #expect(october.items.filter { $0.type == "calendarDay" }.count == 31)
            try expectError(
                try await client.send("/v1/screens/streak?month=2026-12"), .unprocessableContent, code: "invalid")
            try expectError(
                try await client.send("/v1/screens/streak?month=2026-13"), .badRequest, code: "malformed_request")
            try expectError(try await client.send("/v1/screens/streak?habit=999"), .notFound, code: "habit_not_found")
        }
    }

    @Test func markingADayFromAnotherWindowUpdatesAnOpenCalendar() async throws {
        let (store, users, habits) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        let user0 = users["user0"] ?? 0
        let run = habits["Run"] ?? 0
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let stream = try EventStreamClient(port: port, path: "/v1/screens/streak/events?habit=\(run)")
            let initial = try LiveScreenTests.document(await stream.nextEvent(timeout: 5))
            #expect(Self.calendarDay(initial, "2026-11-22")?.done == false)

            // Another user's log wakes nothing.
            try await log("user1", "Run", client)
            #expect(await stream.nextEvent(timeout: 0.5) == nil)

            let marked = try await client.send("/v1/users/\(user0)/habits/\(run)/days/2026-11-22", .put)
            #expect(marked.status == .noContent)
            let afterMark = try initial.applying(try LiveScreenTests.changeset(await stream.nextEvent(timeout: 5)))
            #expect(Self.calendarDay(afterMark, "2026-11-22")?.done == true)
            #expect(Self.current(afterMark) == 1)
            // The day's action now unmarks it.
            let today = afterMark.items.first { $0.id == "day-2026-11-22" }
            #expect(today?.actions.first?.method == "DELETE")

            // A course-app log of yesterday lengthens the streak.
            try await log("user0", "Run", client, at: "2026-11-21T09:00:00Z")
            let afterLog = try afterMark.applying(try LiveScreenTests.changeset(await stream.nextEvent(timeout: 5)))
            #expect(Self.current(afterLog) == 2)
            let fetched = try decode(ScreenDocument.self, try await client.send("/v1/screens/streak?habit=\(run)"))
            #expect(fetched == afterLog)
        }
    }

    @Test func skippedDaysAndNotesAreOnTheCalendarAndWeeklyHabitsCountWeeks() async throws {
        let (store, users, habits) = try await screenStore()
        let user = try #require(users["user0"])
        let run = try #require(habits["Run"])
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            let base = "/v1/users/\(user)/habits/\(run)/days"
            #expect(
                try await client.send("\(base)/2026-11-20", .put, body(#"{"status":"skipped"}"#)).status
                    == .noContent)
            #expect(
                try await client.send("\(base)/2026-11-21", .put, body(#"{"note":"<b>Rain</b> & wind"}"#)).status
                    == .noContent)
            let document = try decode(ScreenDocument.self, try await client.send("/v1/screens/streak?habit=\(run)"))
            #expect(Self.calendarDay(document, "2026-11-20")?.skipped == true)
            #expect(Self.calendarDay(document, "2026-11-21")?.note == "<b>Rain</b> & wind")
            #expect(Self.calendarDay(document, "2026-11-19")?.skipped == false)
            // The page shows both, the note through the escaper.
            let page = String(buffer: try await client.send("/screens/streak?habit=\(run)").body)
            #expect(page.contains("day skipped"))
            #expect(page.contains("&lt;b&gt;Rain&lt;/b&gt; &amp; wind") && !page.contains("<b>Rain"))

            let weeklyRun = body(#"{"schedule":{"kind":"weekly","timesPerWeek":1}}"#)
            #expect(try await client.send("/v1/habits/\(run)", .patch, weeklyRun).status == .ok)
            let weekly = try decode(ScreenDocument.self, try await client.send("/v1/screens/streak?habit=\(run)"))
            let summary = weekly.items.lazy.compactMap { $0.content.as(StreakSummaryContent.self) }.first
            #expect(summary?.unit == .weeks && summary?.label == "Weeks in a Row")
        }
    }
}
