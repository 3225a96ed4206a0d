import CompositionalLayout
import HabitsDomain
import HabitsStore

/// A habit's page, below its header: the viewer's streaks, completion rates over 30, 90 and 365 days, a
/// year heatmap and the year's notes.
extension ScreenBuilder {
    /// The notes a page lists at most, newest first; older ones stay on the calendar.
    static var notesShown: Int { 30 }

    /// The sections of the viewer's year of `habit`, from one read of its days.
    ///
    /// - Complexity: O(*d*) for the *d* days of the year with anything on them, beside the reads.
    func yearSections(of habit: Habit, viewer: User) async throws -> [ScreenSection] {
        let today = viewersToday(viewer)
        let names = CalendarNames(locale: viewer.locale)
        let counter = StreakCounter(schedule: habit.schedule, today: today, firstWeekday: names.firstWeekday)
        // 53 columns of weeks: the week of the day a year ago through today's.
        let start = counter.weekStart(of: today.adding(days: -364))
        let days = try await source.habitDays(userID: viewer.id, habitID: habit.id, from: start, through: today)
        let streak = try await source.streak(userID: viewer.id, habitID: habit.id, today: today)
        let rates = CompletionRate.rates(of: days, schedule: habit.schedule, today: today)
        var sections = [
            streakSection(streak, habit: habit),
            rateSection(rates),
            heatmapSection(days, from: start, today: today, habit: habit),
        ]
        let noted = Array(days.reversed().lazy.filter { $0.note != nil }.prefix(Self.notesShown))
        if !noted.isEmpty {
            let titles = names.dayTitles()
            let notes = noted.compactMap { record in
                record.note.map { DayNote(date: record.day, title: titles.title(of: record.day), note: $0) }
            }
            let items = notes.map { note in
                ScreenItem(
                    id: "note-\(note.date)", content: ItemContent(note),
                    fallback: ItemFallback(title: note.title, subtitle: note.note))
            }
            sections.append(
                ScreenSection(
                    id: "notes", layout: ScreenLayouts.dayNotes, header: SectionBoundary(title: "Notes"),
                    items: items))
        }
        return sections
    }

    private func streakSection(_ streak: StreakSummary, habit: Habit) -> ScreenSection {
        let unit = streak.unit == .weeks ? "week" : "day"
        let figures = [("current", "Current Streak", streak.current), ("longest", "Longest Streak", streak.longest)]
        let items = figures.map { id, label, count in
            let value = "\(count) \(unit)\(count == 1 ? "" : "s")"
            return ScreenItem(
                id: id, content: ItemContent(HabitStat(label: label, value: value)),
                fallback: ItemFallback(title: value, subtitle: label),
                actions: [.open(title: "Open the calendar", screen: .streak, parameters: ["habit": "\(habit.id)"])])
        }
        return ScreenSection(id: "streak", layout: ScreenLayouts.habitStats(perRow: 2), items: items)
    }

    private func rateSection(_ rates: [CompletionRate]) -> ScreenSection {
        let items = rates.map { rate in
            let label = "Last \(rate.days) Days"
            let value = rate.percent.map { "\($0)%" } ?? "—"
            let detail = rate.expected == 0 ? "Nothing asked yet" : "\(rate.done) of \(rate.expected) days"
            return ScreenItem(
                id: "rate-\(rate.days)", content: ItemContent(HabitStat(label: label, value: value, detail: detail)),
                fallback: ItemFallback(title: value, subtitle: label))
        }
        return ScreenSection(
            id: "rates", layout: ScreenLayouts.habitStats(perRow: 3),
            header: SectionBoundary(title: "Completion"), items: items)
    }

    /// A column per week, oldest first, each day under its weekday, through today.
    private func heatmapSection(
        _ days: [HabitDay], from start: LocalDay, today: LocalDay, habit: Habit
    ) -> ScreenSection {
        let byDay = Dictionary(days.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        let items = (0...(today.number - start.number)).map { offset in
            let date = start.adding(days: offset)
            let cell = YearDay(record: byDay[date], date: date, schedule: habit.schedule, today: today)
            let state = cell.done ? "done" : cell.skipped ? "skipped" : cell.level > 0 ? "partly done" : nil
            return ScreenItem(
                id: "day-\(date)", content: ItemContent(cell),
                fallback: ItemFallback(title: date.description, subtitle: state))
        }
        return ScreenSection(
            id: "year", layout: ScreenLayouts.heatmap, header: SectionBoundary(title: "Last 12 Months"), items: items)
    }
}

extension ScreenLayouts {
    /// Figures side by side, `perRow` equal tiles to a row.
    static func habitStats(perRow: Int) -> LayoutSection {
        let tile = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        var row = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(76)),
            repeatingSubitem: .item(tile), count: perRow)
        row.interItemSpacing = .fixed(10)
        return LayoutSection(
            group: row, contentInsets: EdgeInsets(top: 8, leading: 20, bottom: 12, trailing: 20),
            boundarySupplementaryItems: perRow == 3 ? [header(height: 36)] : [])
    }

    /// The year heatmap: a column of seven small squares per week, scrolling sideways.
    static let heatmap: LayoutSection = {
        let square = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(13)))
        var week = LayoutGroup.vertical(
            layoutSize: LayoutSize(widthDimension: .absolute(13), heightDimension: .absolute(7 * 13 + 6 * 3)),
            repeatingSubitem: .item(square), count: 7)
        week.interItemSpacing = .fixed(3)
        return LayoutSection(
            group: week, contentInsets: EdgeInsets(top: 8, leading: 20, bottom: 20, trailing: 20),
            interGroupSpacing: 3, orthogonalScrollingBehavior: .continuous,
            boundarySupplementaryItems: [header(height: 36)])
    }()

    /// The year's notes: full-width rows sized to their text.
    static let dayNotes: LayoutSection = {
        let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(56))
        let row = LayoutGroup.horizontal(layoutSize: size, subitems: [.item(LayoutItem(layoutSize: size))])
        return LayoutSection(
            group: row, contentInsets: EdgeInsets(top: 0, leading: 20, bottom: 20, trailing: 20),
            interGroupSpacing: 8, boundarySupplementaryItems: [header(height: 36)])
    }()
}
