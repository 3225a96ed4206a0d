import CompositionalLayout
import HabitsDomain
import HabitsStore

/// What the habits screen and the log screen share: favourites first, then one section per category
/// by name.
extension ScreenBuilder {
    /// The favourites header's colour in the course app.
    static var favoritesColor: ScreenColor { ScreenColor(hue: 0.15, saturation: 1, brightness: 0.9) }

    /// The context-menu entry that favourites or unfavourites a habit.
    func favoriteToggle(viewer: User, habit: Habit, isFavorite: Bool) -> ItemAction {
        let path = Routes.favorite.path(viewer.id, habit.id)
        return isFavorite
            ? .request(.menu, title: "Unfavorite", method: "DELETE", path: path)
            : .request(.menu, title: "Favorite", method: "PUT", path: path)
    }

    /// A "Favorites" section when the viewer has favourites, then a section per category with habits.
    func catalogueSections(
        viewer: User, favoritesLayout: LayoutSection, categoryLayout: LayoutSection,
        favoritesWideLayout: LayoutSection? = nil, categoryWideLayout: LayoutSection? = nil,
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
                    id: "favorites", layout: favoritesLayout, wideLayout: favoritesWideLayout,
                    header: SectionBoundary(title: "Favorites", color: Self.favoritesColor), items: favoriteItems))
        }
        sections += categorySections(
            habits, categories: categories, layout: categoryLayout, wideLayout: categoryWideLayout
        ) {
            screenItem($0, prefix: "habit")
        }
        return sections
    }
}
