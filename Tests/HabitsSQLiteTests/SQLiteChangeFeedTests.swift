import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

// The change feed where SQLite's own mechanisms decide: writes that share a group commit, and closing
// (`close()` is SQLite's, not the protocol's). The merge rule itself (`ChangeAccumulator`) is pure and
// has no module of tests of its own, so it is checked here too. What every store's feed does is in
// HabitsStoreContractTests.

@Suite(.timeLimit(.minutes(10))) struct SQLiteChangeFeedTests {
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
                        _ = try? await store.log(CourseAPI.LoggedHabit(userID: user, habitName: "Run",
                            timestamp: Fixture.now))
                    } else {
                        _ = try? await store.log([
                            CourseAPI.LoggedHabit(userID: user, habitName: "Swim", timestamp: Fixture.now),
                            CourseAPI.LoggedHabit(userID: "ghost", habitName: "Swim", timestamp: Fixture.now),
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

    /// A reader may look at what it has not taken without taking it: the next take still answers all of it.
    @Test func peekingLeavesThePendingChangesForTheNextTake() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        let changes = store.storeChanges()
        #expect(changes.peekPending() == nil)
        _ = try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now))
        _ = try await store.log(CourseAPI.LoggedHabit(userID: "user2", habitName: "Swim", timestamp: Fixture.now))
        let peeked = try #require(changes.peekPending())
        #expect(peeked.revision == store.currentRevision())
        #expect(peeked.counts.count == 2)
        #expect(changes.peekPending() == peeked)
        #expect(changes.takePending() == peeked)
        #expect(changes.peekPending() == nil)
    }

    /// A feed whose commits may be published out of order (PostgreSQL's) answers no peek: what is pending
    /// there may lack a commit of a lower revision.
    @Test func aFeedOutOfRevisionOrderAnswersNoPeek() {
        let feed = StoreChangeFeed()
        let changes = StoreChanges(feed: feed)
        let change = StoreChange(revision: 7, counts: [CountChange(userID: 1, habitID: 2, before: 0, after: 1)])
        feed.publish(change)
        #expect(changes.peekPending() == nil)
        #expect(changes.takePending() == change)
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
        try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now))
        let revision = store.currentRevision()
        try store.close()
        let taken = await reader.value
        #expect(taken.last?.revision == revision, "what was committed before closing is delivered")
        #expect(taken.contains { $0.catalogue }, "the load is a catalogue change")
        var late = store.storeChanges().makeAsyncIterator()
        #expect(await late.next() == nil, "a feed asked for after closing has ended")
    }

    /// A pair folded through random commits keeps its first count, its last, and the lowest and highest of every
    /// count between: a screen built after any of those commits is judged against them. It is reported whenever
    /// the count moved, even back to where it started.
    @Test func foldingKeepsEveryCountAPairWentThrough() {
        forEachSeed(count: 200 as UInt64) { seed in
            var random = SeededRandom(seed: seed)
            var accumulator = ChangeAccumulator()
            let first = Int.random(in: 0...3, using: &random)
            var seen = [first]
            for revision in 1...Int64.random(in: 1...8, using: &random) {
                let before = seen[seen.count - 1]
                let after = max(0, before + Int.random(in: -2...2, using: &random))
                seen.append(after)
                let change = CountChange(userID: 1, habitID: 1, before: before, after: after)
                accumulator.fold(StoreChange(revision: revision, counts: before == after ? [] : [change]))
            }
            let reported = accumulator.change().counts
            if seen.allSatisfy({ $0 == first }) {
                #expect(reported.isEmpty, "seed \(seed): \(seen)")
            } else {
                let expected = CountChange(
                    userID: 1, habitID: 1, before: first, after: seen[seen.count - 1], lowest: seen.min() ?? 0,
                    highest: seen.max() ?? 0)
                #expect(reported == [expected], "seed \(seed): \(seen)")
            }
        }
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
