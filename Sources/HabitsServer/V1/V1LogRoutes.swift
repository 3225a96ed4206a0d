import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/logs…`: single and batch creation, reading and deleting one log.
struct V1LogRoutes: Sendable {
    let store: any HabitStore
    let clock: @Sendable () -> Date
    let metrics: ServerMetrics

    /// The body of a batch: up to 1,000 logs, written all or none.
    struct Batch: Codable, Sendable {
        var logs: [LogDraft]
    }

    /// The answer to a batch: the logs created, in the order given.
    struct BatchResult: Codable, Sendable {
        var logs: [LogResource]
    }

    func addRoutes(to router: Router<HabitsRequestContext>) {
        let logs = router.group("/v1/logs")
        logs.post { request, _ in
            let draft = try await V1Request.body(LogDraft.self, request)
            let created = try await store.createLogs([try ResourceRules.checked(draft, now: clock())])
            metrics.logsWritten.increment(by: Int64(created.count))
            guard let log = created.first else { throw HabitsError.unavailable(reason: "The store did not return the new log.") }
            return try JSONResponse.created(log, location: "/v1/logs/\(log.id)")
        }
        logs.post("batch") { request, _ in
            let batch = try await V1Request.body(Batch.self, request, limit: V1Request.maximumBatchBody)
            guard (1...ResourceRules.maximumBatch).contains(batch.logs.count) else {
                throw HabitsError.invalid(field: "logs", reason: "must hold 1 to \(ResourceRules.maximumBatch) logs, got \(batch.logs.count).")
            }
            let now = clock()
            let drafts = try batch.logs.enumerated().map { index, draft in
                try ResourceRules.checked(draft, now: now, field: "logs[\(index)].timestamp")
            }
            let created = try await store.createLogs(drafts)
            metrics.logsWritten.increment(by: Int64(created.count))
            var response = try JSONResponse.encode(BatchResult(logs: created))
            response.status = .created
            return response
        }
        logs.get(":logID") { _, context in
            try JSONResponse.encode(try await store.logEntry(id: try V1Request.id("logID", context)))
        }
        logs.delete(":logID") { _, context in
            try await store.deleteLog(id: try V1Request.id("logID", context))
            return JSONResponse.noContent
        }
    }
}
