import Foundation
import HabitsDomain
import Testing

/// The dates a streak card shows: the current and the longest run's first and last done days, and every done
/// day counted, against a day-by-day walk on random histories.
struct StreakSpanTests {
    /// Day schedules walked day by day: each run of extending days, neutral days inside it, a break ending it.
    static func expectedSpans(_ schedule: HabitSchedule, today: LocalDay, days: [HabitDay])
        -> (current: ClosedRange<LocalDay>?, longest: ClosedRange<LocalDay>?)
    {
        let byDay = Dictionary(uniqueKeysWithValues: days.map { ($0.day, $0) })
        var day = (days.first?.day ?? today).adding(days: -1)
        var run: (first: LocalDay, last: LocalDay, count: Int)?
        var longest: (first: LocalDay, last: LocalDay, count: Int)?
        while day <= today {
            let record = byDay[day]
            let done = (record?.logCount ?? 0) >= schedule.timesPerDay
            if schedule.isScheduled(day) {
                if done {
                    run = (run?.first ?? day, day, (run?.count ?? 0) + 1)
                    if let current = run, current.count > (longest?.count ?? 0) { longest = current }
                } else if !(record?.isSkipped ?? false), day != today {
                    run = nil
                }
            }
            day = day.adding(days: 1)
        }
        return (run.map { $0.first...$0.last }, longest.map { $0.first...$0.last })
    }

    @Test func theRunsDatesAgreeWithADayByDayWalk() async {
        var random = SeededRandom(seed: 61)
        for iteration in 0..<2_000 {
            if iteration % 50 == 0 { await Task.yield() }
            let today = LocalDay(number: 20_000 + Int.random(in: 0..<14, using: &random))
            let firstWeekday = Int.random(in: 1...7, using: &random)
            let days = StreakCounterTests.randomDays(&random, today: today)
            let schedule = StreakCounterTests.randomSchedule(&random)
            let spans = StreakCounter(schedule: schedule, today: today, firstWeekday: firstWeekday).spans(of: days)
            #expect(spans.streak == StreakCounter(schedule: schedule, today: today, firstWeekday: firstWeekday)
                .streak(of: days))
            let done = days.filter { $0.day <= today && $0.logCount >= schedule.timesPerDay }
            #expect(spans.doneDays == done.count)
            #expect(spans.firstDone == done.first?.day)
            if case .weekly = schedule.kind {
                // Weeks: a kept run spans done days of its weeks, in order, up to today.
                for (count, first, last) in [
                    (spans.current, spans.currentFirst, spans.currentLast),
                    (spans.longest, spans.longestFirst, spans.longestLast),
                ] {
                    #expect((count == 0) == (first == nil) && (first == nil) == (last == nil))
                    if let first, let last {
                        #expect(first <= last && last <= today)
                        #expect(done.contains { $0.day == first } && done.contains { $0.day == last })
                    }
                }
            } else {
                let expected = Self.expectedSpans(schedule, today: today, days: days)
                let current = spans.currentFirst.flatMap { first in spans.currentLast.map { first...$0 } }
                let longest = spans.longestFirst.flatMap { first in spans.longestLast.map { first...$0 } }
                #expect(current == (spans.current > 0 ? expected.current : nil), "\(schedule) \(today) \(days)")
                #expect(longest == expected.longest, "\(schedule) \(today) \(days)")
                if current != (spans.current > 0 ? expected.current : nil) || longest != expected.longest { return }
            }
        }
    }
}

/// A widget's options: each checked once, an unknown one refused.
struct WidgetStyleTests {
    @Test func queryOptionsAreReadAndChecked() throws {
        let style = try WidgetStyle(
            query: [("theme", "high-contrast"), ("accent", "#FF8800"), ("hide_border", "1"), ("width", "300")],
            allowing: ["habit"]
        ).checked(for: .medium)
        #expect(style == WidgetStyle(theme: .highContrast, accent: "#ff8800", hideBorder: true, width: 300))
        #expect(WidgetStyle(theme: .dark, ring: "#000000").overridden(by: WidgetStyle(theme: .light))
            == WidgetStyle(theme: .light, ring: "#000000"))
        #expect(try WidgetStyle(query: [("habit", "3")], allowing: ["habit"]) == WidgetStyle())
    }

    @Test func anythingElseIsRefusedNamingTheOption() {
        let refused: [([(String, String)], String)] = [
            ([("colour", "#ffffff")], "\"colour\""), ([("accent", "red")], "accent"), ([("text", "#fff")], "text"),
            ([("ring", "#12345g")], "ring"), ([("background", "#1234567")], "background"),
            ([("background", "＃123456")], "background"), ([("theme", "Dark")], "theme"),
            ([("border_radius", "41")], "border_radius"), ([("border_radius", "-1")], "border_radius"),
            ([("width", "119")], "width"), ([("width", "1e3")], "width"), ([("hide_border", "yes")], "hide_border"),
            ([("theme", "dark"), ("theme", "dark")], "theme"),
        ]
        for (query, field) in refused {
            do {
                _ = try WidgetStyle(query: query.map { (name: $0.0, value: $0.1) }).checked(for: .small)
                Issue.record("accepted \(query)")
            } catch {
                guard case .invalid(let named, _) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(named == field, "\(query)")
            }
        }
    }

    @Test func eachFamilyKeepsItsProportion() {
        for family in WidgetFamily.allCases {
            #expect(family.height(forWidth: family.defaultWidth) == family.defaultHeight)
            #expect(family.widths.contains(family.defaultWidth))
            let doubled = family.height(forWidth: family.defaultWidth * 2)
            #expect(abs(doubled - family.defaultHeight * 2) <= 1)
        }
    }
}
