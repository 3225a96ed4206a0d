import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/users/{userID}/habit-order`: the order of a user's own habits, as their account page and the
/// "Your Habits" screen show them. Only the user reads or writes it (`AccessRule`: the path's user).
struct HabitOrderController: Sendable {
    let store: any ResourceStore

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.habitOrder.routerPath, use: list)
        router.put(Routes.habitOrder.routerPath, use: reorder)
    }

    /// The user's own habits, archived ones too, first to last.
    @Sendable func list(_ request: Request, context: HabitsRequestContext) async throws -> JSON<OwnHabitList> {
        let userID = try await existingUserID(context)
        return JSON(OwnHabitList(items: try await store.ownHabits(ownerID: userID)))
    }

    /// Puts the habits named first, in that order; the user's others follow in their order.
    @Sendable func reorder(_ request: Request, context: HabitsRequestContext) async throws -> JSON<OwnHabitList> {
        let userID = try await existingUserID(context)
        let change = try await RequestBody.decode(HabitOrderChange.self, from: request)
        guard change.habitIDs.count <= HabitOrderChange.maximumCount else {
            throw HabitsError.invalid(
                field: "habitIDs", reason: "names at most \(HabitOrderChange.maximumCount) habits.")
        }
        do {
            return JSON(OwnHabitList(items: try await store.reorderHabits(ownerID: userID, habitIDs: change.habitIDs)))
        } catch HabitsError.notFound(kind: .habit, let id) {
            // Named in the body, not the path: an invalid field, whether the habit is someone else's or none.
            throw HabitsError.invalid(field: "habitIDs", reason: "habit \(id) is not one of this user's own.")
        }
    }

    /// The path's user, who must exist: an unknown user has no order to read or write (404).
    private func existingUserID(_ context: HabitsRequestContext) async throws -> Int64 {
        let userID = try RequestInput.id("userID", context)
        _ = try await store.user(id: userID)
        return userID
    }
}
