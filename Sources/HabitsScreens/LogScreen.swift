import CompositionalLayout
import HabitsDomain
import HabitsStore

extension ScreenName {
    /// A button per habit to log it now.
    public static let log = ScreenName(declared: "log")
}

/// Log: one tap logs a habit now.
public enum LogScreen: Screen {
    public static let name = ScreenName.log
    public static let payloads: [any ItemPayload.Type] = [LogHabitRow.self, EmptyState.self]
    public static let title = "Log"
    public static let tab: ScreenTab? = ScreenTab(title: "Log", icon: "+", order: 4)

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        try await builder.log(viewer: viewer, revision: revision)
    }
}

extension ScreenBuilder {
    func log(viewer: User, revision: String) async throws -> ScreenDocument {
        let loggedToday = try await habitsLoggedToday(viewer: viewer)
        let sections = try await catalogueSections(
            viewer: viewer, favoritesLayout: ScreenLayouts.logFavorites, categoryLayout: ScreenLayouts.logButtons,
            favoritesWideLayout: ScreenLayouts.wideLogFavorites, categoryWideLayout: ScreenLayouts.wideLogButtons
        ) { habit, row, isFavorite in
            // No timestamp: the server logs it at its own "now".
            let body: [String: ActionValue] = ["userID": .integer(viewer.id), "habitID": .integer(habit.id)]
            var actions: [ItemAction] = [
                .request(.activate, title: "Log \(habit.name)", method: "POST", path: Routes.logs.path(), body: body)
            ]
            // The same button takes back today's latest log of the habit, while there is one.
            if loggedToday.contains(habit.id) {
                actions.append(
                    .request(.menu, title: "Undo", method: "POST", path: Routes.logUndo.path(), body: body))
            }
            actions.append(favoriteToggle(viewer: viewer, habit: habit, isFavorite: isFavorite))
            return (ItemContent(LogHabitRow(row)), actions)
        }
        return ScreenDocument(
            screen: .log, title: "Log Habit", revision: revision,
            sections: sections.isEmpty ? [EmptyStates.section(id: "empty", item: EmptyStates.log)] : sections)
    }

    /// The habits the viewer logged on their today: one indexed read per habit they ever logged.
    ///
    /// - Complexity: O(h log n) for the h habits with a count for the viewer.
    private func habitsLoggedToday(viewer: User) async throws -> Set<Int64> {
        let today = viewersToday(viewer)
        var logged = Set<Int64>()
        for (habitID, count) in try await source.counts(userID: viewer.id) where count > 0 {
            let days = try await source.habitDays(userID: viewer.id, habitID: habitID, from: today, through: today)
            if days.contains(where: { $0.logCount > 0 }) { logged.insert(habitID) }
        }
        return logged
    }
}
