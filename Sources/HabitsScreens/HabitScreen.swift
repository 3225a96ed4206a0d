import CompositionalLayout
import HabitsDomain
import HabitsStore

extension ScreenName {
    /// One habit: the viewer's streaks, rates, year and notes of it, and everyone's count of it.
    public static let habit = ScreenName(declared: "habit")
}

/// Habit: one habit's header, the viewer's year of it, and its ranking (`?habit=`).
public enum HabitScreen: Screen {
    public static let name = ScreenName.habit
    public static let payloads: [any ItemPayload.Type] = [
        HabitHeader.self, HabitStat.self, YearDay.self, DayNote.self, UserCount.self,
    ]
    public static let title = "Habit"
    public static let parent: ScreenName? = .habits
    public static let parameters: Set<ScreenParameter> = [.habit]

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        guard let habitID = request.habitID else { throw ScreenError.missingParameter("habit") }
        return try await builder.habit(id: habitID, viewer: viewer, revision: revision)
    }
}

extension ScreenBuilder {
    func habit(id: Int64, viewer: User, revision: String) async throws -> ScreenDocument {
        guard let habit = try await source.habit(id: id) else { throw ScreenError.unknownHabit(String(id)) }
        let category = try await source.categories().first { $0.id == habit.categoryID }
        let color = (category?.color ?? Self.missingCategoryColor).screenColor
        // The course's habit page has a favourite button beside its icon picker.
        let isFavorite = try await source.favoriteHabitIDs(userID: viewer.id).contains(habit.id)
        let header = ScreenItem(
            id: "about",
            content: ItemContent(
                HabitHeader(
                    name: habit.name, emoji: habit.emoji, category: category?.name ?? "", color: color,
                    description: habit.info)),
            fallback: ItemFallback(title: habit.name, subtitle: habit.info),
            actions: [
                favoriteToggle(viewer: viewer, habit: habit, isFavorite: isFavorite),
                .open(.menu, title: "Choose Icon", screen: .emoji, parameters: ["habit": String(habit.id)]),
            ])
        let rows = try await source.standings(habitID: habit.id, limit: nil).map { standing in
            ScreenItem(
                id: "user-\(standing.user.id)",
                content: ItemContent(
                    UserCount(
                        userID: standing.user.id, userName: standing.user.name, username: standing.user.key,
                        count: standing.count, isViewer: standing.user.id == viewer.id)),
                fallback: ItemFallback(title: standing.user.name, subtitle: "\(standing.count)"),
                actions: [
                    .open(title: "Open \(standing.user.name)", screen: .user, parameters: ["of": "\(standing.user.id)"])
                ])
        }
        let year = try await yearSections(of: habit, viewer: viewer)
        return ScreenDocument(
            screen: .habit, title: habit.name, revision: revision,
            sections: [ScreenSection(id: "about", layout: ScreenLayouts.headerBlock, items: [header])] + year + [
                ScreenSection(id: "ranking", layout: ScreenLayouts.habitRanking, items: rows)
            ])
    }
}
