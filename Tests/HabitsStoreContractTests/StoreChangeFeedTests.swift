import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// The change feed reports committed changes only, merges them for slow readers, and ends with its task.
@Suite(.timeLimit(.minutes(10))) struct StoreChangeFeedTests {
    @Test(arguments: StoreImplementation.allCases)
    func aPictureReportsNothing(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let (users, habits) = try await screenIDs(store)
        var feed = store.storeChanges().makeAsyncIterator()
        try await store.setImage(StoredImage(contentType: "image/png", bytes: Data([1, 2])), userID: "user1")
        // A write that changes something: the element taken holds it and nothing of the picture.
        try await store.log(CourseAPI.LoggedHabit(userID: "user2", habitName: "Read", timestamp: Fixture.now))
        let change = try #require(await feed.next())
        #expect(
            change == StoreChange(
                revision: store.currentRevision(),
                counts: [CountChange(userID: users["user2"] ?? 0, habitID: habits["Read"] ?? 0, before: 0, after: 1)]))
    }

    @Test(arguments: StoreImplementation.allCases)
    func aSlowReaderTakesOneMergedChangeAndAFastOneTakesEach(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let (users, habits) = try await screenIDs(store)
        let user = try #require(users["user3"])
        let swim = try #require(habits["Swim"])
        var fast = store.storeChanges().makeAsyncIterator()
        var slow = store.storeChanges().makeAsyncIterator()
        for step in 1...50 {
            try await store.log(CourseAPI.LoggedHabit(userID: "user3", habitName: "Swim", timestamp: Fixture.now))
            try await store.setFavorite(userID: user, habitID: swim, step.isMultiple(of: 2))
            let change = try #require(await fast.next())
            #expect(change.counts == [CountChange(userID: user, habitID: swim, before: step - 1, after: step)])
        }
        let merged = try #require(await slow.next())
        #expect(merged.counts == [CountChange(userID: user, habitID: swim, before: 0, after: 50)])
        #expect(merged.favoritesOf == [user])
        #expect(merged.revision == store.currentRevision())
    }

    @Test(arguments: StoreImplementation.allCases)
    func aCountThatComesBackStillReportsTheCountsItWentThrough(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let (users, habits) = try await screenIDs(store)
        var feed = store.storeChanges().makeAsyncIterator()
        let id = try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now))
        try await store.deleteLog(id: id)
        try await store.log(CourseAPI.LoggedHabit(userID: "user4", habitName: "Read", timestamp: Fixture.now))
        let change = try #require(await feed.next())
        let read = CountChange(userID: users["user4"] ?? 0, habitID: habits["Read"] ?? 0, before: 0, after: 1)
        let run = CountChange(
            userID: users["user1"] ?? 0, habitID: habits["Run"] ?? 0, before: 0, after: 0, lowest: 0, highest: 1)
        // A screen built between the log and its deletion showed user1's Run at 1: the pair is reported.
        #expect(Set(change.counts) == [read, run], "user1's Run went from 0 to 1 and back")
    }

    @Test(arguments: StoreImplementation.allCases)
    func cascadesAndRenamesAreCatalogueChangesWithTheirCounts(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let (users, habits) = try await screenIDs(store)
        let user1 = try #require(users["user1"])
        let user2 = try #require(users["user2"])
        let run = try #require(habits["Run"])
        try await store.log([CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now)])
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

    @Test(arguments: StoreImplementation.allCases)
    func theFeedEndsWhenItsTaskIsCancelled(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let changes = store.storeChanges()
        let reader = Task {
            var taken = 0
            for await _ in changes { taken += 1 }
            return taken
        }
        reader.cancel()
        #expect(await reader.value == 0)
        // The store still publishes, to nobody, without waiting for the ended reader.
        try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now))
    }
    @Test(arguments: StoreImplementation.allCases)
    func concurrentFailedWritesReportNothing(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let (users, habits) = try await screenIDs(store)
        var feed = store.storeChanges().makeAsyncIterator()
        let before = store.currentRevision()
        // 100 writers at once, every other one failing after a good log: whether the store runs them in
        // one transaction or many, only what committed is reported.
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
        #expect(store.currentRevision() > before)
        let change = try #require(await feed.next())
        let expected = (0..<5).map { user in
            CountChange(userID: users["user\(user)"] ?? 0, habitID: habits["Run"] ?? 0, before: 0, after: 10)
        }
        #expect(Set(change.counts) == Set(expected), "Swim, logged only by failed writes, is not reported")
        #expect(change.revision == store.currentRevision())
        #expect(change.favoritesOf.isEmpty && change.followsOf.isEmpty && !change.catalogue)
    }

}
