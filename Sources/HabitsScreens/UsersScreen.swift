import CompositionalLayout
import HabitsDomain
import HabitsStore

extension ScreenName {
    /// Every other user.
    public static let users = ScreenName(declared: "users")
}

/// Users: a card per other user.
public enum UsersScreen: Screen {
    public static let name = ScreenName.users
    public static let payloads: [any ItemPayload.Type] = [UserCard.self, EmptyState.self]
    public static let title = "Users"
    public static let tab: ScreenTab? = ScreenTab(title: "Users", icon: "☺", order: 3)

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        try await builder.users(viewer: viewer, revision: revision)
    }
}

extension ScreenBuilder {
    func users(viewer: User, revision: String) async throws -> ScreenDocument {
        let followed = Set(try await source.followedUsers(userID: viewer.id).map(\.id))
        let cards = try await source.users(excluding: viewer.id).map { user in
            let isFollowed = followed.contains(user.id)
            let path = Routes.following.path(viewer.id, user.id)
            return ScreenItem(
                id: "user-\(user.id)",
                content: ItemContent(
                    UserCard(
                        userID: user.id, name: user.name, username: user.key, color: user.color?.screenColor,
                        picture: user.picturePath, isFollowed: isFollowed)),
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
            sections: [
                cards.isEmpty
                    ? EmptyStates.section(id: "users", item: EmptyStates.people)
                    : ScreenSection(
                        id: "users", layout: ScreenLayouts.userGrid, wideLayout: ScreenLayouts.wideUserGrid,
                        items: cards)
            ])
    }
}
