import Foundation
import HabitsDomain
import HabitsStore

extension ScreenName {
    /// One habit's month of done days, and its streak.
    public static let streak = ScreenName(declared: "streak")
}

/// The streak calendar (`?habit=`, `?month=`).
public enum StreakScreen: Screen {
    public static let name = ScreenName.streak
    public static let payloads: [any ItemPayload.Type] = [
        StreakSummaryContent.self, MonthLink.self, CalendarWeekday.self, CalendarBlank.self, CalendarDay.self,
        HabitChoice.self, FormField.self, FormSubmit.self, EmptyState.self,
    ]
    public static let title = "Streak"
    public static let tab: ScreenTab? = ScreenTab(title: "Streak", icon: "★", order: 5)
    public static let parameters: Set<ScreenParameter> = [.habit, .month]

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        try await builder.streak(viewer: viewer, habitID: request.habitID, month: request.month, revision: revision)
    }
}

/// The streak calendar: one habit's month for the viewer, each day marked or not, and the streak.
extension ScreenBuilder {
    /// - Parameters:
    ///   - habitID: the habit shown; nil: the viewer's first favourite by name, else the first habit, else
    ///     an empty state.
    ///   - month: the month shown; nil: the viewer's current month. A later month is refused.
    func streak(viewer: User, habitID: Int64?, month: LocalMonth?, revision: String) async throws
        -> ScreenDocument
    {
        let today = viewersToday(viewer)
        let month = month ?? today.month
        if month > today.month { throw ScreenError.futureMonth(month) }
        let favorites = try await source.favoriteHabitIDs(userID: viewer.id)
        let habits = try await source.habits()
        let habit: Habit
        if let habitID {
            guard let named = try await source.habit(id: habitID) else {
                throw ScreenError.unknownHabit(String(habitID))
            }
            habit = named
        } else {
            guard let first = habits.first(where: { favorites.contains($0.id) }) ?? habits.first else {
                // No habit at all, as on a new server: how to get one, rather than a refusal.
                return ScreenDocument(
                    screen: .streak, title: "Streak", revision: revision,
                    sections: [EmptyStates.section(id: "empty", item: EmptyStates.streak)])
            }
            habit = first
        }
        let names = CalendarNames(locale: viewer.locale)
        let streak = try await source.streak(userID: viewer.id, habitID: habit.id, today: today)
        let done = Set(
            try await source.doneDays(
                userID: viewer.id, habitID: habit.id, from: month.firstDay, through: month.lastDay))
        let entries = Dictionary(
            try await source.habitDays(
                userID: viewer.id, habitID: habit.id, from: month.firstDay, through: month.lastDay
            ).map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        var sections = [
            ScreenSection(
                id: "summary", layout: ScreenLayouts.streakSummary,
                items: [
                    ScreenItem(
                        id: "streak",
                        content: ItemContent(
                            StreakSummaryContent(habitID: habit.id, habitName: habit.name, streak: streak)),
                        fallback: ItemFallback(title: "\(streak.current)", subtitle: "Current Streak"))
                ]),
            monthSection(month, today: today, habit: habit, names: names),
            weekdaySection(names),
            daySection(
                month, done: done, entries: entries, today: today, viewer: viewer, habit: habit, names: names),
            choiceSection(
                habits.filter { favorites.contains($0.id) || $0.id == habit.id }, selected: habit, month: month),
        ]
        // Today's note, in the month that holds today.
        if month == today.month {
            sections.insert(
                noteSection(today: today, note: entries[today]?.note, viewer: viewer, habit: habit, month: month),
                at: sections.count - 1)
        }
        return ScreenDocument(screen: .streak, title: habit.name, revision: revision, sections: sections)
    }

    /// A note on today (`PUT` the day with `{"note": …}`; empty removes it), as a form.
    private func noteSection(today: LocalDay, note: String?, viewer: User, habit: Habit, month: LocalMonth)
        -> ScreenSection
    {
        let field = FormField(
            name: "note", label: "Note for today", kind: .text, value: note ?? "", clearable: true,
            maximumLength: HabitDay.maximumNoteLength, placeholder: "How did it go?")
        let submit = FormSubmit(
            title: "Save Note", done: "Note saved.",
            next: ScreenLinkContent(screen: .streak, parameters: ["habit": "\(habit.id)"]))
        return ScreenSection(
            id: "note", layout: ScreenLayouts.formFields, wideLayout: ScreenLayouts.wideFormFields,
            header: SectionBoundary(title: "Today's Note"),
            items: [
                ScreenItem(id: "field-note", content: ItemContent(field), fallback: ItemFallback(title: field.label)),
                ScreenItem(
                    id: "submit-note", content: ItemContent(submit), fallback: ItemFallback(title: submit.title),
                    actions: [
                        .request(
                            .activate, title: "Save Note", method: "PUT",
                            path: Routes.day.path(viewer.id, habit.id, today))
                    ]),
            ])
    }

    /// The month's name as the header, with links to the previous month and to the next while it is not
    /// after the current one.
    private func monthSection(_ month: LocalMonth, today: LocalDay, habit: Habit, names: CalendarNames)
        -> ScreenSection
    {
        var links = [(MonthLink.Direction.previous, month.previous, "Previous Month")]
        if month.next <= today.month { links.append((.next, month.next, "Next Month")) }
        let items = links.map { direction, target, title in
            ScreenItem(
                id: direction.rawValue,
                content: ItemContent(MonthLink(direction: direction, month: target, title: names.title(of: target))),
                fallback: ItemFallback(title: title, subtitle: names.title(of: target)),
                actions: [
                    .open(
                        title: title, screen: .streak,
                        parameters: ["habit": "\(habit.id)", "month": target.description])
                ])
        }
        return ScreenSection(
            id: "month", layout: ScreenLayouts.monthLinks, header: SectionBoundary(title: names.title(of: month)),
            items: items)
    }

    /// The seven column headings, from the locale's first weekday.
    func weekdaySection(_ names: CalendarNames) -> ScreenSection {
        let items = Weekday.week(startingOn: names.firstWeekday).map { day in
            let weekday = day.number
            let (symbol, name) = names.names(ofWeekday: weekday)
            return ScreenItem(
                id: "weekday-\(weekday)",
                content: ItemContent(CalendarWeekday(weekday: weekday, symbol: symbol, name: name)),
                fallback: ItemFallback(title: symbol, subtitle: name))
        }
        return ScreenSection(id: "weekdays", layout: ScreenLayouts.weekdayHeadings, items: items)
    }

    /// Blanks before the 1st so that it falls under its weekday, then every day of the month, with its
    /// skip and its note; a day up to today marks or unmarks itself, a later day does nothing.
    private func daySection(
        _ month: LocalMonth, done: Set<LocalDay>, entries: [LocalDay: HabitDay], today: LocalDay, viewer: User,
        habit: Habit, names: CalendarNames
    ) -> ScreenSection {
        var items = (0..<month.leadingBlanks(firstWeekday: names.firstWeekday)).map { index in
            ScreenItem(
                id: "blank-\(index)", content: ItemContent(CalendarBlank()), fallback: ItemFallback(title: ""))
        }
        for offset in 0..<month.length {
            let date = month.firstDay.adding(days: offset)
            let entry = entries[date]
            let isDone = done.contains(date)
            let day = CalendarDay(
                date: date, done: isDone, today: today, skipped: entry?.isSkipped == true && !isDone, note: entry?.note)
            let path = Routes.day.path(viewer.id, habit.id, date)
            var actions: [ItemAction] = []
            if !day.future {
                actions.append(
                    day.done
                        ? .request(.activate, title: "Unmark \(date)", method: "DELETE", path: path)
                        : .request(.activate, title: "Mark \(date) done", method: "PUT", path: path))
                // A day not done may be skipped (at most three a month, the server says when), and unskipped.
                if day.skipped {
                    let unskip: [String: ActionValue] = ["status": .string("unskipped")]
                    actions.append(.request(.menu, title: "Unskip", method: "PUT", path: path, body: unskip))
                } else if !day.done {
                    let skip: [String: ActionValue] = ["status": .string("skipped")]
                    actions.append(.request(.menu, title: "Skip", method: "PUT", path: path, body: skip))
                }
            }
            items.append(
                ScreenItem(
                    id: "day-\(date)", content: ItemContent(day),
                    fallback: ItemFallback(
                        title: "\(day.day)", subtitle: day.done ? "Done" : day.skipped ? "Skipped" : day.note),
                    actions: actions))
        }
        return ScreenSection(id: "days", layout: ScreenLayouts.monthGrid, items: items)
    }

    /// The habits whose calendars the viewer can switch to: their favourites, and the one shown.
    private func choiceSection(_ habits: [Habit], selected: Habit, month: LocalMonth) -> ScreenSection {
        let items = habits.map { habit in
            ScreenItem(
                id: "choice-\(habit.id)",
                content: ItemContent(
                    HabitChoice(
                        habitID: habit.id, name: habit.name, emoji: habit.emoji, selected: habit.id == selected.id)),
                fallback: ItemFallback(title: habit.name),
                actions: [
                    .open(
                        title: "Show \(habit.name)", screen: .streak,
                        parameters: ["habit": "\(habit.id)", "month": month.description])
                ])
        }
        return ScreenSection(
            id: "habits", layout: ScreenLayouts.habitChoices, header: SectionBoundary(title: "Favorites"), items: items)
    }
}
