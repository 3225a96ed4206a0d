import HabitsDomain

/// What a screen shows while it has nothing to show: one card across the screen saying why, and the way to
/// what would fill it. A new account on a new server meets these first, so none of its screens is blank.
enum EmptyStates {
    /// A section of one empty-state card, sized to its text at every width.
    static func section(id: String, header: SectionBoundary? = nil, item: ScreenItem) -> ScreenSection {
        ScreenSection(
            id: id, layout: ScreenLayouts.headerBlock, wideLayout: ScreenLayouts.headerBlock, header: header,
            items: [item])
    }

    /// An empty-state card; its first action is what a tap on it does.
    static func item(id: String, title: String, message: String, actions: [ItemAction] = []) -> ScreenItem {
        let content = EmptyState(title: title, message: message)
        return ScreenItem(
            id: id, content: ItemContent(content), fallback: ItemFallback(title: title, subtitle: message),
            actions: actions)
    }

    /// Nothing to tick on Today: no favourite yet.
    static let today = item(
        id: "empty-today", title: "Nothing for today yet",
        message: "Favorite a habit on Habits (your own habits are there too) to tick it off here each day.",
        actions: [
            .open(title: "Browse habits", screen: .habits),
            .open(.menu, title: "Add a habit", screen: .yourHabits),
        ])

    /// No habit to log: the catalogue is empty and the viewer has none of their own.
    static let log = item(
        id: "empty-log", title: "Nothing to log yet",
        message: "Add a habit of your own under Your Habits; each habit gets a button here that logs it.",
        actions: [.open(title: "Add a habit", screen: .yourHabits)])

    /// No habit at all for the streak calendar.
    static let streak = item(
        id: "empty-streak", title: "No habit to follow yet",
        message: "Add a habit of your own, then mark the days you did it on its calendar here.",
        actions: [.open(title: "Add a habit", screen: .yourHabits)])

    /// Nobody else on the server.
    static let people = item(
        id: "empty-people", title: "No one else is here yet",
        message: "People who join this server appear here, and you can follow them to compare counts on Home.",
        actions: [.open(title: "Back to Home", screen: .home)])
}
