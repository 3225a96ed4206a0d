import CompositionalLayout
import HabitsDomain
import HabitsStore

extension ScreenName {
    /// Every habit by category, favourites first.
    public static let habits = ScreenName(declared: "habits")
}

/// Habits: every habit to open or favourite.
public enum HabitsScreen: Screen {
    public static let name = ScreenName.habits
    public static let payloads: [any ItemPayload.Type] = [HabitRow.self, EmptyState.self]
    public static let title = "Habits"
    public static let tab: ScreenTab? = ScreenTab(title: "Habits", icon: "☰", order: 2)

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        try await builder.habits(viewer: viewer, revision: revision)
    }
}

extension ScreenBuilder {
    func habits(viewer: User, revision: String) async throws -> ScreenDocument {
        let sections = try await catalogueSections(
            viewer: viewer, favoritesLayout: ScreenLayouts.habitList, categoryLayout: ScreenLayouts.habitList
        ) {
            habit, row, isFavorite in
            (
                ItemContent(row),
                [
                    .open(title: "Open \(habit.name)", screen: .habit, parameters: ["habit": "\(habit.id)"]),
                    favoriteToggle(viewer: viewer, habit: habit, isFavorite: isFavorite),
                ]
            )
        }
        // The way to habits of one's own, above the catalogue.
        let yours = EmptyState(
            title: "Your Habits", message: "Add a habit of your own, with its schedule and reminder.")
        let entry = ScreenItem(
            id: "your-habits", content: ItemContent(yours),
            fallback: ItemFallback(title: yours.title, subtitle: yours.message),
            actions: [.open(title: "Open Your Habits", screen: .yourHabits)])
        return ScreenDocument(
            screen: .habits, title: "Habits", revision: revision,
            sections: [ScreenSection(id: "yours", layout: ScreenLayouts.headerBlock, items: [entry])] + sections)
    }
}
