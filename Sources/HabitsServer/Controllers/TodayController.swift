import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `GET /v1/me/today`: the signed-in account's own active habits, then its favourites, each with its today
/// (in the account's zone, on the server's clock) and streak. What `habits today` prints.
struct TodayController: Sendable {
    let store: any ResourceStore
    let clock: @Sendable () -> Date

    /// The most favourites listed: a bound on the reads one request makes.
    static let maximumFavorites = 1_000

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.meToday.routerPath, use: today)
    }

    /// - Complexity: O(h) reads for h habits listed (their day and streak, each an indexed read).
    @Sendable func today(_ request: Request, context: HabitsRequestContext) async throws -> JSON<TodayList> {
        let userID = try context.signedInIdentity().userID
        let user = try await store.user(id: userID)
        let now = clock()
        let zone = user.zone
        let today = LocalDay(now, in: zone)
        let own = try await store.ownHabits(ownerID: userID).filter { !$0.isArchived }
            .sorted { $0.position < $1.position }
        let favorites = try await favoriteHabits(userID: userID).filter { $0.ownerID != userID && !$0.isArchived }
        var entries: [TodayList.Entry] = []
        entries.reserveCapacity(own.count + favorites.count)
        for (habit, isOwn) in own.map({ ($0, true) }) + favorites.map({ ($0, false) }) {
            let day = try await store.habitDays(userID: userID, habitID: habit.id, from: today, through: today)
                .first { $0.day == today } ?? HabitDay(day: today)
            let streak = try await store.streak(userID: userID, habitID: habit.id, now: now)
            entries.append(
                TodayList.Entry(
                    habit: habit, own: isOwn, day: day,
                    streak: ScheduledStreak(current: streak.current, longest: streak.longest, unit: streak.unit)))
        }
        return JSON(TodayList(day: today, timeZone: user.timeZone, habits: entries), noStore: true)
    }

    /// The account's favourites, page after page, up to `maximumFavorites`.
    private func favoriteHabits(userID: Int64) async throws -> [Habit] {
        var habits: [Habit] = []
        var cursor: PageCursor?
        repeat {
            let page = try await store.favorites(
                userID: userID, page: PageRequest(after: cursor, limit: PageRequest.maximumLimit))
            habits += page.items
            cursor = try page.nextCursor.map { try PageCursor(encoded: $0) }
        } while cursor != nil && habits.count < Self.maximumFavorites
        return Array(habits.prefix(Self.maximumFavorites))
    }
}
