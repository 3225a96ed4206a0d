/// How many times one user logged one habit: the counter the store keeps beside every log.
public struct PairCount: Hashable, Sendable {
    public var userID: String
    public var habitName: String
    public var count: Int

    public init(userID: String, habitName: String, count: Int) {
        self.userID = userID
        self.habitName = habitName
        self.count = count
    }
}

/// Users, habits and counters read at one revision; every statistics response is computed from it.
///
/// Building costs O(U + H + P) for U users, H habits and P non-zero pairs; each query is linear in
/// what it returns, so both halves of `/combinedStats` always agree.
public struct StatisticsSnapshot: Sendable {
    /// The data revision this snapshot was read at; it grows with every write.
    public let revision: Int64
    /// All users, ordered by id.
    public let users: [CourseAPI.User]
    /// All habits, ordered by name.
    public let habits: [CourseAPI.Habit]

    private let userIndex: [String: Int]
    private let habitIndex: [String: Int]
    private let countsByUser: [[(habit: Int, count: Int)]]
    private let countsByHabit: [[(user: Int, count: Int)]]
    private let pairCounts: [Int: Int]

    /// Builds the snapshot; pairs naming an unknown user or habit, or with a count below 1, are ignored.
    public init(revision: Int64, users: [CourseAPI.User], habits: [CourseAPI.Habit], counts: [PairCount]) {
        self.revision = revision
        self.users = users.sorted { $0.id < $1.id }
        self.habits = habits.sorted { $0.name < $1.name }
        var userIndex = [String: Int](minimumCapacity: users.count)
        for (index, user) in self.users.enumerated() { userIndex[user.id] = index }
        var habitIndex = [String: Int](minimumCapacity: habits.count)
        for (index, habit) in self.habits.enumerated() { habitIndex[habit.name] = index }

        // Merge repeated pairs so the two halves can never disagree.
        var merged = [Int: Int](minimumCapacity: counts.count)
        let habitCount = self.habits.count
        for pair in counts where pair.count > 0 {
            guard let u = userIndex[pair.userID], let h = habitIndex[pair.habitName] else { continue }
            merged[u * habitCount + h, default: 0] += pair.count
        }
        var byUser = Array(repeating: [(habit: Int, count: Int)](), count: self.users.count)
        var byHabit = Array(repeating: [(user: Int, count: Int)](), count: habitCount)
        for (key, count) in merged {
            let (u, h) = key.quotientAndRemainder(dividingBy: habitCount)
            byUser[u].append((h, count))
            byHabit[h].append((u, count))
        }
        for i in byUser.indices { byUser[i].sort { $0.habit < $1.habit } }
        for i in byHabit.indices {
            byHabit[i].sort { $0.count != $1.count ? $0.count > $1.count : $0.user < $1.user }
        }
        self.userIndex = userIndex
        self.habitIndex = habitIndex
        self.countsByUser = byUser
        self.countsByHabit = byHabit
        self.pairCounts = merged
    }

    /// The count of one (user, habit) pair, 0 when never logged or unknown.
    public func count(userID: String, habitName: String) -> Int {
        guard let u = userIndex[userID], let h = habitIndex[habitName] else { return 0 }
        return pairCounts[u * habits.count + h] ?? 0
    }

    /// The user with this id, if any.
    public func user(id: String) -> CourseAPI.User? { userIndex[id].map { users[$0] } }

    /// The habit with this name, if any.
    public func habit(named name: String) -> CourseAPI.Habit? { habitIndex[name].map { habits[$0] } }

    /// Both halves, every user and every habit, from this one snapshot.
    public func combined() -> CourseAPI.CombinedStatistics {
        CourseAPI.CombinedStatistics(
            userStatistics: users.indices.map(userStatistics(at:)),
            habitStatistics: habits.indices.map(habitStatistics(at:))
        )
    }

    /// Statistics of the named habits in the order asked (repeats dropped), or of all habits when `names` is nil.
    /// - Throws: `HabitsError.notFound` naming the first unknown habit.
    public func habitStatistics(names: [String]?) throws(HabitsError) -> [CourseAPI.HabitStatistics] {
        guard let names else { return habits.indices.map(habitStatistics(at:)) }
        var seen = Set<String>()
        var result: [CourseAPI.HabitStatistics] = []
        for name in names where seen.insert(name).inserted {
            guard let index = habitIndex[name] else { throw .notFound(kind: .habit, id: name) }
            result.append(habitStatistics(at: index))
        }
        return result
    }

    /// Statistics of the given users in the order asked (repeats dropped), or of all users when `ids` is nil.
    /// - Throws: `HabitsError.notFound` naming the first unknown user.
    public func userStatistics(ids: [String]?) throws(HabitsError) -> [CourseAPI.UserStatistics] {
        guard let ids else { return users.indices.map(userStatistics(at:)) }
        var seen = Set<String>()
        var result: [CourseAPI.UserStatistics] = []
        for id in ids where seen.insert(id).inserted {
            guard let index = userIndex[id] else { throw .notFound(kind: .user, id: id) }
            result.append(userStatistics(at: index))
        }
        return result
    }

    /// The habits in which this user has the highest count (ties all lead); empty when they lead nothing.
    /// - Throws: `HabitsError.notFound` for an unknown user.
    public func leadingStatistics(userID: String) throws(HabitsError) -> CourseAPI.UserStatistics {
        guard let u = userIndex[userID] else { throw .notFound(kind: .user, id: userID) }
        let leading = countsByUser[u].filter { pair in
            // countsByHabit is sorted by count, so its first entry holds the highest count.
            pair.count >= (countsByHabit[pair.habit].first?.count ?? 0)
        }
        return CourseAPI.UserStatistics(
            user: users[u],
            habitCounts: leading.map { CourseAPI.HabitCount(habit: habits[$0.habit], count: $0.count) }
        )
    }

    private func userStatistics(at index: Int) -> CourseAPI.UserStatistics {
        CourseAPI.UserStatistics(
            user: users[index],
            habitCounts: countsByUser[index].map { CourseAPI.HabitCount(habit: habits[$0.habit], count: $0.count) }
        )
    }

    private func habitStatistics(at index: Int) -> CourseAPI.HabitStatistics {
        CourseAPI.HabitStatistics(
            habit: habits[index],
            userCounts: countsByHabit[index].map { CourseAPI.UserCount(user: users[$0.user], count: $0.count) }
        )
    }
}
