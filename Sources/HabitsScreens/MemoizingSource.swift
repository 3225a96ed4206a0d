import HabitsDomain
import HabitsStore

/// A `ScreenSource` that answers each distinct question once: for building many screens in one read
/// transaction, where viewers share habits, rankings and followed people.
///
/// Valid only for the transaction of its base: every answer is kept until it goes away.
public final class MemoizingSource: ScreenSource {
    private let base: any ScreenSource
    private var usersByID: [Int64: User?] = [:]
    private var usersByKey: [String: User?] = [:]
    private var userLists: [Int64?: [User]] = [:]
    private var categoryList: [Category]?
    private var habitList: [Habit]?
    private var habitsByID: [Int64: Habit?] = [:]
    private var favorites: [Int64: Set<Int64>] = [:]
    private var followed: [Int64: [User]] = [:]
    private var countTables: [Int64: [Int64: Int]] = [:]
    private var loggedHabits: [Int64: Set<Int64>] = [:]
    private var standingLists: [StandingsKey: [Standing]] = [:]
    private var positions: [RankedCount: RankPosition] = [:]
    private var pairCounts: [PairKey: Int] = [:]
    private var featured: Program??
    private var programLists: [Int64: [Program]] = [:]
    private var tagList: [HelpTag]?

    private struct PairKey: Hashable {
        var userID: Int64
        var habitID: Int64
    }

    private struct StandingsKey: Hashable {
        var habitID: Int64
        var limit: Int?
    }

    public init(_ base: any ScreenSource) {
        self.base = base
    }

    public var revision: Int64 { base.revision }

    /// Reads ahead, in one `viewerReads` of the base, what the viewers' Homes ask first (the viewer, its
    /// favourites, follows and counts, and the followed users' counts when the base reads them too), for the
    /// viewers not yet asked about; later reads find the answers.
    func prefetch(viewers: [Int64]) async throws {
        let missing = viewers.filter {
            usersByID[$0] == nil || favorites[$0] == nil || followed[$0] == nil || countTables[$0] == nil
        }
        guard !missing.isEmpty else { return }
        for (id, reads) in try await base.viewerReads(userIDs: missing) {
            usersByID[id] = .some(reads.user)
            favorites[id] = reads.favoriteHabitIDs
            followed[id] = reads.followedUsers
            countTables[id] = reads.counts
            for (followedID, counts) in reads.followedCounts where countTables[followedID] == nil {
                countTables[followedID] = counts
            }
        }
    }

    /// Reads ahead, in one `counts(userIDs:)` of the base, the counts of the users not yet asked about.
    func prefetchCounts(userIDs: Set<Int64>) async throws {
        let missing = userIDs.filter { countTables[$0] == nil }
        guard !missing.isEmpty else { return }
        for (id, counts) in try await base.counts(userIDs: Array(missing)) { countTables[id] = counts }
    }

    /// Reads ahead, in one `standingsAndPositions` of the base, the first `limit` standings of the habits and
    /// the positions not yet asked about.
    func prefetchStandingsAndPositions(
        habitIDs: Set<Int64>, limit: Int, positions counts: Set<RankedCount>
    ) async throws {
        let missingHabits = habitIDs.filter { standingLists[StandingsKey(habitID: $0, limit: limit)] == nil }
        let missingCounts = counts.filter { positions[$0] == nil }
        guard !missingHabits.isEmpty || !missingCounts.isEmpty else { return }
        let (standings, found) = try await base.standingsAndPositions(
            habitIDs: Array(missingHabits), limit: limit, positions: Array(missingCounts))
        for (id, list) in standings { standingLists[StandingsKey(habitID: id, limit: limit)] = list }
        for (key, position) in found { positions[key] = position }
    }

    public var readsAheadInBatches: Bool { base.readsAheadInBatches }

    public func user(id: Int64) async throws -> User? {
        if let known = usersByID[id] { return known }
        let user = try await base.user(id: id)
        usersByID[id] = user
        return user
    }

    public func user(key: String) async throws -> User? {
        if let known = usersByKey[key] { return known }
        let user = try await base.user(key: key)
        usersByKey[key] = user
        return user
    }

    public func users(excluding excludedID: Int64?) async throws -> [User] {
        if let known = userLists[excludedID] { return known }
        let users = try await base.users(excluding: excludedID)
        userLists[excludedID] = users
        return users
    }

    public func categories() async throws -> [Category] {
        if let categoryList { return categoryList }
        let categories = try await base.categories()
        categoryList = categories
        return categories
    }

    public func habits() async throws -> [Habit] {
        if let habitList { return habitList }
        let habits = try await base.habits()
        habitList = habits
        return habits
    }

    public func habit(id: Int64) async throws -> Habit? {
        if let known = habitsByID[id] { return known }
        let habit = try await base.habit(id: id)
        habitsByID[id] = habit
        return habit
    }

    public func favoriteHabitIDs(userID: Int64) async throws -> Set<Int64> {
        if let known = favorites[userID] { return known }
        let ids = try await base.favoriteHabitIDs(userID: userID)
        favorites[userID] = ids
        return ids
    }

    public func followedUsers(userID: Int64) async throws -> [User] {
        if let known = followed[userID] { return known }
        let users = try await base.followedUsers(userID: userID)
        followed[userID] = users
        return users
    }

    public func counts(userID: Int64) async throws -> [Int64: Int] {
        if let known = countTables[userID] { return known }
        let counts = try await base.counts(userID: userID)
        countTables[userID] = counts
        return counts
    }

    public func loggedHabitIDs(userID: Int64) async throws -> Set<Int64> {
        if let known = loggedHabits[userID] { return known }
        let ids: Set<Int64>
        if let counts = countTables[userID] {
            ids = Set(counts.keys)
        } else {
            ids = try await base.loggedHabitIDs(userID: userID)
        }
        loggedHabits[userID] = ids
        return ids
    }

    public func count(userID: Int64, habitID: Int64) async throws -> Int {
        if let table = countTables[userID] { return table[habitID] ?? 0 }
        let key = PairKey(userID: userID, habitID: habitID)
        if let known = pairCounts[key] { return known }
        let count = try await base.count(userID: userID, habitID: habitID)
        pairCounts[key] = count
        return count
    }

    public func standings(habitID: Int64, limit: Int?) async throws -> [Standing] {
        let key = StandingsKey(habitID: habitID, limit: limit)
        if let known = standingLists[key] { return known }
        let standings = try await base.standings(habitID: habitID, limit: limit)
        standingLists[key] = standings
        return standings
    }

    public func rank(habitID: Int64, count: Int) async throws -> Int {
        try await position(habitID: habitID, count: count).rank
    }

    public func position(habitID: Int64, count: Int) async throws -> RankPosition {
        let key = RankedCount(habitID: habitID, count: count)
        if let known = positions[key] { return known }
        let position = try await base.position(habitID: habitID, count: count)
        positions[key] = position
        return position
    }

    /// Not kept: a calendar belongs to one viewer, so no two screens of a rebuild share it.
    public func habitDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay)
        async throws -> [HabitDay]
    {
        try await base.habitDays(userID: userID, habitID: habitID, from: first, through: last)
    }

    /// Not kept: a calendar belongs to one viewer, so no two screens of a rebuild share it.
    public func doneDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) async throws
        -> [LocalDay]
    {
        try await base.doneDays(userID: userID, habitID: habitID, from: first, through: last)
    }

    public func streak(userID: Int64, habitID: Int64, today: LocalDay) async throws -> StreakSummary {
        try await base.streak(userID: userID, habitID: habitID, today: today)
    }

    /// Shared by every viewer's Discover.
    public func featuredProgram() async throws -> Program? {
        if let known = featured { return known }
        let program = try await base.featuredProgram()
        featured = .some(program)
        return program
    }

    /// Shared by every viewer's Discover (which asks one limit per category).
    public func programs(categoryID: Int64, limit: Int) async throws -> [Program] {
        if let known = programLists[categoryID], known.count >= limit { return Array(known.prefix(limit)) }
        let programs = try await base.programs(categoryID: categoryID, limit: limit)
        if programs.count == limit { programLists[categoryID] = programs }
        return programs
    }

    public func joinedProgramIDs(userID: Int64) async throws -> Set<Int64> {
        try await base.joinedProgramIDs(userID: userID)
    }
    public func programRatings(userID: Int64) async throws -> [Int64: Int] {
        try await base.programRatings(userID: userID)
    }

    public func helpTags() async throws -> [HelpTag] {
        if let tagList { return tagList }
        let tags = try await base.helpTags()
        tagList = tags
        return tags
    }

    public func questions(viewerID: Int64, tagID: Int64?) async throws -> [Question] {
        try await base.questions(viewerID: viewerID, tagID: tagID)
    }

    public func recentEmoji(userID: Int64) async throws -> [String] { try await base.recentEmoji(userID: userID) }
}
