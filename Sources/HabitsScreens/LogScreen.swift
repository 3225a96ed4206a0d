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
    public static let payloads: [any ItemPayload.Type] = [LogHabitRow.self]
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
}
