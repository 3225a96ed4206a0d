import Foundation
import HabitsDomain
@testable import HabitsPostgres
import HabitsStore
import HabitsTestSupport
import Logging
import PostgresNIO
import Testing

/// What no single `NOTIFY` payload carries still reaches every instance: a change too large for one, by
/// reference, and the writes committed while an instance's listening connection was lost, on reconnection.
@Suite(.timeLimit(.minutes(10))) struct ChangeChannelRecoveryTests {
    /// The next change of `feed` at `revision` or later, skipping earlier ones.
    func change(atLeast revision: Int64, in feed: inout StoreChanges.AsyncIterator) async throws -> StoreChange {
        while true {
            let change = try #require(await feed.next())
            if change.revision >= revision { return change }
        }
    }

    /// Two instances on a new schema holding the fixture, and the reader's feed, which has heard the load.
    static func twoInstances() async throws -> (
        PostgresStoreConfiguration, writer: PostgresHabitStore, reader: PostgresHabitStore,
        feed: StoreChanges.AsyncIterator
    ) {
        var configuration = try PostgresTestStores.newConfiguration()
        let writer = try await PostgresHabitStore.connect(configuration)
        // Long enough for a write between the loss of its connection and its return, on a busy machine.
        configuration.listenerRetryDelay = .seconds(8)
        let reader = try await PostgresHabitStore.connect(configuration)
        // Made before the write: a feed hears only what arrives after it is made.
        var feed = reader.storeChanges().makeAsyncIterator()
        try await writer.replaceAll(with: Fixture.content(withImage: false))
        _ = try #require(await feed.next())
        return (configuration, writer, reader, feed)
    }

    @Test func aChangeTooLargeForAPayloadArrivesWhole() async throws {
        guard PostgresTestStores.shouldRun else { return }
        var (_, writer, reader, feed) = try await Self.twoInstances()
        // 800 habits with a log each in one import: 800 count changes, more than 7,000 bytes of payload. An
        // account keeps at most 200 habits of its own (`HabitRule`), so 650 are the catalogue's and 150 new.
        var habits: [ImportedHabit] = []
        for index in 0..<650 {
            let shared = try await writer.createHabit(
                Habit(id: 0, name: "Shared \(index)", categoryID: 1, info: "", emoji: nil))
            habits.append(.existing(id: shared.id))
        }
        habits += (0..<150).map { index in
            ImportedHabit.new(
                Habit(
                    id: 0, name: "Habit \(index)", categoryID: 1, info: "", emoji: nil,
                    schedule: HabitSchedule(kind: .daily), ownerID: 2, visibility: .personal))
        }
        let logs = (0..<800).map { ImportedLog(habit: $0, timestamp: Fixture.now) }
        _ = try await writer.importAccountData(
            AccountImport(habits: habits, logs: logs, days: [], favoriteHabitIDs: []), userID: 2, now: Fixture.now)
        let change = try await change(atLeast: writer.currentRevision(), in: &feed)
        #expect(change.revision == writer.currentRevision())
        #expect(change.counts.count == 800 && change.counts.allSatisfy { $0.userID == 2 && $0.after == 1 })
        #expect(change.catalogue)
        await writer.close()
        await reader.close()
    }

    @Test func aListenerThatLostItsConnectionPublishesWhatWasWrittenMeanwhile() async throws {
        guard PostgresTestStores.shouldRun else { return }
        var (configuration, writer, reader, feed) = try await Self.twoInstances()

        let admin = PostgresClient(
            configuration: configuration.clientConfiguration, backgroundLogger: Logger(label: "test"))
        let running = Task { await admin.run() }
        // The statement PostgresNIO listens with, exactly: another store's channel may begin with this one's name.
        let listening = #"LISTEN ""# + PostgresChangeChannel.name(schema: configuration.schema) + #"";"#
        // Both instances' listening connections end, as when the network drops them.
        _ = try await admin.query(
            """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE query = \(listening) AND pid <> pg_backend_pid()
            """)
        var listeners = 1
        for _ in 0..<200 where listeners > 0 {
            try await Task.sleep(for: .milliseconds(10))
            let rows = try await admin.query(
                """
                SELECT count(*)::bigint FROM pg_stat_activity
                WHERE query = \(listening) AND pid <> pg_backend_pid()
                """)
            for try await count in rows.decode(Int64.self) { listeners = Int(count) }
        }
        #expect(listeners == 0)
        // Announced while no one listens: the reader hears of it only by looking when it listens again.
        _ = try await writer.createLogs([LogDraft(userID: 2, habitID: 1, timestamp: Fixture.now)])
        let missed = try await change(atLeast: writer.currentRevision(), in: &feed)
        #expect(missed.revision == writer.currentRevision())
        #expect(missed.catalogue, "a superset, which makes every screen look again")
        #expect(reader.currentRevision() == writer.currentRevision())

        // Listening again, it hears the next write exactly.
        try await writer.setFavorite(userID: 3, habitID: 2, true)
        let next = try await change(atLeast: writer.currentRevision(), in: &feed)
        #expect(next.favoritesOf == [3] && !next.catalogue)
        running.cancel()
        await writer.close()
        await reader.close()
    }
}
