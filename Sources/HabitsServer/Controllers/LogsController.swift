import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/logs…`: single and batch creation, reading and deleting one log, undoing today's latest.
struct LogsController: Sendable {
    let store: any ResourceStore
    let clock: @Sendable () -> Date
    let metrics: ServerMetrics

    /// The body of a batch: up to 1,000 logs, written all or none.
    struct Batch: Codable, Sendable {
        var logs: [LogDraft]
    }

    /// The answer to a batch: the logs created, in the order given.
    struct BatchResult: Codable, Sendable {
        var logs: [Log]
    }

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.post(Routes.logs.routerPath, use: create)
        router.post(Routes.logBatch.routerPath, use: createBatch)
        router.post(Routes.logUndo.routerPath, use: undo)
        router.get(Routes.log.routerPath, use: get)
        router.delete(Routes.log.routerPath, use: delete)
    }

    @Sendable func create(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Log> {
        let input = try await RequestBody.decode(LogInput.self, from: request)
        try context.requireActing(as: input.userID)
        try await requireVisibleHabits([input.habitID], context)
        let now = clock()
        let draft = LogDraft(userID: input.userID, habitID: input.habitID, timestamp: input.timestamp ?? now)
        let created = try await store.createLogs([try ResourceRules.checked(draft, now: now)])
        metrics.countLogsWritten(created.count)
        guard let log = created.first else {
            throw HabitsError.unavailable(reason: "The store did not return the new log.")
        }
        return .created(log, location: "/v1/logs/\(log.id)")
    }

    @Sendable func createBatch(_ request: Request, context: HabitsRequestContext) async throws -> JSON<BatchResult> {
        let batch = try await RequestBody.decode(Batch.self, from: request, limit: RequestBody.maximumBatchJSON)
        guard (1...ResourceRules.maximumBatch).contains(batch.logs.count) else {
            throw HabitsError.invalid(
                field: "logs", reason: "must hold 1 to \(ResourceRules.maximumBatch) logs, got \(batch.logs.count)."
            )
        }
        for draft in batch.logs { try context.requireActing(as: draft.userID) }
        try await requireVisibleHabits(batch.logs.map(\.habitID), context)
        let now = clock()
        let drafts = try batch.logs.enumerated().map { index, draft in
            try ResourceRules.checked(draft, now: now, field: "logs[\(index)].timestamp")
        }
        let created = try await store.createLogs(drafts)
        metrics.countLogsWritten(created.count)
        return JSON(BatchResult(logs: created), status: .created)
    }

    /// Takes back the asker's latest log of a habit made today (their zone's today): the Log screen's Undo.
    @Sendable func undo(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let input = try await RequestBody.decode(UndoInput.self, from: request)
        try context.requireActing(as: input.userID)
        try await requireVisibleHabits([input.habitID], context)
        _ = try await store.undoLastLog(userID: input.userID, habitID: input.habitID, now: clock())
        return NoContent()
    }

    /// Someone else's personal habit does not exist for the asker (unknown ids are the store's to refuse).
    ///
    /// - Complexity: one read per distinct habit.
    private func requireVisibleHabits(_ habitIDs: [Int64], _ context: HabitsRequestContext) async throws {
        guard case .signedIn(let identity) = context.access else { return }
        for id in Set(habitIDs) {
            if let habit = try? await store.habit(id: id), !habit.isVisible(to: identity.userID) {
                throw HabitsError.notFound(kind: .habit, id: String(id))
            }
        }
    }

    @Sendable func get(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Log> {
        let id = try RequestInput.id("logID", context)
        let log = try await store.logEntry(id: id)
        // A private user's log is answered as if it did not exist to those who may not see the user.
        if case .signedIn(let identity) = context.access {
            let unseen = try await !store.maySee(userID: log.userID, viewerID: identity.userID)
            // A log of someone else's personal habit does not exist for the asker, as the habit does not.
            let hiddenHabit = try? await store.habit(id: log.habitID).isVisible(to: identity.userID) == false
            if unseen || hiddenHabit == true { throw HabitsError.notFound(kind: .log, id: String(id)) }
        }
        return JSON(log)
    }

    @Sendable func delete(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let id = try RequestInput.id("logID", context)
        if case .signedIn(let identity) = context.access {
            let log = try await store.logEntry(id: id)
            // Someone else's log is refused; one of a user the asker may not see does not exist for them.
            if try await !store.maySee(userID: log.userID, viewerID: identity.userID) {
                throw HabitsError.notFound(kind: .log, id: String(id))
            }
            try context.requireActing(as: log.userID)
        } else if context.access != .open {
            try context.requireActing(as: try await store.logEntry(id: id).userID)
        }
        try await store.deleteLog(id: id)
        return NoContent()
    }
}
