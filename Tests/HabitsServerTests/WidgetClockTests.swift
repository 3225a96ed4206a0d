import Foundation
import HTTPTypes
import HabitsDomain
import HabitsSQLite
import HabitsScreens
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// A widget says what the API says, for the same person and moment: across their midnight, and across the
/// night their clocks go forward.
@Suite struct WidgetClockTests {
    struct Streak: Decodable, Equatable {
        var current: Int
        var longest: Int
        var todayDone: Bool
    }

    struct Days: Decodable {
        var days: [String]
    }

    static func widget(
        _ file: String, _ client: some TestClientProtocol, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> WidgetDocument {
        let response = try await client.send(file, as: nil)
        #expect(response.status == .ok, sourceLocation: sourceLocation)
        return try JSONDecoder().decode(WidgetDocument.self, from: Data(response.body.readableBytesView))
    }

    static func instant(_ text: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: text)) }

    /// Both stores: the widget reads through each one's `ScreenSource`.
    static var stores: [String] { PostgresTestStores.shouldRun ? ["sqlite", "postgres"] : ["sqlite"] }

    @Test(arguments: stores)
    func widgetsEqualTheAPIAcrossMidnightAndTheSpringForward(store kind: String) async throws {
        let store: any HabitStore =
            kind == "postgres"
            ? try await PostgresTestStores.make(content: Fixture.content())
            : try await SQLiteHabitStore.temporary(content: Fixture.content())
        let user = try await store.createUser(
            User(id: 0, key: "nyc", name: "Nia", color: nil, bio: nil, timeZone: "America/New_York", locale: "en_US"))
        let habit = try #require(try await store.habits(page: PageRequest(limit: 10)).items.first { $0.name == "Run" })
        try await store.setFavorite(userID: user.id, habitID: habit.id, true)
        // 23:30 on Saturday 7 March 2026 in New York; at 02:00 on Sunday the clocks go forward to 03:00.
        let clock = SetClock(try Self.instant("2026-03-08T04:30:00Z"))
        try await makeApplication(store: store, clock: clock).test(.router) { client in
            let base = "/v1/users/\(user.id)/habits/\(habit.id)"
            for day in ["2026-03-02", "2026-03-05", "2026-03-06", "2026-03-07"] {
                #expect(try await client.send("\(base)/days/\(day)", .put, as: nil).status == .noContent)
            }
            let widgets = "/v1/users/\(user.id)/widgets"
            for (moment, reload, todayDone) in [
                ("2026-03-08T04:30:00Z", "2026-03-08T00:00:00-05:00", true),
                // Half past midnight: Sunday is not done yet, and Saturday's run still counts.
                ("2026-03-08T05:30:00Z", "2026-03-09T00:00:00-04:00", false),
            ] {
                clock.set(try Self.instant(moment))
                let streak = try decode(Streak.self, try await client.send("\(base)/streak", as: nil))
                #expect(streak == Streak(current: 3, longest: 3, todayDone: todayDone))

                let small = try await Self.widget("\(widgets)/small.json?habit=\(habit.id)", client)
                #expect(small.timeline.reloadAfter == reload)
                #expect(small.timeline.entries.map(\.date).last == reload)
                let tile = try #require(small.timeline.entries.first?.document.items.first?.content.as(TodayHabit.self))
                #expect(tile.done == streak.todayDone && tile.streak == streak.current)
                // The entry for the next midnight: nothing done on the new day yet, the streak kept.
                let next = try #require(small.timeline.entries.last?.document.items.first?.content.as(TodayHabit.self))
                #expect(!next.done && next.streak == (todayDone ? 3 : 0))

                let medium = try await Self.widget("\(widgets)/medium.json", client)
                let row = try #require(medium.timeline.entries.first?.document.items.first?.content.as(TodayHabit.self))
                #expect(row.habitID == habit.id && row.done == streak.todayDone && row.streak == streak.current)

                let card = try await Self.widget("\(widgets)/card.json?habit=\(habit.id)", client)
                let figures = try #require(card.timeline.entries.first?.document.items)
                    .compactMap { $0.content.as(StreakCard.self) }
                #expect(figures.map(\.value) == [4, streak.current, streak.longest])
                #expect(figures[1].first?.description == "2026-03-05" && figures[1].last?.description == "2026-03-07")
                #expect(figures[0].first?.description == "2026-03-02")

                let large = try await Self.widget("\(widgets)/large.json?habit=\(habit.id)", client)
                let calendar = try #require(large.timeline.entries.first?.document.items)
                let done = calendar.compactMap { $0.content.as(CalendarDay.self) }.filter(\.done).map(
                    \.date.description)
                let listed = try decode(
                    Days.self, try await client.send("\(base)/days?from=2026-03-01&to=2026-03-31", as: nil))
                #expect(done == listed.days)
                let today = calendar.compactMap { $0.content.as(CalendarDay.self) }.first(where: \.today)
                #expect(today?.date.description == (todayDone ? "2026-03-07" : "2026-03-08"))
            }
        }
    }
}

/// Every family in every theme is well-formed XML, whatever people named things.
@Suite struct WidgetImageTests {
    @Test func everyFamilyAndThemeParsesAndHostileTextStaysText() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let hostile = #"</text><script>alert(1)</script>&amp;"' 한국어 🏃‍♀️ e\#u{301}"#
        let user = try await store.createUser(
            User(id: 0, key: "eve", name: hostile, color: nil, bio: nil, timeZone: "Asia/Seoul", locale: "ko_KR"))
        let category = try #require(try await store.habits(page: PageRequest(limit: 1)).items.first).categoryID
        let habit = try await store.createHabit(
            Habit(
                id: 0, name: hostile + String(repeating: "long ", count: 12), categoryID: category, info: "",
                emoji: "🧪", ownerID: user.id, visibility: .personal))
        try await store.setFavorite(userID: user.id, habitID: habit.id, true)
        try await makeApplication(store: store).test(.router) { client in
            #expect(
                try await client.send("/v1/users/\(user.id)/habits/\(habit.id)/days/2026-11-22", .put, as: nil).status
                    == .noContent)
            for family in WidgetFamily.allCases {
                for theme in WidgetStyle.Theme.allCases {
                    let query =
                        family == .medium ? "?theme=\(theme.rawValue)" : "?habit=\(habit.id)&theme=\(theme.rawValue)"
                    let response = try await client.send("/v1/users/\(user.id)/widgets/\(family).svg\(query)", as: nil)
                    #expect(response.status == .ok, "\(family) \(theme)")
                    let text = String(buffer: response.body)
                    let svg = try #require(ParsedSVG.parse(Data(text.utf8)), "\(family) \(theme) is XML")
                    #expect(!svg.elements.contains("script"))
                    #expect(!text.contains("<script"))
                    #expect(svg.texts["desc"]?.first?.contains(hostile) == true, "the name is text, whole")
                    // Drawn names are cut to their frames, with an ellipsis, never past them.
                    #expect(svg.texts["text"]?.contains { $0.hasSuffix("…") } == true, "\(family)")
                }
            }
        }
    }
}

/// The escaper's XML form: what XML cannot hold is left out, the rest escaped as in HTML.
@Suite struct XMLEscapingTests {
    @Test func controlsAreLeftOutAndMarkupEscaped() {
        #expect(HTMLEscaper.escapeForXML("a\u{1}b\u{FFFE}<c>&\"'\t") == "ab&lt;c&gt;&amp;&quot;&#39;\t")
        #expect(HTMLEscaper.escapeForXML("한국어 🏃‍♀️") == "한국어 🏃‍♀️")
    }
}
