import Foundation
import HabitsDomain
import HabitsStore

extension ScreenName {
    /// The viewer's favourite habits with today's state: one tap marks today done.
    public static let today = ScreenName(declared: "today")
}

/// Today: a row per favourite habit, by name, saying whether today is done and how long the streak is;
/// a tap marks today done (or undoes it) through the days route, so a second tap never logs twice.
public enum TodayScreen: Screen {
    public static let name = ScreenName.today
    public static let payloads: [any ItemPayload.Type] = [TodayHabit.self, EmptyState.self]
    public static let title = "Today"
    public static let tab: ScreenTab? = ScreenTab(title: "Today", icon: "✓", order: 1)

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        try await builder.today(viewer: viewer, revision: revision)
    }
}

/// `todayHabit`: a favourite habit, whether the viewer did it today, and their streak.
public struct TodayHabit: ItemPayload {
    public var habitID: Int64
    public var habitName: String
    public var emoji: String?
    public var color: ScreenColor
    /// Whether the viewer's today is done.
    public var done: Bool
    /// The run of done days ending today, or yesterday while today is not done yet.
    public var streak: Int
    /// The state in words: "Done today · 4-day streak", "Not yet today · 3-day streak", "Not yet today".
    public var caption: String

    public init(habitID: Int64, habitName: String, emoji: String?, color: ScreenColor, done: Bool, streak: Int) {
        self.habitID = habitID
        self.habitName = habitName
        self.emoji = emoji
        self.color = color
        self.done = done
        self.streak = streak
        let state = done ? "Done today" : "Not yet today"
        caption = streak > 0 ? "\(state) · \(streak)-day streak" : state
    }
}

extension ScreenBuilder {
    /// - Complexity: O(h + f log r) for h habits and the viewer's f favourites with r runs each.
    func today(viewer: User, revision: String) async throws -> ScreenDocument {
        // At the viewer's midnight every row's "today" changes without a write.
        let today = viewersToday(viewer)
        let (habits, categories) = try await catalogue()
        let favorites = try await source.favoriteHabitIDs(userID: viewer.id)
        var items: [ScreenItem] = []
        for habit in habits where favorites.contains(habit.id) {
            let streak = try await source.streak(userID: viewer.id, habitID: habit.id, today: today)
            let color = categories[habit.categoryID]?.color ?? Self.missingCategoryColor
            let row = TodayHabit(
                habitID: habit.id, habitName: habit.name, emoji: habit.emoji, color: color.screenColor,
                done: streak.todayDone, streak: streak.current)
            let path = Routes.day.path(viewer.id, habit.id, today)
            items.append(
                ScreenItem(
                    id: "habit-\(habit.id)", content: ItemContent(row),
                    fallback: ItemFallback(title: habit.name, subtitle: row.caption),
                    actions: [
                        row.done
                            ? .request(.activate, title: "Undo \(habit.name) today", method: "DELETE", path: path)
                            : .request(.activate, title: "Mark \(habit.name) done today", method: "PUT", path: path),
                        .open(.menu, title: "Open Streak", screen: .streak, parameters: ["habit": String(habit.id)]),
                    ]))
        }
        let section =
            items.isEmpty
            ? EmptyStates.section(id: "today", item: EmptyStates.today)
            : ScreenSection(
                id: "today", layout: ScreenLayouts.habitList, header: SectionBoundary(title: "Favorites"), items: items)
        return ScreenDocument(screen: .today, title: "Today", revision: revision, sections: [section])
    }
}

extension TodayHabit {
    public static let type = "todayHabit"
    public var heapBytes: Int { heapSum(habitName, emoji, caption) }
}
