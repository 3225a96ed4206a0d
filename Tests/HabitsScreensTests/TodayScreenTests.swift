import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

/// Today for a fixed world, on the clock `Fixture.now` (2026-11-22T17:20:15Z).
@Suite struct TodayScreenTests {
    static func world(zone: String = "UTC") -> WorldSource {
        var world = WorldSource()
        world.addUser(1, "Alex")
        world.users[1]?.timeZone = zone
        world.addHabit(10, "Walk")
        world.addHabit(11, "Read")
        world.addHabit(12, "Swim")
        world.favorites[1] = [12, 11]
        for date in ["2026-11-20", "2026-11-21"] {
            if let day = LocalDay(iso: date) { world.mark(user: 1, habit: 11, day: day) }
        }
        return world
    }

    static func rows(_ world: WorldSource, now: Date = Fixture.now) async throws -> [(ScreenItem, TodayHabit)] {
        let document = try await ScreenBuilder(source: world, now: now).document(
            for: ScreenRequest(screen: .today, viewerID: 1), revision: "1")
        #expect(document.screen == .today && document.title == "Today")
        return try #require(document.sections.first).items.compactMap { item in
            if let row = item.content.as(TodayHabit.self) { return (item, row) }
            return nil
        }
    }

    @Test func aRowPerFavouriteByNameWithTodaysState() async throws {
        let rows = try await Self.rows(Self.world())
        #expect(rows.map(\.1.habitName) == ["Read", "Swim"])
        #expect(rows.map(\.1.done) == [false, false])
        // Today is not done yet, so the run ending yesterday still counts.
        #expect(rows.map(\.1.streak) == [2, 0])
        #expect(rows.map(\.1.caption) == ["Not yet today · 2-day streak", "Not yet today"])
    }

    @Test func aTapMarksTodayAndASecondUndoesIt() async throws {
        var world = Self.world()
        let before = try await Self.rows(world)
        let mark = try #require(before.first?.0.actions.first)
        #expect(mark.role == .activate && mark.method == "PUT")
        #expect(mark.path == "/v1/users/1/habits/11/days/2026-11-22")
        world.mark(user: 1, habit: 11, day: try #require(LocalDay(iso: "2026-11-22")))
        let after = try await Self.rows(world)
        #expect(after.first?.1.done == true && after.first?.1.streak == 3)
        #expect(after.first?.1.caption == "Done today · 3-day streak")
        let undo = try #require(after.first?.0.actions.first)
        #expect(undo.method == "DELETE" && undo.path == mark.path)
    }

    @Test func todayIsTheViewersLocalDay() async throws {
        // 17:20 UTC on the 22nd is already the 23rd in Auckland.
        let rows = try await Self.rows(Self.world(zone: "Pacific/Auckland"))
        #expect(rows.first?.0.actions.first?.path == "/v1/users/1/habits/11/days/2026-11-23")
    }

    @Test func withoutFavouritesItSaysHowToGetSome() async throws {
        var world = Self.world()
        world.favorites[1] = []
        let document = try await ScreenBuilder(source: world, now: Fixture.now).document(
            for: ScreenRequest(screen: .today, viewerID: 1), revision: "1")
        let item = try #require(document.sections.first?.items.first)
        #expect(document.sections.count == 1 && document.sections[0].items.count == 1 && item.id == "empty-today")
        #expect(item.actions.map(\.screen) == [.habits, .yourHabits])
    }

    @Test func itIsATabAndTheScreensListItOnce() {
        #expect(Screens.tabs.map(\.name) == [.home, .today, .habits, .users, .log, .streak, .discover, .help])
        #expect(Set(ScreenName.allCases.map(\.rawValue)).count == Screens.all.count)
        #expect(ScreenName(rawValue: "today") == .today && ScreenName(rawValue: "nope") == nil)
        #expect(TodayScreen.parameters.isEmpty)
        #expect(TodayScreen.back(from: ScreenRequest(screen: .today, viewerID: 1)) == nil)
    }
}
