import CompositionalLayout
import HabitsDomain
import HabitsStore

extension ScreenName {
    /// One user and their habits.
    public static let user = ScreenName(declared: "user")
}

/// User: one user's header and habits (`?of=`).
public enum UserScreen: Screen {
    public static let name = ScreenName.user
    public static let payloads: [any ItemPayload.Type] = [UserHeader.self, HabitCount.self]
    public static let title = "User"
    public static let parent: ScreenName? = .users
    public static let parameters: Set<ScreenParameter> = [.user]

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        guard let userID = request.userID else { throw ScreenError.missingParameter("of") }
        return try await builder.user(id: userID, viewer: viewer, revision: revision)
    }
}

extension ScreenBuilder {
    /// The "Leading" header's colour: a light grey, as the course app's `systemGray4`.
    static var leadingColor: ScreenColor { ScreenColor(hue: 0, saturation: 0, brightness: 0.82) }

    func user(id: Int64, viewer: User, revision: String) async throws -> ScreenDocument {
        guard let user = try await source.user(id: id) else { throw ScreenError.unknownUser(String(id)) }
        var headerActions: [ItemAction] = []
        if user.id != viewer.id {
            let isFollowed = try await source.followedUsers(userID: viewer.id).contains { $0.id == user.id }
            let path = Routes.following.path(viewer.id, user.id)
            headerActions.append(
                isFollowed
                    ? .request(.menu, title: "Unfollow", method: "DELETE", path: path)
                    : .request(.menu, title: "Follow", method: "PUT", path: path))
        }
        let header = ScreenItem(
            id: "profile",
            content: ItemContent(
                UserHeader(
                    userID: user.id, name: user.name, username: user.key, bio: user.bio,
                    color: user.color?.screenColor, picture: user.picturePath)),
            fallback: ItemFallback(title: user.name, subtitle: user.bio), actions: headerActions)
        var sections = [ScreenSection(id: "profile", layout: ScreenLayouts.headerBlock, items: [header])]

        let (habits, categories) = try await catalogue()
        let counts = try await source.counts(userID: user.id)
        let logged = habits.filter { counts[$0.id] != nil }
        func row(_ habit: Habit, prefix: String) -> ScreenItem {
            let count = counts[habit.id] ?? 0
            return ScreenItem(
                id: "\(prefix)-\(habit.id)",
                content: ItemContent(
                    HabitCount(habitID: habit.id, habitName: habit.name, emoji: habit.emoji, count: count)),
                fallback: ItemFallback(title: habit.name, subtitle: "\(count)"),
                actions: [.open(title: "Open \(habit.name)", screen: .habit, parameters: ["habit": "\(habit.id)"])])
        }
        var leading: [Habit] = []
        for habit in logged where try await source.rank(habitID: habit.id, count: counts[habit.id] ?? 0) == 1 {
            leading.append(habit)
        }
        if !leading.isEmpty {
            sections.append(
                ScreenSection(
                    id: "leading", layout: ScreenLayouts.userHabitCounts,
                    header: SectionBoundary(title: "Leading", color: Self.leadingColor),
                    items: leading.map { row($0, prefix: "leading") }))
        }
        sections += categorySections(logged, categories: categories, layout: ScreenLayouts.userHabitCounts) {
            row($0, prefix: "habit")
        }
        return ScreenDocument(screen: .user, title: user.name, revision: revision, sections: sections)
    }
}
