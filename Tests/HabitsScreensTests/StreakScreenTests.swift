import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

/// The streak calendar for a fixed world, on the clock `Fixture.now` (2026-11-22T17:20:15Z).
@Suite struct StreakScreenTests {
    static func world(locale: String = "en_US", zone: String = "UTC") -> WorldSource {
        var world = WorldSource()
        world.addUser(1, "Alex")
        world.users[1]?.locale = locale
        world.users[1]?.timeZone = zone
        world.addHabit(10, "Walk")
        world.addHabit(11, "Read")
        world.addHabit(12, "Swim")
        world.favorites[1] = [12, 11]
        for date in ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-20", "2026-11-21"] {
            if let day = LocalDay(iso: date) { world.mark(user: 1, habit: 11, day: day) }
        }
        return world
    }

    static func document(
        _ world: WorldSource, habit: Int64? = nil, month: String? = nil, now: Date = Fixture.now
    ) async throws -> ScreenDocument {
        let request = ScreenRequest(
            screen: .streak, viewerID: 1, habitID: habit, month: month.flatMap { LocalMonth(iso: $0) })
        return try await ScreenBuilder(source: world, now: now).document(for: request, revision: "1")
    }

    static func section(_ document: ScreenDocument, _ id: String) throws -> ScreenSection {
        try #require(document.sections.first { $0.id == id })
    }

    static func days(_ document: ScreenDocument) throws -> [CalendarDay] {
        try section(document, "days").items.compactMap { item in
            if let day = item.content.as(CalendarDay.self) { return day }
            return nil
        }
    }

    @Test func showsTheFirstFavouriteByNameThisMonthWithItsStreak() async throws {
        let document = try await Self.document(Self.world())
        #expect(document.screen == .streak && document.title == "Read")
        #expect(document.sections.map(\.id) == ["summary", "month", "weekdays", "days", "note", "habits"])
        // Today's note is a form that puts the note on today; an earlier month has none.
        let note = try Self.section(document, "note")
        #expect(note.items.first?.content.as(FormField.self)?.name == "note")
        #expect(note.items.last?.actions.first?.path == "/v1/users/1/habits/11/days/2026-11-22")
        let october = try await Self.document(Self.world(), month: "2026-10")
        #expect(!october.sections.contains { $0.id == "note" })
        let summary = try #require(try Self.section(document, "summary").items.first)
        #expect(
            summary.content
                == ItemContent(
                    StreakSummaryContent(
                        habitID: 11, habitName: "Read",
                        streak: StreakSummary(
                            current: 2, longest: 3, today: LocalDay(iso: "2026-11-22")!, todayDone: false))))
        #expect(summary.fallback == ItemFallback(title: "2", subtitle: "Current Streak"))
        let days = try Self.days(document)
        #expect(days.count == 30)
        #expect(days.filter(\.done).map(\.date.description) == ["2026-11-01", "2026-11-20", "2026-11-21"])
        #expect(days.filter(\.today).map(\.day) == [22])
        #expect(days.filter(\.future).map(\.day) == Array(23...30))
        let choices = try Self.section(document, "habits").items.map(\.id)
        #expect(choices == ["choice-11", "choice-12"])
    }

    @Test func aDayUpToTodayMarksOrUnmarksItselfAndTheFutureOffersNothing() async throws {
        let items = try await Self.section(try await Self.document(Self.world()), "days").items
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        #expect(
            byID["day-2026-11-21"]?.actions == [
                .request(
                    .activate, title: "Unmark 2026-11-21", method: "DELETE",
                    path: "/v1/users/1/habits/11/days/2026-11-21")
            ])
        #expect(
            byID["day-2026-11-22"]?.actions == [
                .request(
                    .activate, title: "Mark 2026-11-22 done", method: "PUT",
                    path: "/v1/users/1/habits/11/days/2026-11-22"),
                .request(
                    .menu, title: "Skip", method: "PUT", path: "/v1/users/1/habits/11/days/2026-11-22",
                    body: ["status": .string("skipped")]),
            ])
        #expect(byID["day-2026-11-23"]?.actions == [])
        #expect(byID["day-2026-11-23"]?.fallback == ItemFallback(title: "23"))
    }

    @Test(arguments: [
        // November 2026 starts on a Sunday.
        ("en_US", 0, ["S", "M", "T", "W", "T", "F", "S"], "November 2026"),
        ("ko_KR", 0, ["일", "월", "화", "수", "목", "금", "토"], "2026년 11월"),
        ("de_DE", 6, ["M", "D", "M", "D", "F", "S", "S"], "November 2026"),
        ("fr_FR", 6, ["L", "M", "M", "J", "V", "S", "D"], "novembre 2026"),
    ])
    func theGridStartsOnTheLocalesFirstWeekday(locale: String, blanks: Int, symbols: [String],
        title: String) async throws {
        let document = try await Self.document(Self.world(locale: locale))
        let grid = try Self.section(document, "days").items
        #expect(grid.prefix { $0.type == "calendarBlank" }.count == blanks)
        #expect(grid.dropFirst(blanks).first?.id == "day-2026-11-01")
        let headings = try Self.section(document, "weekdays").items.compactMap { item -> String? in
            if let weekday = item.content.as(CalendarWeekday.self) { return weekday.symbol }
            return nil
        }
        #expect(headings == symbols)
        #expect(try Self.section(document, "month").header?.title == title)
    }

    @Test func monthsLinkBackwardsAndForwardsButNeverPastTheCurrentOne() async throws {
        let world = Self.world()
        let current = try await Self.section(try await Self.document(world), "month").items
        #expect(current.map(\.id) == ["previous"])
        #expect(
            current.first?.actions == [
                .open(title: "Previous Month", screen: .streak, parameters: ["habit": "11", "month": "2026-10"])
            ])
        let october = try await Self.document(world, habit: 11, month: "2026-10")
        #expect(try Self.section(october, "month").items.map(\.id) == ["previous", "next"])
        #expect(try Self.days(october).filter(\.done).map(\.day) == [30, 31])
        #expect(try Self.days(october).allSatisfy { !$0.future && !$0.today })
        // October 2026 starts on a Thursday: four blanks from Sunday.
        #expect(try Self.section(october, "days").items.prefix { $0.type == "calendarBlank" }.count == 4)
        await #expect(throws: ScreenError.futureMonth(LocalMonth(iso: "2026-12")!)) {
            try await Self.document(world, month: "2026-12")
        }
    }

    @Test func theViewersZoneDecidesToday() async throws {
        // 17:20 UTC on the 22nd is 07:20 on the 23rd in Kiritimati: the 23rd is today, December still the future.
        let ahead = try await Self.document(Self.world(zone: "Pacific/Kiritimati"))
        #expect(try Self.days(ahead).filter(\.today).map(\.day) == [23])
        // At 00:30 UTC on 2026-12-01, Los Angeles is still in November.
        let december = try #require(HabitsJSON.parseInstant("2026-12-01T00:30:00Z"))
        let behind = try await Self.document(Self.world(zone: "America/Los_Angeles"), now: december)
        #expect(try Self.days(behind).filter(\.today).map(\.day) == [30])
    }

    @Test func theHabitIsTheOneNamedOrTheFirstHabitWithoutFavourites() async throws {
        var world = Self.world()
        #expect(try await Self.document(world, habit: 10).title == "Walk")
        // A habit that is not a favourite is offered beside the favourites while it is shown.
        #expect(
            try Self.section(try await Self.document(world, habit: 10), "habits").items.map(\.id)
                == ["choice-11", "choice-12", "choice-10"])
        await #expect(throws: ScreenError.unknownHabit("99")) { try await Self.document(world, habit: 99) }
        world.favorites[1] = []
        #expect(try await Self.document(world).title == "Read")
        world.habitList = []
        let empty = try await Self.document(world)
        #expect(empty.sections.map(\.id) == ["empty"] && empty.sections[0].items.map(\.id) == ["empty-streak"])
    }
}
