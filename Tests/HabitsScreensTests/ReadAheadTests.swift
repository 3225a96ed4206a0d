import Foundation
import HabitsDomain
import HabitsScreens
import HabitsStore
import HabitsTestSupport
import Testing

/// `MemoizingSource.readAhead(homesOf:rechecking:)` reads every answer the Homes and rechecks of a batch ask,
/// and nothing it reads changes a document.
@Suite struct ReadAheadTests {
    @Test func homesBuiltAfterReadingAheadAskTheStoreNothing() async throws {
        await forEachSeedAsync(count: UInt64(80)) { seed in
            var random = SeededRandom(seed: seed)
            let world = Self.randomWorld(&random)
            let viewers = world.users.keys.sorted() + [999]
            let counting = CountingSource(world)
            let shared = MemoizingSource(counting)
            try await shared.readAhead(homesOf: viewers)
            let readAhead = counting.reads
            for viewer in viewers {
                let request = ScreenRequest(screen: .home, viewerID: viewer)
                let direct = try? await ScreenBuilder(source: world).document(for: request, revision: "1")
                let built = try? await ScreenBuilder(source: ObservingSource(shared)).document(
                    for: request, revision: "1")
                #expect(built == direct, "seed \(seed) viewer \(viewer)")
            }
            #expect(counting.reads == readAhead, "seed \(seed): \(counting.asked.dropFirst(readAhead))")
            // Four batched reads at most, whatever the number of viewers: the viewers, the habits, the counts of
            // the people they follow (which a store may read with the viewers), the standings and positions.
            #expect(readAhead <= 4, "seed \(seed): \(counting.asked)")
        }
    }

    @Test func rechecksAfterReadingAheadAskTheStoreNothing() async throws {
        await forEachSeedAsync(count: UInt64(60)) { seed in
            var random = SeededRandom(seed: seed)
            var world = Self.randomWorld(&random)
            var dependencies: [ScreenDependencies] = []
            for viewer in world.users.keys.sorted() {
                let observing = ObservingSource(MemoizingSource(world))
                let request = ScreenRequest(screen: .home, viewerID: viewer)
                _ = try await ScreenBuilder(source: observing).document(for: request, revision: "1")
                dependencies.append(observing.dependencies)
            }
            for _ in 0..<5 { ChangesetPropertyTests.edit(&world, &random) }
            let counting = CountingSource(world)
            let shared = MemoizingSource(counting)
            try await shared.readAhead(homesOf: [], rechecking: dependencies)
            let readAhead = counting.reads
            for reads in dependencies {
                let expected = try await reads.reranked(in: world)
                let rechecked = try await reads.reranked(in: shared)
                #expect(rechecked.moved == expected.moved, "seed \(seed)")
                #expect(rechecked.reads == expected.reads, "seed \(seed)")
            }
            #expect(counting.reads == readAhead, "seed \(seed): \(counting.asked.dropFirst(readAhead))")
            #expect(readAhead <= 2, "seed \(seed): \(counting.asked)")
        }
    }

    /// A random world in which some users are private, so that a Home reads through what its viewer may
    /// see, and some habits are someone's own or archived.
    static func randomWorld(_ random: inout SeededRandom) -> WorldSource {
        var world = ChangesetPropertyTests.randomWorld(&random)
        for _ in 0..<40 {
            let users = world.users.keys.sorted()
            guard let user = users.randomElement(using: &random), let other = users.randomElement(using: &random),
                let habit = world.habitList.indices.randomElement(using: &random)
            else { break }
            switch Int.random(in: 0..<6, using: &random) {
            case 0: world.users[user]?.visibility = Bool.random(using: &random) ? .private : .public
            case 1: if user != other { world.follows[user, default: []].insert(other) }
            case 2: world.favorites[user, default: []].insert(world.habitList[habit].id)
            case 3:
                world.habitList[habit].ownerID = user
                world.habitList[habit].visibility = .personal
            case 4: world.habitList[habit].isArchived.toggle()
            default: world.setCount(user: user, habit: world.habitList[habit].id, Int.random(in: 0...4, using: &random))
            }
        }
        return world
    }
}

/// A source that counts the questions it is asked, each batched read as one.
final class CountingSource: ScreenSource {
    let base: WorldSource
    private(set) var asked: [String] = []
    var reads: Int { asked.count }

    init(_ base: WorldSource) { self.base = base }

    private func note(_ read: String) { asked.append(read) }

    var revision: Int64 { base.revision }
    var readsAheadInBatches: Bool { true }
    func user(id: Int64) async throws -> User? {
        note("user \(id)")
        return try await base.user(id: id)
    }
    func user(key: String) async throws -> User? {
        note("user \(key)")
        return try await base.user(key: key)
    }
    func users(excluding excludedID: Int64?) async throws -> [User] {
        note("users")
        return try await base.users(excluding: excludedID)
    }
    func categories() async throws -> [Category] {
        note("categories")
        return try await base.categories()
    }
    func habits() async throws -> [Habit] {
        note("habits")
        return try await base.habits()
    }
    func habit(id: Int64) async throws -> Habit? {
        note("habit \(id)")
        return try await base.habit(id: id)
    }
    func favoriteHabitIDs(userID: Int64) async throws -> Set<Int64> {
        note("favourites \(userID)")
        return try await base.favoriteHabitIDs(userID: userID)
    }
    func followedUsers(userID: Int64) async throws -> [User] {
        note("followed \(userID)")
        return try await base.followedUsers(userID: userID)
    }
    func counts(userID: Int64) async throws -> [Int64: Int] {
        note("counts \(userID)")
        return try await base.counts(userID: userID)
    }
    func loggedHabitIDs(userID: Int64) async throws -> Set<Int64> {
        note("logged \(userID)")
        return try await base.loggedHabitIDs(userID: userID)
    }
    func count(userID: Int64, habitID: Int64) async throws -> Int {
        note("count \(userID) \(habitID)")
        return try await base.count(userID: userID, habitID: habitID)
    }
    func standings(habitID: Int64, limit: Int?) async throws -> [Standing] {
        note("standings \(habitID)")
        return try await base.standings(habitID: habitID, limit: limit)
    }
    func position(habitID: Int64, count: Int) async throws -> RankPosition {
        note("position \(habitID) \(count)")
        return try await base.position(habitID: habitID, count: count)
    }
    func rank(habitID: Int64, count: Int) async throws -> Int {
        note("rank \(habitID) \(count)")
        return try await base.rank(habitID: habitID, count: count)
    }
    func rank(userID: Int64, habitID: Int64) async throws -> Int {
        note("rank of \(userID) in \(habitID)")
        return try await base.rank(userID: userID, habitID: habitID)
    }
    func viewerReads(userIDs: [Int64]) async throws -> [Int64: ViewerReads] {
        note("viewer reads")
        return try await base.viewerReads(userIDs: userIDs)
    }
    func counts(userIDs: [Int64]) async throws -> [Int64: [Int64: Int]] {
        note("counts of many")
        return try await base.counts(userIDs: userIDs)
    }
    func standings(habitIDs: [Int64], limit: Int) async throws -> [Int64: [Standing]] {
        note("standings of many")
        return try await base.standings(habitIDs: habitIDs, limit: limit)
    }
    func positions(_ counts: [RankedCount]) async throws -> [RankedCount: RankPosition] {
        note("positions of many")
        return try await base.positions(counts)
    }
    func standingsAndPositions(
        habitIDs: [Int64], limit: Int, positions counts: [RankedCount]
    ) async throws -> (standings: [Int64: [Standing]], positions: [RankedCount: RankPosition]) {
        note("standings and positions of many")
        return (try await base.standings(habitIDs: habitIDs, limit: limit), try await base.positions(counts))
    }
    func habitDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) async throws
        -> [HabitDay]
    {
        try await base.habitDays(userID: userID, habitID: habitID, from: first, through: last)
    }
    func doneDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) async throws
        -> [LocalDay]
    {
        try await base.doneDays(userID: userID, habitID: habitID, from: first, through: last)
    }
    func streak(userID: Int64, habitID: Int64, today: LocalDay) async throws -> StreakSummary {
        try await base.streak(userID: userID, habitID: habitID, today: today)
    }
    func featuredProgram() async throws -> Program? { try await base.featuredProgram() }
    func programs(categoryID: Int64, limit: Int) async throws -> [Program] {
        try await base.programs(categoryID: categoryID, limit: limit)
    }
    func joinedProgramIDs(userID: Int64) async throws -> Set<Int64> { try await base.joinedProgramIDs(userID: userID) }
    func programRatings(userID: Int64) async throws -> [Int64: Int] { try await base.programRatings(userID: userID) }
    func helpTags() async throws -> [HelpTag] { try await base.helpTags() }
    func questions(viewerID: Int64, tagID: Int64?) async throws -> [Question] {
        try await base.questions(viewerID: viewerID, tagID: tagID)
    }
    func recentEmoji(userID: Int64) async throws -> [String] { try await base.recentEmoji(userID: userID) }
}
