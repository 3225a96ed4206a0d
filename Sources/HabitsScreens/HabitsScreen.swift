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
    public static let payloads: [any ItemPayload.Type] = [HabitRow.self]
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
        return ScreenDocument(screen: .habits, title: "Habits", revision: revision, sections: sections)
    }
}
