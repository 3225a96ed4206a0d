import CompositionalLayout
import HabitsDomain
import HabitsStore

extension ScreenName {
    /// One habit and everyone's count of it.
    public static let habit = ScreenName(declared: "habit")
    /// Every other user.
    public static let users = ScreenName(declared: "users")
    /// One user and their habits.
    public static let user = ScreenName(declared: "user")
}

/// Habit: one habit's header and ranking (`?habit=`).
public enum HabitScreen: Screen {
    public static let name = ScreenName.habit
    public static let payloads: [any ItemPayload.Type] = [HabitHeader.self, UserCount.self]
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

/// Users: a card per other user.
public enum UsersScreen: Screen {
    public static let name = ScreenName.users
    public static let payloads: [any ItemPayload.Type] = [UserCard.self]
    public static let title = "Users"
    public static let tab: ScreenTab? = ScreenTab(title: "Users", icon: "☺", order: 3)

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        try await builder.users(viewer: viewer, revision: revision)
    }
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

/// The habit screen, the users screen and the user screen.
extension ScreenBuilder {
    /// The "Leading" header's colour: a light grey, as the course app's `systemGray4`.
    static var leadingColor: ScreenColor { ScreenColor(hue: 0, saturation: 0, brightness: 0.82) }

    func habit(id: Int64, viewer: User, revision: String) async throws -> ScreenDocument {
        guard let habit = try await source.habit(id: id) else { throw ScreenError.unknownHabit(String(id)) }
        let category = try await source.categories().first { $0.id == habit.categoryID }
        let color = (category?.color ?? Color(hue: 0, saturation: 0, brightness: 0.5)).screenColor
        let header = ScreenItem(
            id: "about",
            content: ItemContent(
                HabitHeader(
                    name: habit.name, emoji: habit.emoji, category: category?.name ?? "", color: color,
                    description: habit.info)),
            fallback: ItemFallback(title: habit.name, subtitle: habit.info),
            actions: [.open(.menu, title: "Choose Icon", screen: .emoji, parameters: ["habit": String(habit.id)])])
        let rows = try await source.standings(habitID: habit.id, limit: nil).map { standing in
            ScreenItem(
                id: "user-\(standing.user.id)",
                content: ItemContent(
                    UserCount(
                        userID: standing.user.id, userName: standing.user.name, count: standing.count,
                        isViewer: standing.user.id == viewer.id)),
                fallback: ItemFallback(title: standing.user.name, subtitle: "\(standing.count)"),
                actions: [
                    .open(title: "Open \(standing.user.name)", screen: .user, parameters: ["of": "\(standing.user.id)"])
                ])
        }
        return ScreenDocument(
            screen: .habit, title: habit.name, revision: revision,
            sections: [
                ScreenSection(id: "about", layout: ScreenLayouts.headerBlock, items: [header]),
                ScreenSection(id: "ranking", layout: ScreenLayouts.habitRanking, items: rows),
            ])
    }

    func users(viewer: User, revision: String) async throws -> ScreenDocument {
        let followed = Set(try await source.followedUsers(userID: viewer.id).map(\.id))
        let cards = try await source.users(excluding: viewer.id).map { user in
            let isFollowed = followed.contains(user.id)
            let path = Routes.following.path(viewer.id, user.id)
            return ScreenItem(
                id: "user-\(user.id)",
                content: ItemContent(
                    UserCard(
                        userID: user.id, name: user.name, color: user.color?.screenColor, picture: user.picturePath,
                        isFollowed: isFollowed)),
                fallback: ItemFallback(title: user.name, subtitle: isFollowed ? "Following" : nil),
                actions: [
                    .open(title: "Open \(user.name)", screen: .user, parameters: ["of": "\(user.id)"]),
                    isFollowed
                        ? .request(.menu, title: "Unfollow", method: "DELETE", path: path)
                        : .request(.menu, title: "Follow", method: "PUT", path: path),
                ])
        }
        return ScreenDocument(
            screen: .users, title: "People", revision: revision,
            sections: [ScreenSection(id: "users", layout: ScreenLayouts.userGrid, items: cards)])
    }

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
                    userID: user.id, name: user.name, bio: user.bio, color: user.color?.screenColor,
                    picture: user.picturePath)),
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
