import Foundation
import HabitsDemo
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// The course API's store: loading content, batches of logs, pictures, and who made the content.
@Suite struct StoreContentTests {
    @Test(arguments: StoreImplementation.allCases)
    func readsModelsBackAsWritten(implementation: StoreImplementation) async throws {
        let content = Fixture.content(withImage: false)
        let store = try await implementation.make(content: content)
        #expect(try await store.users() == content.users.sorted { $0.id < $1.id })
        #expect(try await store.habits() == content.habits.sorted { $0.name < $1.name })
        #expect(try await store.categories() == content.categories)
        #expect(try await store.isEmpty() == false)
    }

    @Test(arguments: StoreImplementation.allCases)
    func imagesAreStoredPerUser(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        #expect(try await store.image(userID: "user1") == nil)
        let image = StoredImage(contentType: "image/jpeg", bytes: Data([0xFF, 0xD8, 0xFF, 1, 2, 3]))
        let revision = store.currentRevision()
        try await store.setImage(image, userID: "user1")
        #expect(try await store.image(userID: "user1") == image)
        #expect(store.currentRevision() == revision, "pictures are not in the statistics")
        await #expect(throws: HabitsError.notFound(kind: .user, id: "ghost")) { try await store.image(userID: "ghost") }
    }

    @Test(arguments: StoreImplementation.allCases)
    func theDemoDataLoadsWithAnAvatarForEveryone(implementation: StoreImplementation) async throws {
        let store = try await implementation.make(content: nil)
        #expect(try await store.isEmpty())
        let demo = DemoDataSet(now: Fixture.now)
        try await store.replaceAll(with: StoreContent(demo: demo))
        for user in demo.users {
            #expect(try await store.image(userID: user.id)?.contentType == "image/png")
        }
        let snapshot = try await store.statisticsSnapshot()
        let counted = snapshot.users.flatMap { user in
            snapshot.habits.map { snapshot.count(userID: user.id, habitName: $0.name) }
        }
        #expect(counted.reduce(0, +) == demo.logs.count, "every log of the demo is counted")
    }

    @Test(arguments: StoreImplementation.allCases)
    func aFailedLoadChangesNothing(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        var broken = Fixture.content(withImage: false)
        broken.users = []
        broken.logs = [CourseAPI.LoggedHabit(userID: "nobody", habitName: "Run", timestamp: Fixture.now)]
        await #expect(throws: HabitsError.self) { try await store.replaceAll(with: broken) }
        #expect(try await store.users().count == 5)
    }

    @Test(arguments: StoreImplementation.allCases)
    func theStoreRemembersWhetherItsContentIsTheDemos(implementation: StoreImplementation) async throws {
        let store = try await implementation.make(content: nil)
        #expect(try await store.contentOrigin() == .empty)
        try await store.replaceAll(with: StoreContent(demo: DemoDataSet(now: Fixture.now)))
        #expect(try await store.contentOrigin() == .demo)
        try await store.disownDemoContent()
        guard case .other(let users, let habits, let logs) = try await store.contentOrigin() else {
            Issue.record("a disowned demo is someone else's data")
            return
        }
        #expect(users > 0 && habits > 0 && logs > 0)

        try await store.replaceAll(with: StoreContent(demo: DemoDataSet(now: Fixture.now)))
        #expect(try await store.contentOrigin() == .demo)
        try await store.replaceAll(with: Fixture.content(withImage: false))
        #expect(try await store.contentOrigin() == .other(users: 5, habits: 4, logs: 0))
    }

    @Test(arguments: StoreImplementation.allCases)
    func aStoreHoldingOnlyHelpIsNotEmpty(implementation: StoreImplementation) async throws {
        let store = try await implementation.make(content: nil)
        #expect(try await store.contentOrigin() == .empty)
        _ = try await store.createHelpTag(HelpTag(id: 0, name: "Streaks"))
        #expect(try await store.contentOrigin() == .other(users: 0, habits: 0, logs: 0))
    }

    @Test(arguments: StoreImplementation.allCases)
    func unknownReferencesWriteNothing(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let before = store.currentRevision()
        await #expect(throws: HabitsError.notFound(kind: .user, id: "ghost")) {
            try await store.log(CourseAPI.LoggedHabit(userID: "ghost", habitName: "Run", timestamp: Fixture.now))
        }
        await #expect(throws: HabitsError.notFound(kind: .habit, id: "Fly")) {
            try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Fly", timestamp: Fixture.now))
        }
        await #expect(throws: HabitsError.notFound(kind: .log, id: "99")) { try await store.deleteLog(id: 99) }
        #expect(store.currentRevision() == before)
        #expect(try await store.logs(userID: 2, in: TimeRange(), page: PageRequest()).items.isEmpty)
        #expect(try await store.statisticsSnapshot().combined().habitStatistics.allSatisfy { $0.userCounts.isEmpty })
    }

    @Test(arguments: StoreImplementation.allCases)
    func aBatchIsAllOrNothing(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let before = store.currentRevision()
        let good = CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now)
        let bad = CourseAPI.LoggedHabit(userID: "user1", habitName: "Fly", timestamp: Fixture.now)
        await #expect(throws: HabitsError.notFound(kind: .habit, id: "Fly")) { try await store.log([good, good, bad]) }
        #expect(store.currentRevision() == before)
        #expect(try await store.statisticsSnapshot().count(userID: "user1", habitName: "Run") == 0)

        let ids = try await store.log([
            good, good, CourseAPI.LoggedHabit(userID: "user2", habitName: "Swim", timestamp: Fixture.now),
        ])
        #expect(ids.count == 3 && Set(ids).count == 3)
        #expect(store.currentRevision() == before + 1, "one revision per batch")
        let snapshot = try await store.statisticsSnapshot()
        #expect(snapshot.count(userID: "user1", habitName: "Run") == 2)
        #expect(snapshot.count(userID: "user2", habitName: "Swim") == 1)
    }
}
