import Foundation
import HabitsDomain
@testable import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

/// The change feed reports committed changes only, merges them for slow readers, and ends.
@Suite(.timeLimit(.minutes(1))) struct StoreChangeFeedTests {
    /// Row ids of the fixture's users (by key) and habits (by name).
    static func ids(_ store: SQLiteHabitStore) async throws -> (users: [String: Int64], habits: [String: Int64]) {
        try await store.readScreens { source in
            var users: [String: Int64] = [:]
            for user in try await source.users(excluding: nil) { users[user.key] = user.id }
            var habits: [String: Int64] = [:]
            for habit in try await source.habits() { habits[habit.name] = habit.id }
            return (users, habits)
        }
    }

    @Test func failedWritesInTheSameGroupReportNothing() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        let (users, habits) = try await Self.ids(store)
        var feed = store.storeChanges().makeAsyncIterator()
        let before = store.currentRevision()
        // 100 writers at once, so that writes share transactions; every other one fails after a good log.
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let user = "user\(index % 5)"
                    if index.isMultiple(of: 2) {
                        _ = try? await store.log(LoggedHabit(userID: user, habitName: "Run", timestamp: Fixture.now))
                    } else {
                        _ = try? await store.log([
                            LoggedHabit(userID: user, habitName: "Swim", timestamp: Fixture.now),
                            LoggedHabit(userID: "ghost", habitName: "Swim", timestamp: Fixture.now),
                        ])
                    }
                }
            }
        }
        #expect(store.currentRevision() - before < 50, "some transactions held several writes")
        let change = try #require(await feed.next())
        let expected = (0..<5).map { user in
            CountChange(userID: users["user\(user)"] ?? 0, habitID: habits["Run"] ?? 0, before: 0, after: 10)
        }
        #expect(Set(change.counts) == Set(expected), "Swim, logged only by failed writes, is not reported")
        #expect(change.revision == store.currentRevision())
        #expect(change.favoritesOf.isEmpty && change.followsOf.isEmpty && !change.catalogue)
    }

    @Test func aPictureReportsNothing() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        let (users, habits) = try await Self.ids(store)
        var feed = store.storeChanges().makeAsyncIterator()
        try await store.setImage(StoredImage(contentType: "image/png", bytes: Data([1, 2])), userID: "user1")
        // A write that changes something: the element taken holds it and nothing of the picture.
        try await store.log(LoggedHabit(userID: "user2", habitName: "Read", timestamp: Fixture.now))
        let change = try #require(await feed.next())
        #expect(
            change == StoreChange(
                revision: store.currentRevision(),
                counts: [CountChange(userID: users["user2"] ?? 0, habitID: habits["Read"] ?? 0, before: 0, after: 1)]))
    }

    @Test func aSlowReaderTakesOneMergedChangeAndAFastOneTakesEach() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        let (users, habits) = try await Self.ids(store)
        let user = try #require(users["user3"])
        let swim = try #require(habits["Swim"])
        var fast = store.storeChanges().makeAsyncIterator()
        var slow = store.storeChanges().makeAsyncIterator()
        for step in 1...50 {
            try await store.log(LoggedHabit(userID: "user3", habitName: "Swim", timestamp: Fixture.now))
            try await store.setFavorite(userID: user, habitID: swim, step.isMultiple(of: 2))
            let change = try #require(await fast.next())
            #expect(change.counts == [CountChange(userID: user, habitID: swim, before: step - 1, after: step)])
        }
        let merged = try #require(await slow.next())
        #expect(merged.counts == [CountChange(userID: user, habitID: swim, before: 0, after: 50)])
        #expect(merged.favoritesOf == [user])
        #expect(merged.revision == store.currentRevision())
    }

    @Test func aCountThatComesBackReportsNoChangeForItsPair() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        let (users, habits) = try await Self.ids(store)
        var feed = store.storeChanges().makeAsyncIterator()
        let id = try await store.log(LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now))
        try await store.deleteLog(id: id)
        try await store.log(LoggedHabit(userID: "user4", habitName: "Read", timestamp: Fixture.now))
        let change = try #require(await feed.next())
        let read = CountChange(userID: users["user4"] ?? 0, habitID: habits["Read"] ?? 0, before: 0, after: 1)
        #expect(change.counts == [read], "user1's Run went from 0 to 1 and back")
    }

    @Test func cascadesAndRenamesAreCatalogueChangesWithTheirCounts() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        let (users, habits) = try await Self.ids(store)
        let user1 = try #require(users["user1"])
        let user2 = try #require(users["user2"])
        let run = try #require(habits["Run"])
        try await store.log([LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now)])
        try await store.setFollowing(userID: user2, followedID: user1, true)
        try await store.setFavorite(userID: user1, habitID: run, true)
        var feed = store.storeChanges().makeAsyncIterator()
        try await store.deleteUser(id: user1, cascade: true)
        let change = try #require(await feed.next())
        #expect(change.counts == [CountChange(userID: user1, habitID: run, before: 1, after: 0)])
        #expect(change.catalogue)
        #expect(change.followsOf == [user2], "user2's list of followed users lost user1")
        #expect(change.favoritesOf == [user1])

        _ = try await store.updateUser(id: user2) { user in
            var user = user
            user.name = "Renamed"
            return user
        }
        let renamed = try #require(await feed.next())
        #expect(renamed == StoreChange(revision: store.currentRevision(), catalogue: true))
    }

    @Test func theFeedEndsWhenItsTaskIsCancelled() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        let changes = store.storeChanges()
        let reader = Task {
            var taken = 0
            for await _ in changes { taken += 1 }
            return taken
        }
        reader.cancel()
        #expect(await reader.value == 0)
        // The store still publishes, to nobody, without waiting for the ended reader.
        try await store.log(LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now))
    }

    @Test func theFeedEndsWhenTheStoreClosesAfterWhatWasCommitted() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        let changes = store.storeChanges()
        try await store.replaceAll(with: Fixture.content(withImage: false))
        let reader = Task {
            var taken: [StoreChange] = []
            for await change in changes { taken.append(change) }
            return taken
        }
        try await store.log(LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now))
        let revision = store.currentRevision()
        try store.close()
        let taken = await reader.value
        #expect(taken.last?.revision == revision, "what was committed before closing is delivered")
        #expect(taken.contains { $0.catalogue }, "the load is a catalogue change")
        var late = store.storeChanges().makeAsyncIterator()
        #expect(await late.next() == nil, "a feed asked for after closing has ended")
    }

    /// Folding changes one by one gives what folding them with `StoreChange.merged(with:)` gives.
    @Test func foldingMergesLikeMerged() {
        forEachSeed(count: 200 as UInt64) { seed in
            var random = SeededRandom(seed: seed)
            var counts: [Int64: Int] = [:]
            var accumulator = ChangeAccumulator()
            var merged = StoreChange(revision: 0)
            for revision in 1...Int64.random(in: 1...12, using: &random) {
                var change = StoreChange(revision: revision, catalogue: Int.random(in: 0..<8, using: &random) == 0)
                var pairs = Set<Int64>()
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    let pair = Int64.random(in: 0..<5, using: &random)
                    guard pairs.insert(pair).inserted else { continue }
                    let before = counts[pair] ?? 0
                    let after = max(0, before + Int.random(in: -2...2, using: &random))
                    counts[pair] = after
                    if before != after {
                        change.counts.append(CountChange(userID: pair, habitID: 1, before: before, after: after))
                    }
                }
                if Bool.random(using: &random) { change.favoritesOf.insert(Int64.random(in: 0..<3, using: &random)) }
                if Bool.random(using: &random) { change.followsOf.insert(Int64.random(in: 0..<3, using: &random)) }
                accumulator.fold(change)
                merged = merged.merged(with: change)
            }
            let folded = accumulator.change()
            #expect(Set(folded.counts) == Set(merged.counts), "seed \(seed)")
            #expect(folded.revision == merged.revision, "seed \(seed)")
            #expect(folded.favoritesOf == merged.favoritesOf && folded.followsOf == merged.followsOf, "seed \(seed)")
            #expect(folded.catalogue == merged.catalogue, "seed \(seed)")
        }
    }
}
