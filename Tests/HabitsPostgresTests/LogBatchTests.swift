import Foundation
import HabitsDomain
import HabitsPostgres
import HabitsStore
import HabitsTestSupport
import Testing

/// Concurrent log writes share transactions (`PostgresLogBatcher`): each request still succeeds or fails
/// on its own, gets its own ids, and the counters end equal to what the successful requests wrote.
@Suite(.timeLimit(.minutes(10))) struct LogBatchTests {
    @Test func concurrentRequestsSucceedOrFailEachOnTheirOwn() async throws {
        guard PostgresTestStores.shouldRun else { return }
        let store = try await PostgresTestStores.make(content: Fixture.content(withImage: false))
        defer { Task { await store.close() } }
        let before = store.currentRevision()
        // 60 requests at once: every fifth names an unknown user or habit, by id (/v1) or by name (course).
        let outcomes = try await withThrowingTaskGroup(of: (Int, Result<[Int64], HabitsError>).self) { group in
            for index in 0..<60 {
                group.addTask {
                    let user = Int64(index % 5 + 1)
                    let habit = Int64(index % 4 + 1)
                    let broken = index % 5 == 4
                    do {
                        switch index % 3 {
                        case 0:
                            let drafts = [
                                LogDraft(userID: user, habitID: habit, timestamp: Fixture.now),
                                LogDraft(userID: broken ? 999 : user, habitID: 1, timestamp: Fixture.now),
                            ]
                            return (index, .success(try await store.createLogs(drafts).map(\.id)))
                        case 1:
                            let draft = LogDraft(userID: user, habitID: broken ? 999 : habit, timestamp: Fixture.now)
                            return (index, .success(try await store.createLogs([draft]).map(\.id)))
                        default:
                            let event = CourseAPI.LoggedHabit(
                                userID: broken ? "nobody" : "user\(user - 1)", habitName: "Read",
                                timestamp: Fixture.now)
                            return (index, .success(try await store.log([event])))
                        }
                    } catch let error as HabitsError {
                        return (index, .failure(error))
                    }
                }
            }
            var outcomes: [Int: Result<[Int64], HabitsError>] = [:]
            for try await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }

        var written: [Int64] = []
        for index in 0..<60 {
            let outcome = try #require(outcomes[index])
            switch outcome {
            case .success(let ids):
                #expect(index % 5 != 4, "request \(index) names an unknown row and was written")
                #expect(ids.count == (index % 3 == 0 ? 2 : 1))
                written += ids
            case .failure(let error):
                #expect(index % 5 == 4, "request \(index) failed: \(error)")
                guard case .notFound = error else {
                    Issue.record("request \(index): \(error), not notFound")
                    continue
                }
            }
        }
        // Every id once, and each log is the one its request asked for.
        #expect(Set(written).count == written.count)
        var counted: [CounterPair: Int] = [:]
        for id in written {
            let log = try await store.logEntry(id: id)
            counted[CounterPair(log.userID, log.habitID), default: 0] += 1
        }
        let expected = counted
        try await store.readScreens { source in
            for user in Int64(1)...5 {
                for habit in Int64(1)...4 {
                    let count = try await source.count(userID: user, habitID: habit)
                    #expect(count == expected[CounterPair(user, habit)] ?? 0, "user \(user), habit \(habit)")
                }
            }
        }
        #expect(store.currentRevision() > before)
    }

    @Test func aBatchThatWritesNothingSpendsNoRevision() async throws {
        guard PostgresTestStores.shouldRun else { return }
        let store = try await PostgresTestStores.make(content: Fixture.content(withImage: false))
        defer { Task { await store.close() } }
        let before = store.currentRevision()
        await #expect(throws: HabitsError.self) {
            try await store.createLogs([LogDraft(userID: 999, habitID: 1, timestamp: Fixture.now)])
        }
        await #expect(throws: HabitsError.self) {
            try await store.log([CourseAPI.LoggedHabit(userID: "user1", habitName: "Nothing", timestamp: Fixture.now)])
        }
        #expect(store.currentRevision() == before)
        let page = try await store.logs(userID: 1, in: TimeRange(), page: PageRequest(limit: 10))
        #expect(page.items.isEmpty)
    }
}

private struct CounterPair: Hashable {
    var userID: Int64
    var habitID: Int64

    init(_ userID: Int64, _ habitID: Int64) {
        self.userID = userID
        self.habitID = habitID
    }
}
