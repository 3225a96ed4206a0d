import HabitsDomain
import HabitsStore

/// Loads the demo data set into an empty store: people, habits, history, pictures, and the active
/// user's favourites and follows, stored as `/v1` stores them.
public enum DemoContent {
    /// Replaces everything in `store` with `data`.
    public static func load(_ data: DemoDataSet, into store: any HabitStore) async throws {
        try await store.replaceAll(with: StoreContent(demo: data))
        let users = try await allPages { try await store.users(page: $0) }
        let habits = try await allPages { try await store.habits(page: $0) }
        guard let me = users.first(where: { $0.key == data.activeUserID }) else { return }
        for name in data.favoriteHabitNames {
            if let habit = habits.first(where: { $0.name == name }) {
                try await store.setFavorite(userID: me.id, habitID: habit.id, true)
            }
        }
        for key in data.followedUserIDs {
            if let user = users.first(where: { $0.key == key }) {
                try await store.setFollowing(userID: me.id, followedID: user.id, true)
            }
        }
        try await DemoProgramsAndHelpContent.load(
            data.programsAndHelp, into: store, users: users, habits: habits, me: me)
    }

    /// Every item of a paged list.
    static func allPages<Item>(
        _ fetch: (PageRequest) async throws -> Page<Item>
    ) async throws -> [Item] {
        var items: [Item] = []
        var page = PageRequest(limit: PageRequest.maximumLimit)
        while true {
            let result = try await fetch(page)
            items += result.items
            guard let cursor = result.nextCursor else { return items }
            page.after = try PageCursor(encoded: cursor)
        }
    }
}
