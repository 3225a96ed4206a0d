import Foundation
import HabitsDomain
import Testing

@testable import HabitsClient

@Suite("Display width and tables")
struct TextTableTests {
    @Test("Emoji and East Asian characters take two columns, marks none")
    func widths() {
        #expect(DisplayWidth.of("Read") == 4)
        #expect(DisplayWidth.of("📚") == 2)
        #expect(DisplayWidth.of("👩‍💻") == 2)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.of("🇫🇷") == 2)
        #expect(DisplayWidth.of("水を飲む") == 8)
        #expect(DisplayWidth.of("물") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("Café") == 4)
        #expect(DisplayWidth.of("✓") == 1)
    }

    @Test("Columns line up by display width, with no trailing spaces")
    func alignment() {
        let table = TextTable(
            header: ["HABIT", "DONE", "NOTE"],
            rows: [["📚 Read", "✓", ""], ["水を飲む", "2/8", "暑い"], ["Run", "0/1", "rain"]]
        ).render()
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        // The second column starts at the same display column on every line: after the first cell's
        // widest width (8, 水を飲む) and two spaces.
        let starts = lines.map { line -> Int in
            let gap = line.range(of: "  ")?.lowerBound ?? line.endIndex
            let second = line[gap...].firstIndex { $0 != " " } ?? line.endIndex
            return DisplayWidth.of(String(line[..<second]))
        }
        #expect(Set(starts) == [10], "\(table)")
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
        #expect(lines[1] == "📚 Read   ✓")
        #expect(lines[2] == "水を飲む  2/8   暑い")
    }

    @Test("Today's table: done, counts against the target, streak units, skips and notes")
    func todayTable() throws {
        let day = try #require(LocalDay(iso: "2026-11-27"))
        let today = TodayList(
            day: day, timeZone: "Europe/Paris",
            habits: [
                TodayList.Entry(
                    id: 1, name: "Read", emoji: "📚", logCount: 1, done: true,
                    streak: ScheduledStreak(current: 3, longest: 9, unit: .days)),
                TodayList.Entry(
                    id: 2, name: "Water", logCount: 2, target: 8, note: "hot day",
                    streak: ScheduledStreak(current: 1, longest: 2, unit: .weeks)),
                TodayList.Entry(id: 3, name: "Gym", scheduled: false, skipped: true),
            ])
        let text = TodayFormat.table(today)
        #expect(
            text == """
                2026-11-27 (Europe/Paris)
                HABIT    DONE  STREAK  SKIPPED  NOTE
                📚 Read  ✓     3 days
                Water    2/8   1 week           hot day
                Gym      -     0 days  skipped

                """)
        #expect(TodayFormat.table(TodayList(day: day, timeZone: "UTC", habits: [])).contains("no habits"))
    }
}
