import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// A log to write, its user and habit named as the caller knows them: by row id (`/v1`), or by the
/// course's user key and shared habit name.
struct PendingLog: Sendable {
    enum UserReference: Hashable, Sendable {
        case id(Int64)
        case key(String)
    }

    enum HabitReference: Hashable, Sendable {
        case id(Int64)
        case sharedName(String)
    }

    var user: UserReference
    var habit: HabitReference
    var timestamp: Date
}

/// Commits concurrent log writes together: the requests that arrive while a transaction runs share
/// the next one, so a burst of single logs costs one `BEGIN`, one lookup of users and habits, one
/// insert, one raise of counters and one commit (with its sync to disk), not one of each per log.
///
/// Each request is checked on its own: one naming an unknown user or habit fails alone with
/// `notFound`, and the others are written. Every caller resumes only once the transaction holding its
/// logs is committed; a failure of the transaction itself fails every request of the batch, and none
/// of them is written. Each batch holds at most `maximumLogs` logs (a larger request runs alone).
///
/// One batch at a time, unless the newest has run for `overtakingDelay`: then another starts, up to
/// `concurrentBatches`. Every batch's commit waits for the revision row (schema v10) and batches of the
/// same pairs wait for each other's pair locks, so a second batch in flight mostly splits the waiting
/// requests into smaller transactions that then queue on those locks: measured with 32 connections on 20
/// pairs (Performance.md), one batch at a time wrote 14–19% more logs a second than two always at once,
/// and two more than three or four. A batch that waits long (on a pair an import or a deletion holds)
/// does not hold up the other pairs' logs beyond the delay.
actor PostgresLogBatcher {
    private struct Request {
        var logs: [PendingLog]
        /// The store that owns this batcher: passed with each request rather than held, so that neither
        /// keeps the other alive.
        var store: PostgresHabitStore
        var continuation: CheckedContinuation<[Int64], any Error>
    }

    private let concurrentBatches: Int
    private let overtakingDelay: Duration
    private let maximumLogs: Int
    private var waiting: [Request] = []
    private var running = 0
    /// When the newest running batch started.
    private var newestStart = ContinuousClock.now
    /// Whether a wake is due at the end of the newest batch's delay, for requests left waiting.
    private var wakeScheduled = false

    init(concurrentBatches: Int = 4, overtakingDelay: Duration = .milliseconds(50), maximumLogs: Int = 512) {
        self.concurrentBatches = concurrentBatches
        self.overtakingDelay = overtakingDelay
        self.maximumLogs = maximumLogs
    }

    /// Writes `logs` in one transaction of `store` with the other requests waiting, and returns their new
    /// ids in order once it is committed.
    func write(_ logs: [PendingLog], in store: PostgresHabitStore) async throws -> [Int64] {
        guard !logs.isEmpty else { return [] }
        return try await withCheckedThrowingContinuation { continuation in
            waiting.append(Request(logs: logs, store: store, continuation: continuation))
            startBatches()
        }
    }

    private func startBatches() {
        while !waiting.isEmpty, running < concurrentBatches,
            running == 0 || newestStart.duration(to: .now) >= overtakingDelay
        {
            // The requests that fit, taken off the front at once: one shift of the rest a batch, not one each.
            var taken = 0
            var logs = 0
            while taken < waiting.count, taken == 0 || logs + waiting[taken].logs.count <= maximumLogs {
                logs += waiting[taken].logs.count
                taken += 1
            }
            let batch = Array(waiting[..<taken])
            waiting.removeFirst(taken)
            running += 1
            newestStart = .now
            Task { await self.commit(batch) }
        }
        if !waiting.isEmpty, running < concurrentBatches, !wakeScheduled {
            // Requests left waiting behind a batch that may stall: look again when it has run the delay.
            wakeScheduled = true
            let delay = overtakingDelay - newestStart.duration(to: .now)
            Task {
                try? await Task.sleep(for: delay)
                await self.wake()
            }
        }
    }

    private func wake() {
        wakeScheduled = false
        startBatches()
    }

    private func commit(_ batch: [Request]) async {
        do {
            guard let store = batch.first?.store else { return }
            let outcomes = try await Self.write(batch.map(\.logs), in: store)
            for (request, outcome) in zip(batch, outcomes) { request.continuation.resume(with: outcome) }
        } catch {
            for request in batch { request.continuation.resume(throwing: error) }
        }
        running -= 1
        startBatches()
    }

    /// The batch's one transaction; what each request gets. Throws only when the transaction failed.
    private static func write(_ requests: [[PendingLog]], in store: PostgresHabitStore) async throws
        -> [Result<[Int64], any Error>]
    {
        do {
            return try await store.writeBumping(onEventLoop: true) { session, changes in
                let outcomes = try await PostgresLogBatch.write(requests, session: session, changes: changes)
                // Nothing to commit: no revision is spent on a batch that wrote nothing.
                if outcomes.allSatisfy({ (try? $0.get()) == nil }) { throw NothingWritten(outcomes: outcomes) }
                return outcomes
            }
        } catch let nothing as NothingWritten {
            return nothing.outcomes
        }
    }

    /// Rolls back a batch in which every request failed, carrying what each is told.
    private struct NothingWritten: Error {
        var outcomes: [Result<[Int64], any Error>]
    }
}

/// The statements of one batch of log requests, inside the batch's transaction.
enum PostgresLogBatch {
    /// Locks the users and habits the requests name, checks each request, and inserts the logs of those
    /// that name only existing rows, through `PostgresCounters.insertLocked`.
    static func write(_ requests: [[PendingLog]], session: PostgresSession, changes: ChangeRecorder)
        async throws -> [Result<[Int64], any Error>]
    {
        let all = requests.flatMap { $0 }
        var userIDs = Set<Int64>()
        var userKeys = Set<String>()
        var habitIDs = Set<Int64>()
        var habitNames = Set<String>()
        for log in all {
            switch log.user {
            case .id(let id): userIDs.insert(id)
            case .key(let key): userKeys.insert(key.precomposedStringWithCanonicalMapping)
            }
            switch log.habit {
            case .id(let id): habitIDs.insert(id)
            case .sharedName(let name): habitNames.insert(name.precomposedStringWithCanonicalMapping)
            }
        }
        // Held until the commit: neither can be deleted under the logs. One round trip; the users are
        // locked first, as PostgresLocks orders them, since an append runs its parts in order.
        var zones: [Int64: TimeZone] = [:]
        var users: [PendingLog.UserReference: Int64] = [:]
        var habits: [PendingLog.HabitReference: Int64] = [:]
        for row in try await session.rows(
            """
            WITH named_users AS (
                SELECT id, key, time_zone FROM users WHERE id = ANY(\(Array(userIDs))) OR key = ANY(\(Array(userKeys)))
                ORDER BY id FOR KEY SHARE
            ), named_habits AS (
                SELECT id, name, visibility = 'shared' AS shared FROM habits
                WHERE id = ANY(\(Array(habitIDs))) OR (name = ANY(\(Array(habitNames))) AND visibility = 'shared')
                ORDER BY id FOR KEY SHARE
            )
            SELECT false, id, key, time_zone, false FROM named_users
            UNION ALL
            SELECT true, id, name, '', shared FROM named_habits
            """)
        {
            let (isHabit, id, name, zone, shared) = try row.decode((Bool, Int64, String, String, Bool).self)
            if isHabit {
                habits[.id(id)] = id
                if shared { habits[.sharedName(name)] = id }
            } else {
                zones[id] = TimeZoneCache.shared.zone(zone)
                users[.id(id)] = id
                users[.key(name)] = id
            }
        }
        var outcomes: [Result<[Int64], any Error>] = []
        var rows: [LogRow] = []
        var written: [Range<Int>] = []
        for request in requests {
            do {
                var requestRows: [LogRow] = []
                for log in request {
                    requestRows.append(LogRow(
                        userID: try resolved(log.user, in: users), habitID: try resolved(log.habit, in: habits),
                        timestamp: log.timestamp))
                }
                written.append(rows.count..<rows.count + requestRows.count)
                rows += requestRows
                outcomes.append(.success([]))
            } catch {
                written.append(0..<0)
                outcomes.append(.failure(error))
            }
        }
        let ids = try await PostgresCounters.insertLocked(session, rows, zones: zones, changes: changes)
        for index in outcomes.indices where (try? outcomes[index].get()) != nil {
            outcomes[index] = .success(Array(ids[written[index]]))
        }
        return outcomes
    }

    private static func resolved(_ user: PendingLog.UserReference, in users: [PendingLog.UserReference: Int64])
        throws -> Int64
    {
        switch user {
        case .id(let id): guard let found = users[user] else { throw HabitsError.notFound(kind: .user, id: String(id)) }
            return found
        case .key(let key):
            guard let found = users[.key(key.precomposedStringWithCanonicalMapping)] else {
                throw HabitsError.notFound(kind: .user, id: key)
            }
            return found
        }
    }

    private static func resolved(_ habit: PendingLog.HabitReference, in habits: [PendingLog.HabitReference: Int64])
        throws -> Int64
    {
        switch habit {
        case .id(let id):
            guard let found = habits[habit] else { throw HabitsError.notFound(kind: .habit, id: String(id)) }
            return found
        case .sharedName(let name):
            guard let found = habits[.sharedName(name.precomposedStringWithCanonicalMapping)] else {
                throw HabitsError.notFound(kind: .habit, id: name)
            }
            return found
        }
    }
}
