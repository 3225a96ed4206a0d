import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport

/// What the screen property reads back from the store after every write, and computes by brute force.
struct StoreState {
    /// Users, habits, counts (from the counters), favourites and follows, for the brute-force reads.
    var model = ScreenModel()
    var counters: [StoredCounter] = []
    var levels: [CountLevel] = []
    var follows: [StoredFollow] = []

    static func read(_ store: SQLiteHabitStore) async throws -> StoreState {
        var state = StoreState()
        for user in try await store.users(page: PageRequest(limit: PageRequest.maximumLimit)).items {
            state.model.users[user.id] = user
        }
        for habit in try await store.habits(page: PageRequest(limit: PageRequest.maximumLimit)).items {
            state.model.habits[habit.id] = habit
        }
        state.counters = try await store.storedCounters()
        for counter in state.counters {
            state.model.counts[ScreenModel.Pair(userID: counter.userID, habitID: counter.habitID)] = counter.count
        }
        state.levels = try await store.storedLevels()
        state.follows = try await store.storedFollows()
        for follow in state.follows { state.model.followed[follow.followerID, default: []].insert(follow.followedID) }
        for favorite in try await store.storedFavorites() {
            state.model.favorites[favorite.userID, default: []].insert(favorite.habitID)
        }
        return state
    }

    /// The levels recounted from the counters.
    var recountedLevels: Set<CountLevel> { Self.levels(of: counters) }

    /// The levels that `counters` make: per habit and count, how many users have that count.
    static func levels(of counters: [StoredCounter]) -> Set<CountLevel> {
        var users: [Int64: [Int: Int]] = [:]
        for counter in counters { users[counter.habitID, default: [:]][counter.count, default: 0] += 1 }
        return Set(users.flatMap { habit, levels in
            levels.map { CountLevel(habitID: habit, count: $0.key, users: $0.value) }
        })
    }
}
