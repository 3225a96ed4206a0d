import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport

extension ScreenModel {
    /// What the `/v1` listings say a store holds: counts are recounted from every user's logs, so a store's
    /// own counters are checked against its logs.
    static func listed(in store: any HabitStore) async throws -> ScreenModel {
        var state = ScreenModel()
        let all = PageRequest(limit: PageRequest.maximumLimit)
        for user in try await store.users(page: all).items { state.users[user.id] = user }
        for habit in try await store.habits(page: all).items { state.habits[habit.id] = habit }
        for userID in state.users.keys {
            var cursor: PageCursor?
            repeat {
                let page = try await store.logs(
                    userID: userID, in: TimeRange(), page: PageRequest(after: cursor, limit: PageRequest.maximumLimit))
                for log in page.items { state.counts[Pair(userID: userID, habitID: log.habitID), default: 0] += 1 }
                cursor = try page.nextCursor.map { try PageCursor(encoded: $0) }
            } while cursor != nil
            let favorites = try await store.favorites(userID: userID, page: all).items.map(\.id)
            if !favorites.isEmpty { state.favorites[userID] = Set(favorites) }
            let followed = try await store.following(userID: userID, page: all).items.map(\.id)
            if !followed.isEmpty { state.followed[userID] = Set(followed) }
        }
        return state
    }
}
