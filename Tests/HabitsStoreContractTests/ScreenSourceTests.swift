import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@Suite struct ScreenSourceTests {
    /// Users with counts 5, 3, 3 and 1 of Run rank 1, 2, 2 and 4; ties go by name, then key, as bytes.
    @Test(arguments: StoreImplementation.allCases)
    func standingsAndPositionsFollowTheDocumentedOrder(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let names = ["user1": "Zoë", "user2": "zoe", "user3": "Zoë", "user4": "Ada"]
        for (key, name) in names {
            let id = try #require(try await store.readScreens { try await $0.user(key: key)?.id })
            _ = try await store.updateUser(id: id) { user in
                var user = user
                user.name = name
                return user
            }
        }
        for (key, count) in [("user1", 3), ("user2", 1), ("user3", 3), ("user4", 5)] {
            let log = CourseAPI.LoggedHabit(userID: key, habitName: "Run", timestamp: Fixture.now)
            try await store.log(Array(repeating: log, count: count))
        }
        let (standings, positions) = try await store.readScreens { source -> ([String], [RankPosition]) in
            let habits = try await source.habits()
            let run = try #require(habits.first { $0.name == "Run" }).id
            let standings = try await source.standings(habitID: run, limit: nil)
            return (
                standings.map { "\($0.user.key):\($0.count)" },
                try await rankPositions(source, habitID: run, counts: [5, 4, 3, 2, 1, 6])
            )
        }
        // "Zoë" sorts before "zoe" as bytes ("Z" < "z"); user1 and user3 tie on name, so the key decides.
        #expect(standings == ["user4:5", "user1:3", "user3:3", "user2:1"])
        #expect(positions == [
            RankPosition(rank: 1, usersWithCount: 1), RankPosition(rank: 2, usersWithCount: 0),
            RankPosition(rank: 2, usersWithCount: 2), RankPosition(rank: 4, usersWithCount: 0),
            RankPosition(rank: 4, usersWithCount: 1), RankPosition(rank: 1, usersWithCount: 0),
        ])
    }

    @Test(arguments: StoreImplementation.allCases)
    func aRevisionIsReadWithTheRestOfItsTransaction(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now))
        let revision = try await store.readScreens { $0.revision }
        #expect(revision == store.currentRevision())
        #expect(try await store.readScreens { try await $0.user(key: "ghost") } == nil)
        #expect(try await store.readScreens { try await $0.habit(id: 999) } == nil)
    }
}

/// The narrow reads agree with the counts they narrow.
@Suite struct NarrowScreenReadTests {
    @Test(arguments: StoreImplementation.allCases)
    func loggedHabitsAndPairCountsAgreeWithCounts(implementation: StoreImplementation) async throws {
        let logs = randomLogs(seed: 7, count: 200)
        let store = try await implementation.make(content: Fixture.content(logs: logs))
        let mismatches = try await store.readScreens { source in
            var mismatches: [String] = []
            let habits = try await source.habits().map(\.id) + [9_999]
            for user in try await source.users(excluding: nil) {
                let counts = try await source.counts(userID: user.id)
                if try await source.loggedHabitIDs(userID: user.id) != Set(counts.keys) { mismatches.append(user.key) }
                for habit in habits {
                    let count = try await source.count(userID: user.id, habitID: habit)
                    if count != counts[habit] ?? 0 { mismatches.append("\(user.key) \(habit)") }
                }
            }
            return mismatches
        }
        #expect(mismatches.isEmpty)
    }

    /// The batched reads (many viewers, users, habits or positions at once) equal the one-at-a-time reads,
    /// an unknown id and a repeated one included.
    @Test(arguments: StoreImplementation.allCases)
    func batchedReadsAgreeWithTheOneAtATimeReads(implementation: StoreImplementation) async throws {
        let logs = randomLogs(seed: 11, count: 120)
        let store = try await implementation.make(content: Fixture.content(logs: logs))
        let (users, habits) = try await store.readScreens { source in
            (try await source.users(excluding: nil).map(\.id), try await source.habits().map(\.id))
        }
        for (index, user) in users.enumerated() {
            for habit in habits where (index + Int(habit)).isMultiple(of: 2) {
                try await store.setFavorite(userID: user, habitID: habit, true)
            }
            for other in users where other != user && (index + Int(other)).isMultiple(of: 3) {
                _ = try await store.setFollowing(userID: user, followedID: other, true)
            }
        }
        let asked = users + [9_999, users[0]]
        let mismatches = try await store.readScreens { source in
            let reads = try await source.viewerReads(userIDs: asked)
            var mismatches: [String] = []
            if Set(reads.keys) != Set(asked) { mismatches.append("ids \(reads.keys.sorted())") }
            for id in Set(asked) {
                guard let read = reads[id] else { continue }
                if read.user != (try await source.user(id: id)) { mismatches.append("user \(id)") }
                if read.favoriteHabitIDs != (try await source.favoriteHabitIDs(userID: id)) {
                    mismatches.append("favourites \(id)")
                }
                if read.followedUsers != (try await source.followedUsers(userID: id)) {
                    mismatches.append("followed \(id)")
                }
                if read.counts != (try await source.counts(userID: id)) { mismatches.append("counts \(id)") }
                // Followed users' counts, where a store reads them with the viewer, are theirs, of people followed.
                let followedIDs = Set(read.followedUsers.map(\.id))
                // PostgreSQL reads them all in the same query, so that Home asks no second round trip.
                if implementation == .postgres && Set(read.followedCounts.keys) != followedIDs {
                    mismatches.append("followed counts of \(id) not all read")
                }
                for (followedID, table) in read.followedCounts {
                    if !followedIDs.contains(followedID) { mismatches.append("not followed \(followedID)") }
                    if table != (try await source.counts(userID: followedID)) {
                        mismatches.append("followed counts \(id) \(followedID)")
                    }
                }
            }
            let counts = try await source.counts(userIDs: asked)
            if Set(counts.keys) != Set(asked) { mismatches.append("count ids \(counts.keys.sorted())") }
            for (id, table) in counts where table != (try await source.counts(userID: id)) {
                mismatches.append("counts of many \(id)")
            }
            let habitsAsked = habits + [9_999, habits[0]]
            for limit in [1, 2, 5] {
                let standings = try await source.standings(habitIDs: habitsAsked, limit: limit)
                if Set(standings.keys) != Set(habitsAsked) { mismatches.append("standing ids \(limit)") }
                for (id, list) in standings where list != (try await source.standings(habitID: id, limit: limit)) {
                    mismatches.append("standings \(id) limit \(limit)")
                }
            }
            let keys = habitsAsked.flatMap { habit in (0...7).map { RankedCount(habitID: habit, count: $0) } }
            let positions = try await source.positions(keys + keys.prefix(3))
            if Set(positions.keys) != Set(keys) { mismatches.append("position keys") }
            for (key, position) in positions
            where position != (try await source.position(habitID: key.habitID, count: key.count)) {
                mismatches.append("position \(key)")
            }
            // Both at once, as the read-ahead asks them, and each alone.
            for (limit, asked) in [(2, keys), (3, []), (2, Array(keys.prefix(5)))] as [(Int, [RankedCount])] {
                let both = try await source.standingsAndPositions(habitIDs: habitsAsked, limit: limit, positions: asked)
                if both.standings != (try await source.standings(habitIDs: habitsAsked, limit: limit)) {
                    mismatches.append("standings of both, limit \(limit)")
                }
                if both.positions != (try await source.positions(asked)) {
                    mismatches.append("positions of both, \(asked.count) asked")
                }
            }
            let onlyPositions = try await source.standingsAndPositions(habitIDs: [], limit: 2, positions: keys)
            if !onlyPositions.standings.isEmpty || onlyPositions.positions != positions {
                mismatches.append("positions alone")
            }
            return mismatches
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(try await store.readScreens { try await $0.viewerReads(userIDs: []) }.isEmpty)
        #expect(try await store.readScreens { try await $0.positions([]) }.isEmpty)
    }
}

/// `count` logs of the fixture's users and habits, drawn at random from `seed`.
private func randomLogs(seed: UInt64, count: Int) -> [CourseAPI.LoggedHabit] {
    var random = SeededRandom(seed: seed)
    let content = Fixture.content()
    return (0..<count).compactMap { _ -> CourseAPI.LoggedHabit? in
        guard let user = content.users.randomElement(using: &random),
            let habit = content.habits.randomElement(using: &random)
        else { return nil }
        return CourseAPI.LoggedHabit(userID: user.id, habitName: habit.name, timestamp: Fixture.now)
    }
}

/// Where each of `counts` places in a habit's ranking, in order.
func rankPositions(_ source: any ScreenSource, habitID: Int64, counts: [Int]) async throws -> [RankPosition] {
    var positions: [RankPosition] = []
    for count in counts { positions.append(try await source.position(habitID: habitID, count: count)) }
    return positions
}
