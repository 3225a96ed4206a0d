import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// What `ScreenStore.readScreens` promises whatever holds the data: one state for the whole body, across
/// its awaits, taken when the read starts; any number of reads at once; and a body that throws costs the
/// store nothing.
///
/// A store whose writes waited for a suspended reader, or whose reads waited for a connection a failed
/// read never gave back, hangs here instead of passing; the time limit ends the waits that heed
/// cancellation.
@Suite(.timeLimit(.minutes(10))) struct ScreenSnapshotTests {
    /// What one body read before and after a write committed while it was suspended.
    struct SnapshotReads: Sendable {
        var countBefore: Int
        var countAfter: Int
        var usersBefore: Int
        var usersAfter: Int
        /// Read for the first time after the write: a snapshot taken table by table would see it.
        var standingsAfter: [Standing]
        var lateUser: User?
        var revision: Int64
    }

    @Test(arguments: StoreImplementation.allCases)
    func aReadSeesOneStateAcrossItsAwaits(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let (users, habits) = try await screenIDs(store)
        let user = try #require(users["user1"])
        let run = try #require(habits["Run"])
        let oldRevision = store.currentRevision()
        // The body says when it has read; the test says when it has written.
        let (firstRead, firstReadDone) = AsyncStream<Void>.makeStream()
        let (written, writeDone) = AsyncStream<Void>.makeStream()
        let reader = Task {
            try await store.readScreens { source in
                let countBefore = try await source.count(userID: user, habitID: run)
                let usersBefore = try await source.users(excluding: nil).count
                firstReadDone.yield()
                var waiting = written.makeAsyncIterator()
                await waiting.next()
                return SnapshotReads(
                    countBefore: countBefore, countAfter: try await source.count(userID: user, habitID: run),
                    usersBefore: usersBefore, usersAfter: try await source.users(excluding: nil).count,
                    standingsAfter: try await source.standings(habitID: run, limit: nil),
                    lateUser: try await source.user(key: "late"), revision: source.revision)
            }
        }
        var started = firstRead.makeAsyncIterator()
        await started.next()
        // Committed while the body is suspended inside its read.
        try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now))
        _ = try await store.createUser(newUser("late"))
        let newRevision = store.currentRevision()
        #expect(newRevision > oldRevision)
        writeDone.yield()

        let reads = try await reader.value
        #expect(reads.countBefore == 0 && reads.countAfter == 0, "the log committed mid-read is not seen")
        #expect(reads.usersBefore == 5 && reads.usersAfter == 5, "nor is the user")
        #expect(reads.standingsAfter.isEmpty, "a table first read after the write shows the old state too")
        #expect(reads.lateUser == nil)
        #expect(reads.revision == oldRevision, "the revision is that of the state read")

        let later = try await store.readScreens { source in
            (
                count: try await source.count(userID: user, habitID: run),
                late: try await source.user(key: "late")?.key, revision: source.revision
            )
        }
        #expect(later.count == 1 && later.late == "late" && later.revision == newRevision)
    }

    /// More reads at once than any pool of connections a store is likely to keep (SQLite keeps 5), each
    /// suspended inside its body, with writes going on: every one completes and sees one state.
    @Test(arguments: StoreImplementation.allCases)
    func manyReadsAtOnceAllComplete(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let (users, habits) = try await screenIDs(store)
        let user = try #require(users["user2"])
        let swim = try #require(habits["Swim"])
        let readers = 24
        let outcomes = try await withThrowingTaskGroup(of: (first: Int, second: Int, revision: Int64).self) { group in
            for _ in 0..<readers {
                group.addTask {
                    try await store.readScreens { source in
                        let first = try await source.count(userID: user, habitID: swim)
                        try await Task.sleep(for: .milliseconds(20))
                        return (first, try await source.count(userID: user, habitID: swim), source.revision)
                    }
                }
            }
            group.addTask {
                for _ in 0..<10 {
                    try await store.log(CourseAPI.LoggedHabit(userID: "user2", habitName: "Swim",
                        timestamp: Fixture.now))
                }
                return (-1, -1, -1)
            }
            var outcomes: [(first: Int, second: Int, revision: Int64)] = []
            for try await outcome in group where outcome.revision >= 0 { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes.count == readers)
        #expect(outcomes.allSatisfy { $0.first == $0.second }, "each read saw one state")
        #expect(outcomes.allSatisfy { (0...10).contains($0.first) })
        #expect(outcomes.allSatisfy { $0.revision <= store.currentRevision() })
    }

    /// Bodies that throw (before reading, after reading, after a suspension), more of them than a store
    /// is likely to keep connections: each error comes out as thrown, and the store still reads and writes.
    @Test(arguments: StoreImplementation.allCases)
    func aBodyThatThrowsLeavesTheStoreUsable(implementation: StoreImplementation) async throws {
        struct Refused: Error, Equatable {
            var index: Int
        }
        let store = try await implementation.makeFixture()
        for index in 0..<12 {
            await #expect(throws: Refused(index: index)) {
                try await store.readScreens { source -> Int in
                    if index % 3 > 0 { _ = try await source.users(excluding: nil) }
                    if index % 3 == 2 { try await Task.sleep(for: .milliseconds(1)) }
                    throw Refused(index: index)
                }
            }
        }
        await #expect(throws: HabitsError.notFound(kind: .user, id: "ghost")) {
            try await store.readScreens { source -> User in
                guard let user = try await source.user(key: "ghost") else {
                    throw HabitsError.notFound(kind: .user, id: "ghost")
                }
                return user
            }
        }
        try await store.log(CourseAPI.LoggedHabit(userID: "user3", habitName: "Read", timestamp: Fixture.now))
        let (users, habits) = try await screenIDs(store)
        let count = try await store.readScreens { source in
            try await source.count(userID: users["user3"] ?? 0, habitID: habits["Read"] ?? 0)
        }
        #expect(count == 1)
    }

    /// A read whose task is cancelled while its body is suspended ends, and the store reads on.
    @Test(arguments: StoreImplementation.allCases)
    func aCancelledReadLeavesTheStoreUsable(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        for _ in 0..<12 {
            let (entered, enter) = AsyncStream<Void>.makeStream()
            let reader = Task {
                try await store.readScreens { source -> Int in
                    enter.yield()
                    // Sleeping throws once the task is cancelled.
                    try await Task.sleep(for: .seconds(60))
                    return try await source.users(excluding: nil).count
                }
            }
            var waiting = entered.makeAsyncIterator()
            await waiting.next()
            reader.cancel()
            await #expect(throws: CancellationError.self) { try await reader.value }
        }
        #expect(try await store.readScreens { try await $0.users(excluding: nil).count } == 5)
    }
}
