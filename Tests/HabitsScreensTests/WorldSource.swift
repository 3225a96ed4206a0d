import HabitsDomain
import HabitsStore
import HabitsTestSupport

/// A `ScreenSource` over plain values that answers by brute force: the oracle the screen tests build on.
/// The real store's indexed answers are checked against the same brute force in the store's tests.
struct WorldSource: ScreenSource {
    var revision: Int64 = 1
    var users: [Int64: User] = [:]
    var categoryList: [Category] = []
    var habitList: [Habit] = []
    var favorites: [Int64: Set<Int64>] = [:]
    var follows: [Int64: Set<Int64>] = [:]
    /// counts[user][habit]
    var countTable: [Int64: [Int64: Int]] = [:]
    /// days[user][habit]: done day numbers, each one of the pair's logs, so counted in `countTable`.
    var dayTable: [Int64: [Int64: Set<Int>]] = [:]
    /// notes[user][habit][day number]: a note on a day, done or not.
    var notes: [Int64: [Int64: [Int: String]]] = [:]
    var programList: [Program] = []
    /// joined[user]: the programs the user joined.
    var joined: [Int64: Set<Int64>] = [:]
    /// ratings[user][program]: stars.
    var ratings: [Int64: [Int64: Int]] = [:]
    var tagList: [HelpTag] = []
    var questionList: [Question] = []
    var recents: [Int64: [String]] = [:]

    mutating func addUser(_ id: Int64, _ name: String, key: String? = nil) {
        users[id] = User(
            id: id, key: key ?? "u\(id)", name: name, color: nil, bio: nil, timeZone: "UTC", locale: "en_US")
    }

    mutating func addHabit(_ id: Int64, _ name: String, categoryID: Int64 = 1) {
        if !categoryList.contains(where: { $0.id == categoryID }) {
            categoryList.append(
                Category(
                    id: categoryID, name: "Category \(categoryID)",
                    color: Color(hue: 0.1 * Double(categoryID), saturation: 0.5, brightness: 0.8)))
        }
        habitList.append(Habit(id: id, name: name, categoryID: categoryID, info: "About \(name)", emoji: nil))
    }

    /// Sets a count; never below the pair's done days, each of which is a log.
    mutating func setCount(user: Int64, habit: Int64, _ count: Int) {
        let floor = dayTable[user]?[habit]?.count ?? 0
        let count = max(count, floor)
        countTable[user, default: [:]][habit] = count > 0 ? count : nil
    }

    /// Marks a day done with one log, as the store does when the day had none.
    mutating func mark(user: Int64, habit: Int64, day: LocalDay) {
        guard dayTable[user, default: [:]][habit, default: []].insert(day.number).inserted else { return }
        countTable[user, default: [:]][habit, default: 0] += 1
    }

    /// Unmarks a day, removing its one log.
    mutating func unmark(user: Int64, habit: Int64, day: LocalDay) {
        guard dayTable[user]?[habit]?.remove(day.number) != nil else { return }
        let count = (countTable[user]?[habit] ?? 1) - 1
        countTable[user, default: [:]][habit] = count > 0 ? count : nil
    }

    func user(id: Int64) throws -> User? { users[id] }
    func user(key: String) throws -> User? { users.values.first { $0.key == key } }

    func users(excluding excludedID: Int64?) throws -> [User] {
        users.values.filter { $0.id != excludedID }.sorted { ($0.name, $0.key) < ($1.name, $1.key) }
    }

    func categories() throws -> [Category] { categoryList.sorted { $0.name < $1.name } }
    func habits() throws -> [Habit] { habitList.sorted { $0.name < $1.name } }
    func habit(id: Int64) throws -> Habit? { habitList.first { $0.id == id } }
    func favoriteHabitIDs(userID: Int64) throws -> Set<Int64> { favorites[userID] ?? [] }

    func followedUsers(userID: Int64) throws -> [User] {
        (follows[userID] ?? []).compactMap { users[$0] }.sorted { ($0.name, $0.key) < ($1.name, $1.key) }
    }

    func counts(userID: Int64) throws -> [Int64: Int] { countTable[userID] ?? [:] }

    func standings(habitID: Int64, limit: Int?) throws -> [Standing] {
        let all = countTable.compactMap { userID, counts -> Standing? in
            guard let count = counts[habitID], count > 0, let user = users[userID] else { return nil }
            return Standing(user: user, count: count)
        }.sorted { ($1.count, $0.user.name, $0.user.key) < ($0.count, $1.user.name, $1.user.key) }
        return limit.map { Array(all.prefix($0)) } ?? all
    }

    func position(habitID: Int64, count: Int) throws -> RankPosition {
        let all = countTable.values.compactMap { $0[habitID] }
        return RankPosition(rank: 1 + all.filter { $0 > count }.count, usersWithCount: all.filter { $0 == count }.count)
    }

    /// The world keeps no skips: its days are the done days, one log each, and the days with notes.
    func habitDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) throws
        -> [HabitDay]
    {
        let done = Set(dayTable[userID]?[habitID] ?? [])
        let noted = notes[userID]?[habitID] ?? [:]
        return done.union(noted.keys).filter { (first.number...last.number).contains($0) }.sorted().map {
            HabitDay(day: LocalDay(number: $0), logCount: done.contains($0) ? 1 : 0, note: noted[$0])
        }
    }

    func doneDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) throws -> [LocalDay] {
        (dayTable[userID]?[habitID] ?? []).filter { (first.number...last.number).contains($0) }.sorted()
            .map(LocalDay.init(number:))
    }

    func streak(userID: Int64, habitID: Int64, today: LocalDay) throws -> StreakSummary {
        let (current, longest, todayDone) = BruteForceStreak.of(dayTable[userID]?[habitID] ?? [], today: today.number)
        return StreakSummary(current: current, longest: longest, today: today, todayDone: todayDone)
    }
}
