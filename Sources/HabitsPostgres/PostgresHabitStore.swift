import Foundation
import HabitsDomain
import HabitsStore
import Logging
import PostgresNIO

/// The store on PostgreSQL: a `PostgresClient` pool, the schema of `PostgresSchema`, writes in
/// `READ COMMITTED` transactions that lock what they change, screen reads in `REPEATABLE READ` snapshots.
///
/// The store owns the task that runs its client (`PostgresClient.run()`), started when it connects and
/// cancelled by `close()`: like `SQLiteHabitStore`, it is usable as soon as it is made, by the server,
/// the tools and the tests alike, without a service group to join. Why writes stay exact under
/// concurrent writers on several connections and instances: `Docs/Architecture.md`.
public final class PostgresHabitStore: HabitStore {
    let client: PostgresClient
    let logger: Logger
    let revision: RevisionCounter
    let changeFeed: StoreChangeFeed
    /// This instance's id in the change channel's payloads, so it does not publish its own writes twice.
    let instance: String
    /// The `NOTIFY` channel of the store's schema (`PostgresChangeChannel`).
    let channel: String
    /// Commits concurrent log writes together (`createLogs`, the course's `log`).
    let logBatcher = PostgresLogBatcher()
    /// The habit list the screen reads share while no one changes it.
    let habitList = HabitListCache()
    private let runner: Task<Void, Never>
    private let listener: Task<Void, Never>

    /// Connects to the database `configuration` names, migrates it to the latest schema (once, whatever
    /// the number of instances starting together) and reads its revision.
    public static func connect(
        _ configuration: PostgresStoreConfiguration, logger: Logger = Logger(label: "habits.store")
    ) async throws -> PostgresHabitStore {
        let client = PostgresClient(configuration: configuration.clientConfiguration, backgroundLogger: logger)
        // The pool warns of a lease asked before `run()` is called (as `habits migrate` showed): the first
        // lease waits for the runner's task to start, which calls it next. That makes the warning unlikely,
        // not impossible: the pool has no way to await `run()` itself.
        let (started, start) = AsyncStream<Void>.makeStream()
        let runner = Task {
            start.finish()
            await client.run()
        }
        for await _ in started {}
        do {
            let stored = try await client.withConnection { connection in
                try await PostgresSchema.migrate(connection, schema: configuration.schema, logger: logger)
                return try await PostgresSession(connection: connection, logger: logger).fetchRevision()
            }
            logger.info(
                "opened store",
                metadata: ["database": "\(configuration.redactedDescription)", "revision": "\(stored)"])
            let feed = StoreChangeFeed()
            let revision = RevisionCounter(stored)
            let instance = UUID().uuidString
            let channel = PostgresChangeChannel.name(schema: configuration.schema)
            let (listening, ready) = AsyncStream<Void>.makeStream()
            let listener = Task {
                await PostgresChangeChannel.follow(
                    client: client, channel: channel, instance: instance, feed: feed, revision: revision,
                    retryDelay: configuration.listenerRetryDelay, logger: logger, ready: { ready.yield() })
            }
            // Writes made through other instances from now on reach this one's feed.
            await PostgresChangeChannel.first(of: listening, within: .seconds(10))
            return PostgresHabitStore(
                client: client, logger: logger, revision: revision, feed: feed, instance: instance, channel: channel,
                runner: runner, listener: listener)
        } catch {
            runner.cancel()
            throw PostgresFailure.mapped(error)
        }
    }

    private init(
        client: PostgresClient, logger: Logger, revision: RevisionCounter, feed: StoreChangeFeed, instance: String,
        channel: String, runner: Task<Void, Never>, listener: Task<Void, Never>
    ) {
        self.client = client
        self.logger = logger
        self.revision = revision
        self.changeFeed = feed
        self.instance = instance
        self.channel = channel
        self.runner = runner
        self.listener = listener
    }

    deinit {
        // Readers of the change feed would otherwise wait for commits that can no longer come.
        changeFeed.finish()
        listener.cancel()
        runner.cancel()
    }

    /// Ends the change feeds and closes every connection of the pool; later calls fail.
    public func close() async {
        changeFeed.finish()
        // The listener ends when its connection closes with the client.
        listener.cancel()
        runner.cancel()
        _ = await runner.value
    }

    public func currentRevision() -> Int64 { revision.current }

    public func ping() async throws {
        try await readStatements { session in _ = try await session.int("SELECT 1") }
    }

    public func storeChanges() -> StoreChanges { StoreChanges(feed: changeFeed) }

    public func readScreens<T: Sendable>(
        _ body: @escaping @Sendable (any ScreenSource) async throws -> T
    ) async throws -> T {
        do {
            return try await client.withConnection { connection in
                let session = PostgresSession(connection: connection, logger: logger)
                // The snapshot starts with the first read after BEGIN, the revision: every later read of
                // `body` sees the state of that revision, on this one connection, across its awaits.
                try await session.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                do {
                    let (revision, habitsVersion) = try await session.fetchRevisionAndHabitsVersion()
                    let source = PostgresSnapshotSource(
                        session: session, revision: revision, habitList: habitList, habitsVersion: habitsVersion)
                    let result = try await body(source)
                    try await session.execute("COMMIT")
                    return result
                } catch {
                    try? await session.execute("ROLLBACK")
                    throw error
                }
            }
        } catch {
            throw PostgresFailure.mapped(error)
        }
    }

    // MARK: Transactions

    /// Runs `body` in a read-only transaction that sees one state.
    func read<T: Sendable>(_ body: @escaping @Sendable (PostgresSession) async throws -> T) async throws -> T {
        do {
            return try await client.withConnection { connection in
                let session = PostgresSession(connection: connection, logger: logger)
                try await session.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                do {
                    let result = try await body(session)
                    try await session.execute("COMMIT")
                    return result
                } catch {
                    try? await session.execute("ROLLBACK")
                    throw error
                }
            }
        } catch {
            throw PostgresFailure.mapped(error)
        }
    }

    /// Runs `body` on a leased connection without a transaction of its own: for reads whose statements
    /// each stand alone (one query, or a check that only explains an empty answer), which then cost no
    /// `BEGIN` and `COMMIT` round trips.
    func readStatements<T: Sendable>(
        _ body: @escaping @Sendable (PostgresSession) async throws -> T
    ) async throws -> T {
        do {
            return try await client.withConnection { connection in
                try await body(PostgresSession(connection: connection, logger: logger))
            }
        } catch {
            throw PostgresFailure.mapped(error)
        }
    }

    /// Runs `body` in a write transaction, bumps the revision last and returns once committed, with the
    /// revision raised and what `body` recorded published to the change feed.
    ///
    /// `READ COMMITTED`: each statement sees every commit before it, and `body` takes the locks that
    /// order concurrent writers (`PostgresLocks`) before it reads what it changes. A deadlock or
    /// serialization failure rolls everything back and runs `body` again, a few times.
    ///
    /// `onEventLoop`: the transaction runs on its connection's event loop (`EventLoopTaskExecutor`), for a
    /// short chain of statements with little work between them, such as a batch of logs.
    func writeBumping<T: Sendable>(
        bumpsRevision: Bool = true, onEventLoop: Bool = false,
        _ body: @escaping @Sendable (PostgresSession, ChangeRecorder) async throws -> T
    ) async throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            do {
                let (value, change) = try await client.withConnection { connection in
                    let session = PostgresSession(connection: connection, logger: logger)
                    let announce = (channel: channel, instance: instance)
                    let run = {
                        try await Self.transaction(session, bumpsRevision: bumpsRevision, announce: announce, body)
                    }
                    return onEventLoop ? try await connection.onEventLoop(run) : try await run()
                }
                if let change {
                    revision.raise(to: change.revision)
                    // Before the caller resumes, so a caller that awaited its write finds it in the feed.
                    changeFeed.publish(change)
                }
                return value
            } catch let error as PSQLError where PostgresFailure.isRetryable(error) && attempt < 8 {
                logger.debug("retrying a write", metadata: ["attempt": "\(attempt)", "error": "\(error.sqlState)"])
                try await Task.sleep(nanoseconds: UInt64.random(in: 1_000_000...5_000_000) * UInt64(attempt))
            } catch {
                throw PostgresFailure.mapped(error)
            }
        }
    }

    private static func transaction<T: Sendable>(
        _ session: PostgresSession, bumpsRevision: Bool, announce: (channel: String, instance: String),
        _ body: @escaping @Sendable (PostgresSession, ChangeRecorder) async throws -> T
    ) async throws -> (T, StoreChange?) {
        try await session.execute("BEGIN ISOLATION LEVEL READ COMMITTED")
        do {
            let recorder = ChangeRecorder()
            let value = try await body(session, recorder)
            guard bumpsRevision else {
                try await session.execute("COMMIT")
                return (value, nil)
            }
            // The revision is not known until the commit: the trigger of `revision_requests` bumps it as
            // the transaction commits (schema v10), so its row lock is held for the commit alone, revisions
            // commit in their order, and a snapshot that sees revision r sees every write up to r.
            let pending = recorder.change(revision: PostgresChangeChannel.pendingRevision)
            // Delivered at the commit, in commit order, to every instance listening (this one skips it).
            let announcement =
                pending.isEmpty
                ? nil : PostgresChangeChannel.announcement(pending, instance: announce.instance)
            try await session.execute(
                """
                INSERT INTO revision_requests (channel, payload, large)
                VALUES (\(announce.channel), \(announcement?.payload), \(announcement?.stored))
                """)
            try await session.execute("COMMIT")
            let committed = try await session.committedRevision()
            return (value, recorder.change(revision: committed))
        } catch {
            try? await session.execute("ROLLBACK")
            throw error
        }
    }
}
