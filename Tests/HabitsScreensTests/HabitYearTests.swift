import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

/// The habit page's year for the viewer, on the clock `Fixture.now` (2026-11-22T17:20:15Z, a Sunday).
@Suite struct HabitYearTests {
    static func document(_ world: WorldSource) async throws -> ScreenDocument {
        let request = ScreenRequest(screen: .habit, viewerID: 1, habitID: 11)
        return try await ScreenBuilder(source: world, now: Fixture.now).document(for: request, revision: "1")
    }

    static func stats(_ document: ScreenDocument, _ section: String) -> [HabitStat] {
        (document.sections.first { $0.id == section }?.items ?? []).compactMap { $0.content.as(HabitStat.self) }
    }

    @Test func thePageShowsTheViewersStreaksRatesYearAndNotes() async throws {
        var world = StreakScreenTests.world()
        let note = try #require(LocalDay(iso: "2026-11-20"))
        world.notes[1, default: [:]][11, default: [:]][note.number] = "Chapter 4"
        let document = try await Self.document(world)
        #expect(document.sections.map(\.id) == ["about", "streak", "rates", "year", "notes", "ranking"])

        // Done 2026-10-30, 10-31, 11-01, 11-20, 11-21; today (11-22) still open.
        #expect(Self.stats(document, "streak").map(\.value) == ["2 days", "3 days"])
        let rates = Self.stats(document, "rates")
        #expect(rates.map(\.label) == ["Last 30 Days", "Last 90 Days", "Last 365 Days"])
        // 30 days back reaches 2026-10-24: all five done days, of 29 asked (today is not asked yet).
        #expect(rates.first?.value == "17%" && rates.first?.detail == "5 of 29 days")

        let cells = try #require(document.sections.first { $0.id == "year" }).items.compactMap {
            $0.content.as(YearDay.self)
        }
        // 53 columns from the Sunday of the week a year ago (en_US weeks start on Sunday) through today.
        #expect(cells.first?.date == LocalDay(iso: "2025-11-23"))
        #expect(cells.first.map { $0.date.weekday } == 1)
        #expect(cells.last?.date == LocalDay(iso: "2026-11-22") && cells.last?.today == true)
        #expect(cells.count == 365)
        #expect(cells.filter(\.done).map(\.date.description) == [
            "2026-10-30", "2026-10-31", "2026-11-01", "2026-11-20", "2026-11-21",
        ])
        #expect(cells.allSatisfy { $0.level == ($0.done ? 4 : 0) })
        #expect(cells.filter(\.hasNote).map(\.date) == [note])

        let notes = (document.sections.first { $0.id == "notes" }?.items ?? []).compactMap {
            $0.content.as(DayNote.self)
        }
        #expect(notes == [DayNote(date: note, title: "Nov 20, 2026", note: "Chapter 4")])
    }

    @Test func aWeekStartingOnMondayStartsTheYearOnAMonday() async throws {
        var world = StreakScreenTests.world()
        world.users[1]?.locale = "de_DE"
        let document = try await Self.document(world)
        let first = try #require(document.sections.first { $0.id == "year" }?.items.first?.content.as(YearDay.self))
        #expect(first.date == LocalDay(iso: "2025-11-17"))
        #expect(first.date.weekday == 2)
        // Without notes there is no notes section.
        #expect(!document.sections.contains { $0.id == "notes" })
    }

    @Test func aPartDoneDayIsShadedByItsShareOfTheTarget() throws {
        let day = try #require(LocalDay(iso: "2026-11-20"))
        let water = HabitSchedule(kind: .daily, timesPerDay: 8)
        let levels = [0, 1, 3, 6, 7, 8, 9].map {
            YearDay(record: HabitDay(day: day, logCount: $0), date: day, schedule: water, today: day).level
        }
        #expect(levels == [0, 1, 2, 3, 3, 4, 4])
        let skipped = YearDay(record: HabitDay(day: day, isSkipped: true), date: day, schedule: water, today: day)
        #expect(skipped.skipped && !skipped.done)
        let weekdays = HabitSchedule(kind: .weekdays([.mon]))
        // 2026-11-20 is a Friday.
        #expect(!YearDay(record: nil, date: day, schedule: weekdays, today: day).scheduled)
    }
}
