import Foundation
import HabitsDomain
import HabitsStore

/// Builds a widget's timeline: its document now and at the owner's next midnight, when "today" turns.
///
/// A widget shows what its owner may see, read as the owner (`VisibleSource`), and nothing only the owner
/// should read: its address is meant to be shared (a README, a page), so it carries no note and no action
/// that writes; each item opens the screen a tap would open in the app.
extension ScreenBuilder {
    /// The widget `family` of `ownerID`, showing `habitID` (which `medium` does not read).
    ///
    /// - Throws: `ScreenError` when the owner, or the habit as the owner sees it, does not exist.
    /// - Complexity: O(h + f log r) for `medium` (as Today); O(d) in the habit's days for `card`; O(m + log r)
    ///   for the others, m days in a month.
    public func widget(_ family: WidgetFamily, ownerID: Int64, habitID: Int64?) async throws -> WidgetDocument {
        guard let owner = try await source.user(id: ownerID) else { throw ScreenError.unknownUser(String(ownerID)) }
        let zone = owner.zone
        let midnight = LocalDay(now, in: zone).adding(days: 1).start(in: zone)
        var entries: [WidgetTimeline.Entry] = []
        for date in [now, midnight] {
            let builder = ScreenBuilder(source: source, now: date).seen(by: ownerID)
            let document = Self.stamped(try await builder.widgetDocument(family, owner: owner, habitID: habitID))
            entries.append(WidgetTimeline.Entry(date: WidgetTimeline.text(of: date, in: zone), document: document))
        }
        return WidgetDocument(
            family: family, habitID: family.showsOneHabit ? habitID : nil,
            timeline: WidgetTimeline(entries: entries, reloadAfter: WidgetTimeline.text(of: midnight, in: zone)))
    }

    /// `document` with a revision naming what it shows, not the store's: a widget's address is shared, and the
    /// store's revision would tell whoever holds it when anyone on the server writes anything.
    static func stamped(_ document: ScreenDocument) -> ScreenDocument {
        var document = document
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let shown = (try? encoder.encode(document.sections)) ?? Data()
        document.revision = "w" + String(FNV1a.hash(Array(document.title.utf8) + Array(shown)), radix: 16)
        return document
    }

    /// The document of one moment of the widget, its revision yet to be stamped.
    func widgetDocument(_ family: WidgetFamily, owner: User, habitID: Int64?) async throws -> ScreenDocument {
        let revision = ""
        guard family.showsOneHabit else { return try await todayWidget(owner: owner, revision: revision) }
        guard let habitID else { throw ScreenError.missingParameter("habit") }
        guard let habit = try await source.habit(id: habitID) else { throw ScreenError.unknownHabit(String(habitID)) }
        let today = viewersToday(owner)
        let sections: [ScreenSection]
        switch family {
        case .small: sections = [try await smallSection(owner: owner, habit: habit, today: today)]
        case .large: sections = try await monthSections(owner: owner, habit: habit, today: today)
        case .card, .medium: sections = [try await cardSection(owner: owner, habit: habit, today: today)]
        }
        return ScreenDocument(screen: .streak, title: habit.name, revision: revision, sections: sections)
    }

    /// Opens the habit's streak calendar, as a tap on any widget of one habit does.
    private func openStreak(_ habit: Habit) -> ItemAction {
        .open(title: "Open Streak", screen: .streak, parameters: ["habit": String(habit.id)])
    }

    /// Today's favourites as the Today screen lists them, the first `WidgetFamily.mediumHabits`.
    private func todayWidget(owner: User, revision: String) async throws -> ScreenDocument {
        let today = try await self.today(viewer: owner, revision: revision)
        let titles = CalendarNames(locale: owner.locale).dayTitles()
        let sections = today.sections.map { section in
            var section = section
            section.layout = WidgetLayouts.todayRows
            section.wideLayout = nil
            section.items = section.items.prefix(WidgetFamily.mediumHabits).map { item in
                var item = item
                item.actions = item.actions.filter { $0.kind == .open }.map { action in
                    var action = action
                    action.role = .activate
                    return action
                }
                return item
            }
            section.header = SectionBoundary(
                title: section.items.isEmpty
                    ? "Favorite a habit to see it here" : "Today · \(titles.title(of: viewersToday(owner)))")
            return section
        }
        return ScreenDocument(screen: .today, title: "Today", revision: revision, sections: sections)
    }

    /// The habit, today's state and the current streak.
    private func smallSection(owner: User, habit: Habit, today: LocalDay) async throws -> ScreenSection {
        let streak = try await source.streak(userID: owner.id, habitID: habit.id, today: today)
        let color = try await categoryColor(of: habit)
        let row = TodayHabit(
            habitID: habit.id, habitName: habit.name, emoji: habit.emoji, color: color, done: streak.todayDone,
            streak: streak.current)
        return ScreenSection(
            id: "habit", layout: WidgetLayouts.whole,
            items: [
                ScreenItem(
                    id: "habit-\(habit.id)", content: ItemContent(row),
                    fallback: ItemFallback(title: habit.name, subtitle: row.caption), actions: [openStreak(habit)])
            ])
    }

    /// The streak over the month's calendar, without notes.
    private func monthSections(owner: User, habit: Habit, today: LocalDay) async throws -> [ScreenSection] {
        let month = today.month
        let names = CalendarNames(locale: owner.locale)
        let streak = try await source.streak(userID: owner.id, habitID: habit.id, today: today)
        let done = Set(
            try await source.doneDays(userID: owner.id, habitID: habit.id, from: month.firstDay, through: month.lastDay)
        )
        let skipped = Set(
            try await source.habitDays(
                userID: owner.id, habitID: habit.id, from: month.firstDay, through: month.lastDay
            ).filter(\.isSkipped).map(\.day))
        var days = (0..<month.leadingBlanks(firstWeekday: names.firstWeekday)).map { index in
            ScreenItem(id: "blank-\(index)", content: ItemContent(CalendarBlank()), fallback: ItemFallback(title: ""))
        }
        for offset in 0..<month.length {
            let date = month.firstDay.adding(days: offset)
            let day = CalendarDay(
                date: date, done: done.contains(date), today: today,
                skipped: skipped.contains(date) && !done.contains(date))
            days.append(
                ScreenItem(
                    id: "day-\(date)", content: ItemContent(day),
                    fallback: ItemFallback(
                        title: "\(day.day)", subtitle: day.done ? "Done" : day.skipped ? "Skipped" : nil)))
        }
        var weekdays = weekdaySection(names)
        weekdays.layout = WidgetLayouts.weekdays
        weekdays.header = SectionBoundary(title: names.title(of: month))
        return [
            ScreenSection(
                id: "summary", layout: WidgetLayouts.summary,
                items: [
                    ScreenItem(
                        id: "streak",
                        content: ItemContent(
                            StreakSummaryContent(habitID: habit.id, habitName: habit.name, streak: streak)),
                        fallback: ItemFallback(title: "\(streak.current)", subtitle: "Current Streak"),
                        actions: [openStreak(habit)])
                ]),
            weekdays,
            ScreenSection(id: "days", layout: WidgetLayouts.days, items: days),
        ]
    }

    /// Total done days, the current streak and the longest, each with its dates.
    private func cardSection(owner: User, habit: Habit, today: LocalDay) async throws -> ScreenSection {
        let days = try await source.habitDays(
            userID: owner.id, habitID: habit.id, from: LocalDay(number: Int(Int32.min)), through: today)
        let names = CalendarNames(locale: owner.locale)
        let spans = StreakCounter(schedule: habit.schedule, today: today, firstWeekday: names.firstWeekday)
            .spans(of: days)
        let titles = names.dayTitles()
        let figures = [
            StreakCard(
                figure: .total, habitID: habit.id, value: spans.doneDays, unit: .days, first: spans.firstDone,
                last: nil, titles: titles),
            StreakCard(
                figure: .current, habitID: habit.id, value: spans.current, unit: spans.unit, first: spans.currentFirst,
                last: spans.currentLast, titles: titles),
            StreakCard(
                figure: .longest, habitID: habit.id, value: spans.longest, unit: spans.unit, first: spans.longestFirst,
                last: spans.longestLast, titles: titles),
        ]
        let name = [habit.emoji, habit.name].compactMap { $0 }.joined(separator: " ")
        return ScreenSection(
            id: "figures", layout: WidgetLayouts.cardFigures, header: SectionBoundary(title: name),
            items: figures.map { card in
                ScreenItem(
                    id: card.figure.rawValue, content: ItemContent(card),
                    fallback: ItemFallback(title: "\(card.value)", subtitle: "\(card.label) · \(card.dates)"),
                    actions: [openStreak(habit)])
            })
    }

    /// The colour of the habit's category, grey when it has none.
    private func categoryColor(of habit: Habit) async throws -> ScreenColor {
        let (_, categories) = try await catalogue()
        return (categories[habit.categoryID]?.color ?? Self.missingCategoryColor).screenColor
    }
}
