import Foundation
import HabitsDomain
import Hummingbird

/// Reads what `/v1` requests carry: ids in the path, paging and flags in the query.
/// Every failure is a typed error, so a bad input is a 4xx and never a crash.
enum RequestInput {
    /// The internal id in path parameter `name`.
    static func id(_ name: String, _ context: HabitsRequestContext) throws -> Int64 {
        let text = try context.parameters.require(name)
        guard let id = Int64(text) else {
            throw HabitsError.malformed(
                reason: "The \(name) in the path must be a whole number, got \"\(text.prefix(40))\"."
            )
        }
        return id
    }

    /// The internal id in query parameter `name`, nil when absent.
    static func optionalID(_ name: String, _ request: Request) throws -> Int64? {
        guard let text = request.uri.queryParameters.get(name) else { return nil }
        guard let id = Int64(text) else {
            throw HabitsError.malformed(reason: "\(name) must be a whole number, got \"\(text.prefix(40))\".")
        }
        return id
    }

    /// The page asked for by `cursor` and `limit` (1…200, default 50).
    static func page(_ request: Request) throws -> PageRequest {
        let query = request.uri.queryParameters
        var page = PageRequest()
        if let text = query.get("limit") {
            guard let limit = Int(text) else {
                throw HabitsError.malformed(reason: "limit must be a whole number, got \"\(text.prefix(40))\".")
            }
            guard (1...PageRequest.maximumLimit).contains(limit) else {
                throw HabitsError.invalid(
                    field: "limit", reason: "must be from 1 to \(PageRequest.maximumLimit), got \(limit)."
                )
            }
            page.limit = limit
        }
        if let cursor = query.get("cursor") {
            page.after = try PageCursor(encoded: cursor)
        }
        return page
    }

    /// Whether `?cascade=true` was given (`false` or absence means no).
    static func cascade(_ request: Request) throws -> Bool {
        switch request.uri.queryParameters.get("cascade") {
        case nil, "false", "0": return false
        case "true", "1": return true
        case let other?:
            throw HabitsError.malformed(reason: "cascade must be true or false, got \"\(other.prefix(40))\".")
        }
    }

    /// The time range given by `from` and `to` (ISO 8601 instants).
    static func timeRange(_ request: Request) throws -> TimeRange {
        let query = request.uri.queryParameters
        func instant(_ name: String) throws -> Date? {
            guard let text = query.get(name) else { return nil }
            guard let date = HabitsJSON.parseInstant(text) else {
                throw HabitsError.malformed(
                    reason:
                        "\(name) must be an ISO 8601 instant such as 2026-11-22T17:20:15Z, got \"\(text.prefix(40))\"."
                )
            }
            return date
        }
        let range = TimeRange(from: try instant("from"), to: try instant("to"))
        if let from = range.from, let to = range.to, from > to {
            throw HabitsError.invalid(field: "to", reason: "must not be earlier than from.")
        }
        return range
    }
}
