import Foundation
import HabitsDomain
@testable import HabitsPostgres
import HabitsStore
import HabitsTestSupport
import Logging
import PostgresNIO
import Testing

/// Every write that removes logs takes its pair's user and habit rows before the pair's lock, as the
/// writes adding logs do (`PostgresLocks`). A removal that took the pair first and the user only when its
/// day's run was split deadlocked with a visibility change, which holds the user and then updates the
/// counters; PostgreSQL found each such deadlock only after `deadlock_timeout`.
///
/// Advisory locks are the database's, not a schema's: the cases run one after the other, each with a user id
/// no other test has, and a waiter is told by its statement, so that other tests' locks are not taken for
/// this one's.
@Suite(.serialized, .timeLimit(.minutes(10))) struct LockOrderTests {
    enum Removal: Int64, CaseIterable, Sendable {
        case deleteLog = 1, unmarkDay, undoLastLog
    }

    @Test(arguments: Removal.allCases)
    func aRemovalWaitingForItsPairAlreadyHoldsItsUser(removal: Removal) async throws {
        guard PostgresTestStores.shouldRun else { return }
        let (store, admin, running, userID) = try await Self.setUp(userIDAfter: 900_000 + removal.rawValue)
        defer { running.cancel() }
        let draft = LogDraft(userID: userID, habitID: removal.rawValue, timestamp: Fixture.now)
        let log = try #require(try await store.createLogs([draft]).first)
        #expect(userID > 900_000)

        let visibilityChanged = Flag()
        try await admin.withConnection { holder in
            // This connection holds the pair's lock, so the removal stops there.
            _ = try await holder.query("BEGIN", logger: Self.logger)
            let key = CounterPair(userID: userID, habitID: removal.rawValue).lockKey
            _ = try await holder.query("SELECT pg_advisory_xact_lock(\(key))", logger: Self.logger)
            let holderPID = try await Self.backendPID(holder)
            let removing = Task { try await Self.remove(removal, log: log, from: store) }
            let remover = try #require(
                try await Self.waiting(on: holderPID, in: admin, running: "pg_advisory_xact_lock"))
            let changing = Task {
                _ = try await store.setVisibility(.private, userID: userID)
                await visibilityChanged.set()
            }
            // The visibility change waits for the removal, which holds the user: had it not, the change
            // would finish now and could later hold the user while the removal inserts the day's run.
            _ = try await Self.waiting(on: remover, in: admin, running: "FOR UPDATE", unless: visibilityChanged)
            #expect(!(await visibilityChanged.isSet), "the visibility change did not wait for the removal")
            _ = try await holder.query("COMMIT", logger: Self.logger)
            try await removing.value
            try await changing.value
        }
        let count = try await store.readScreens { source in
            try await source.count(userID: userID, habitID: removal.rawValue)
        }
        #expect(count == 0)
        #expect(try await store.account(userID: userID).visibility == .private)
        await store.close()
    }

    /// The store runs one batch of logs at a time, but a batch that waits on its pair's lock (held here as an
    /// import or a deletion would hold it) lets another start once it has waited `overtakingDelay`: the
    /// other pairs' logs go on being written.
    @Test func aBatchWaitingForItsPairDoesNotHoldUpTheOtherPairs() async throws {
        guard PostgresTestStores.shouldRun else { return }
        let (store, admin, running, userID) = try await Self.setUp(userIDAfter: 900_010)
        defer { running.cancel() }
        #expect(userID > 900_000)
        try await admin.withConnection { holder in
            _ = try await holder.query("BEGIN", logger: Self.logger)
            let key = CounterPair(userID: userID, habitID: 1).lockKey
            _ = try await holder.query("SELECT pg_advisory_xact_lock(\(key))", logger: Self.logger)
            let holderPID = try await Self.backendPID(holder)
            let stalled = Task {
                try await store.createLogs([LogDraft(userID: userID, habitID: 1, timestamp: Fixture.now)])
            }
            _ = try #require(try await Self.waiting(on: holderPID, in: admin, running: "habits_insert_logs"))
            // Another pair's log, while the first batch waits: written within 10 s, or the check fails.
            let otherWritten = Flag()
            let other = Task {
                _ = try await store.createLogs([LogDraft(userID: userID, habitID: 2, timestamp: Fixture.now)])
                await otherWritten.set()
            }
            var written = false
            for _ in 0..<1_000 where !written {
                try await Task.sleep(for: .milliseconds(10))
                written = await otherWritten.isSet
            }
            #expect(written, "another pair's log waited for the batch held on its pair's lock")
            _ = try await holder.query("COMMIT", logger: Self.logger)
            _ = try await stalled.value
            try await other.value
        }
        let counts = try await store.readScreens { source in try await source.counts(userID: userID) }
        #expect(counts[1] == 1)
        #expect(counts[2] == 1)
        await store.close()
    }

    static let logger = Logger(label: "test")

    /// A store on a schema of its own with the fixture, a client of its own on the same database (run until
    /// `running` is cancelled), and a new user whose id, the first after `userIDAfter`, no other test has:
    /// so that no other test's writes take this user's pairs' locks.
    static func setUp(userIDAfter: Int64) async throws
        -> (store: PostgresHabitStore, admin: PostgresClient, running: Task<Void, Never>, userID: Int64)
    {
        let configuration = try PostgresTestStores.newConfiguration()
        let store = try await PostgresHabitStore.connect(configuration)
        try await store.replaceAll(with: Fixture.content(withImage: false))
        let admin = PostgresClient(configuration: configuration.clientConfiguration, backgroundLogger: logger)
        let running = Task { await admin.run() }
        _ = try await admin.query("SELECT setval(pg_get_serial_sequence('users', 'id'), \(userIDAfter))")
        let person = User(id: 0, key: "ada", name: "Ada", color: nil, bio: nil, timeZone: "UTC", locale: "en_US")
        let (account, _) = try await store.createAccount(person, passwordHash: "h", visibility: .public, session: nil)
        return (store, admin, running, account.user.id)
    }

    static func remove(_ removal: Removal, log: Log, from store: PostgresHabitStore) async throws {
        let day = LocalDay(Fixture.now, in: TimeZone(identifier: "UTC") ?? .current)
        switch removal {
        case .deleteLog: try await store.deleteLog(id: log.id)
        case .unmarkDay: try await store.unmarkDay(userID: log.userID, habitID: log.habitID, day: day, now: Fixture.now)
        case .undoLastLog: _ = try await store.undoLastLog(userID: log.userID, habitID: log.habitID, now: Fixture.now)
        }
    }

    static func backendPID(_ connection: PostgresConnection) async throws -> Int32 {
        let rows = try await connection.query("SELECT pg_backend_pid()", logger: logger)
        for try await pid in rows.decode(Int32.self) { return pid }
        throw CancellationError()
    }

    /// The backend that waits for `pid`'s locks in a statement containing `statement`, once one does; nil if
    /// `unless` is set first. Gives up after 30 s.
    static func waiting(on pid: Int32, in client: PostgresClient, running statement: String, unless: Flag? = nil)
        async throws -> Int32?
    {
        for _ in 0..<3_000 {
            if let unless, await unless.isSet { return nil }
            let rows = try await client.query(
                """
                SELECT pid FROM pg_stat_activity
                WHERE \(pid) = ANY(pg_blocking_pids(pid)) AND strpos(query, \(statement)) > 0 LIMIT 1
                """)
            for try await waiter in rows.decode(Int32.self) { return waiter }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("no backend waited for \(pid) within 30 s")
        return nil
    }
}

/// Set once, read from any task.
actor Flag {
    private(set) var isSet = false
    func set() { isSet = true }
}
