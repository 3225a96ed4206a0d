import CompositionalLayout
import HabitsDomain
import HabitsStore

extension ScreenName {
    /// Every habit by category, favourites first.
    public static let habits = ScreenName(declared: "habits")
    /// A button per habit to log it now.
    public static let log = ScreenName(declared: "log")
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

/// Log: one tap logs a habit now.
public enum LogScreen: Screen {
    public static let name = ScreenName.log
    public static let payloads: [any ItemPayload.Type] = [LogHabitRow.self]
    public static let title = "Log"
    public static let tab: ScreenTab? = ScreenTab(title: "Log", icon: "+", order: 4)

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        try await builder.log(viewer: viewer, revision: revision)
    }
}

/// The habits screen and the log screen: favourites first, then one section per category by name.
extension ScreenBuilder {
    /// The favourites header's colour in the course app.
    static var favoritesColor: ScreenColor { ScreenColor(hue: 0.15, saturation: 1, brightness: 0.9) }

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

    func log(viewer: User, revision: String) async throws -> ScreenDocument {
        let sections = try await catalogueSections(
            viewer: viewer, favoritesLayout: ScreenLayouts.logFavorites, categoryLayout: ScreenLayouts.logButtons
        ) { habit, row, isFavorite in
            // No timestamp: the server logs it at its own "now".
            let body: [String: ActionValue] = ["userID": .integer(viewer.id), "habitID": .integer(habit.id)]
            return (
                ItemContent(LogHabitRow(row)),
                [
                    .request(
                        .activate, title: "Log \(habit.name)", method: "POST", path: Routes.logs.path(), body: body),
                    favoriteToggle(viewer: viewer, habit: habit, isFavorite: isFavorite),
                ]
            )
        }
        return ScreenDocument(screen: .log, title: "Log Habit", revision: revision, sections: sections)
    }

    /// The context-menu entry that favourites or unfavourites a habit.
    func favoriteToggle(viewer: User, habit: Habit, isFavorite: Bool) -> ItemAction {
        let path = Routes.favorite.path(viewer.id, habit.id)
        return isFavorite
            ? .request(.menu, title: "Unfavorite", method: "DELETE", path: path)
            : .request(.menu, title: "Favorite", method: "PUT", path: path)
    }

    /// A "Favorites" section when the viewer has favourites, then a section per category with habits.
    private func catalogueSections(
        viewer: User, favoritesLayout: LayoutSection, categoryLayout: LayoutSection,
        item: (Habit, HabitRow, Bool) -> (ItemContent, [ItemAction])
    ) async throws -> [ScreenSection] {
        let (habits, categories) = try await catalogue()
        let favorites = try await source.favoriteHabitIDs(userID: viewer.id)
        func screenItem(_ habit: Habit, prefix: String) -> ScreenItem? {
            guard let category = categories[habit.categoryID] else { return nil }
            let isFavorite = favorites.contains(habit.id)
            let row = HabitRow(
                habitID: habit.id, name: habit.name, emoji: habit.emoji, category: category.name,
                color: category.color.screenColor, isFavorite: isFavorite)
            let (content, actions) = item(habit, row, isFavorite)
            return ScreenItem(
                id: "\(prefix)-\(habit.id)", content: content,
                fallback: ItemFallback(title: habit.name, subtitle: category.name), actions: actions)
        }
        var sections: [ScreenSection] = []
        let favoriteItems = habits.filter { favorites.contains($0.id) }.compactMap {
            screenItem($0, prefix: "favorite")
        }
        if !favoriteItems.isEmpty {
            sections.append(
                ScreenSection(
                    id: "favorites", layout: favoritesLayout,
                    header: SectionBoundary(title: "Favorites", color: Self.favoritesColor), items: favoriteItems))
        }
        sections += categorySections(habits, categories: categories, layout: categoryLayout) {
            screenItem($0, prefix: "habit")
        }
        return sections
    }
}
