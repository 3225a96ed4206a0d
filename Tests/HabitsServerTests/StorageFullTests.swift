import Foundation
import GRDB
import HabitsDomain
import HabitsServer
@testable import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A disk that fills up during a group commit: SQLite's `max_page_count` makes the database full in the
/// middle of a batch of requests, which all fail alike, leave nothing behind, and succeed once there is
/// room again.
@Suite struct StorageFullTests {
    /// The requests of the batch, in the order they join it: small writes first, then users whose bios
    /// need pages the database may not grow to.
    static func requests(habitID: Int64, round: Int) -> [(uri: String, json: String)] {
        let bio = String(repeating: "가", count: 1_000)
        let logs = (1...3).map { user in
            ("/v1/logs", #"{"userID": \#(user + 1), "habitID": \#(habitID), "timestamp": "2026-11-22T12:00:00Z"}"#)
        }
        let course = [
            ("/loggedHabit", #"{"userID": "user1", "habitName": "Run", "timestamp": "2026-11-22T12:00:00Z"}"#)
        ]
        let users = (0..<6).map { index in
            ("/v1/users", #"{"key": "full\#(round)-\#(index)", "name": "Full \#(index)", "bio": "\#(bio)"}"#)
        }
        return logs + course + users
    }

    static func logCount(_ store: SQLiteHabitStore) async throws -> Int {
        try await store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM logs") ?? 0 }
    }

    /// Counters and levels as the logs recount them, and as stored: equal in a consistent database.
    static func counters(_ store: SQLiteHabitStore) async throws -> (stored: [[Int64]], recounted: [[Int64]]) {
        try await store.writer.read { db in
            (
                try Row.fetchAll(db, sql: "SELECT user_id, habit_id, count FROM habit_counts ORDER BY 1, 2")
                    .map { [$0[0], $0[1], $0[2]] },
                try Row.fetchAll(
                    db, sql: "SELECT user_id, habit_id, COUNT(*) FROM logs GROUP BY 1, 2 ORDER BY 1, 2"
                ).map { [$0[0], $0[1], $0[2]] }
            )
        }
    }

    /// Sends the batch while a plug holds the writer, so that every request waits in one group commit;
    /// returns each answer's status and error code, in the order sent.
    static func sendAsOneBatch(
        _ requests: [(uri: String, json: String)], store: SQLiteHabitStore, client: some TestClientProtocol
    ) async throws -> [(status: Int, code: String?)] {
        let gate = DispatchSemaphore(value: 0)
        let (entered, plugIsIn) = AsyncStream<Void>.makeStream()
        let plug = Task {
            try await store.commits.write(bumpsRevision: false) { _, _ in
                plugIsIn.yield()
                gate.wait()
            }
        }
        for await _ in entered { break }
        let answers = try await withThrowingTaskGroup(of: (Int, Int, String?).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask {
                    let response = try await client.send(request.uri, .post, ByteBuffer(string: request.json))
                    let body = try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
                    let code = ((body as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
                    return (index, response.status.code, code)
                }
                // Joined in this order: each waits in the queue before the next is sent.
                while await store.commits.waitingWrites < index + 1 { await Task.yield() }
            }
            gate.signal()
            var answers = [(Int, Int, String?)]()
            for try await answer in group { answers.append(answer) }
            return answers.sorted { $0.0 < $1.0 }.map { (status: $0.1, code: $0.2) }
        }
        try await plug.value
        return answers
    }

    @Test(.timeLimit(.minutes(1))) func aFullDiskFailsTheWholeBatchAndWritesResumeOnceThereIsRoom() async throws {
        let database = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: database.path)
        try await store.replaceAll(with: Fixture.content(withImage: false))
        let app = makeApplication(store: store)
        try await app.test(.router) { client in
            let habitID = try #require(try await client.all("/v1/habits", Habit.self).first).id
            // Room for the small writes and about one user: the batch fills the database part way.
            let pages = try await store.writer.writeWithoutTransaction { db in
                let count = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
                try db.execute(sql: "PRAGMA max_page_count = \(count + 2)")
                return (count, free)
            }
            #expect(pages.1 < 4, "few free pages, so the bios cannot fit")
            let revision = store.currentRevision()
            let users = try await store.users().count
            let logs = try await Self.logCount(store)
            let before = try await Self.counters(store)

            let answers = try await Self.sendAsOneBatch(
                Self.requests(habitID: habitID, round: 1), store: store, client: client)
            for (index, answer) in answers.enumerated() {
                #expect(answer.status == 507, "request \(index) of the batch")
                #expect(answer.code == "storage_full", "request \(index): the JSON error body")
            }
            // Nothing of the batch is kept, not even the writes that fitted before the disk was full.
            #expect(store.currentRevision() == revision)
            #expect(try await store.users().count == users)
            #expect(try await Self.logCount(store) == logs)
            let after = try await Self.counters(store)
            #expect(after.stored == before.stored && after.stored == after.recounted)
            #expect(Set(try await store.storedLevels()) == StoreLevels.of(try await store.storedCounters()))

            // Room again: the same writes succeed, together.
            try await store.writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA max_page_count = 1073741823")
            }
            let retried = try await Self.sendAsOneBatch(
                Self.requests(habitID: habitID, round: 2), store: store, client: client)
            #expect(retried.map(\.status) == [201, 201, 201, 200] + Array(repeating: 201, count: 6))
            #expect(try await store.users().count == users + 6)
            #expect(try await Self.logCount(store) == logs + 4)
            let resumed = try await Self.counters(store)
            #expect(resumed.stored == resumed.recounted && resumed.stored != before.stored)
            #expect(store.currentRevision() == revision + 1, "one group commit")
        }
        try store.close()
    }
}

/// Levels as the counters make them: per habit and count, how many users have that count.
enum StoreLevels {
    static func of(_ counters: [StoredCounter]) -> Set<CountLevel> {
        var users: [Int64: [Int: Int]] = [:]
        for counter in counters { users[counter.habitID, default: [:]][counter.count, default: 0] += 1 }
        return Set(users.flatMap { habit, levels in
            levels.map { CountLevel(habitID: habit, count: $0.key, users: $0.value) }
        })
    }
}
