import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/users/{userID}/habits/{habitID}/days…` and `…/streak`: the streak calendar's days.
///
/// A day is done while the user's logs of the habit on it, in the user's zone, meet the schedule's
/// `timesPerDay`; a day may be skipped and may carry a note. "Today" is the server's clock in that zone,
/// never a client's.
struct DaysController: Sendable {
    let store: any ResourceStore
    let clock: @Sendable () -> Date

    /// The most days one listing may span.
    static let maximumDays = 366

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.days.routerPath, use: days)
        router.get(Routes.streak.routerPath, use: streak)
        router.get(Routes.strength.routerPath, use: strength)
        router.put(Routes.day.routerPath, use: mark)
        router.delete(Routes.day.routerPath, use: unmark)
    }

    /// An empty body marks the day done (as it always has); a JSON body may skip it, note it, or both.
    @Sendable func mark(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let (userID, habitID) = try Self.pair(context)
        let day = try Self.day(context)
        let buffer = try await request.body.collect(upTo: RequestBody.maximumJSON)
        let update: DayUpdate
        if buffer.readableBytes == 0 {
            update = DayUpdate(status: .done)
        } else {
            try RequestBody.requireJSONContentType(request.headers)
            update = try RequestBody.decode(DayUpdate.self, from: buffer).checked()
        }
        switch update.status {
        case .done: try await store.markDay(userID: userID, habitID: habitID, day: day, now: clock())
        case .skipped: try await store.setSkipped(userID: userID, habitID: habitID, day: day, true, now: clock())
        case .unskipped: try await store.setSkipped(userID: userID, habitID: habitID, day: day, false, now: clock())
        case nil: break
        }
        if let note = update.note {
            try await store.setNote(userID: userID, habitID: habitID, day: day, note.wrapped, now: clock())
        }
        return NoContent()
    }

    @Sendable func unmark(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let (userID, habitID) = try Self.pair(context)
        try await store.unmarkDay(userID: userID, habitID: habitID, day: try Self.day(context), now: clock())
        return NoContent()
    }

    @Sendable func days(_ request: Request, context: HabitsRequestContext) async throws -> JSON<DayList> {
        let (userID, habitID) = try Self.pair(context)
        let query = request.uri.queryParameters
        let first = try Self.queryDay("from", query.get("from"))
        let last = try Self.queryDay("to", query.get("to"))
        guard first <= last else { throw HabitsError.invalid(field: "to", reason: "must not be earlier than from.") }
        guard last.number - first.number < Self.maximumDays else {
            throw HabitsError.invalid(field: "to", reason: "must be within \(Self.maximumDays) days of from.")
        }
        let days = try await store.doneDays(userID: userID, habitID: habitID, from: first, through: last)
        var entries = try await store.habitDays(userID: userID, habitID: habitID, from: first, through: last)
        // A note is the user's own words to themselves ("How did it go?"): whoever else may read the days reads
        // them without notes, and a day kept only for its note is not listed to them at all.
        if case .signedIn(let identity) = context.access, identity.userID != userID {
            entries = entries.compactMap { entry in
                var entry = entry
                entry.note = nil
                return entry.logCount > 0 || entry.isSkipped ? entry : nil
            }
        }
        return JSON(DayList(from: first, to: last, days: days, entries: entries), noStore: true)
    }

    @Sendable func streak(_ request: Request, context: HabitsRequestContext) async throws -> JSON<StreakSummary> {
        let (userID, habitID) = try Self.pair(context)
        return JSON(try await store.streak(userID: userID, habitID: habitID, now: clock()), noStore: true)
    }

    /// The habit's strength on each day of `from`…`to` (at most `maximumDays`, up to the user's today), as Loop
    /// Habit Tracker scores it (`HabitStrength`), to four decimals as Loop exports it.
    @Sendable func strength(_ request: Request, context: HabitsRequestContext) async throws -> JSON<StrengthList> {
        let (userID, habitID) = try Self.pair(context)
        let query = request.uri.queryParameters
        let first = try Self.queryDay("from", query.get("from"))
        let last = try Self.queryDay("to", query.get("to"))
        guard first <= last else { throw HabitsError.invalid(field: "to", reason: "must not be earlier than from.") }
        guard last.number - first.number < Self.maximumDays else {
            throw HabitsError.invalid(field: "to", reason: "must be within \(Self.maximumDays) days of from.")
        }
        let today = LocalDay(clock(), in: try await store.user(id: userID).zone)
        guard last <= today else {
            throw HabitsError.invalid(field: "to", reason: "lies after the user's today, \(today).")
        }
        let habit = try await store.habit(id: habitID)
        let days = try await store.habitDays(
            userID: userID, habitID: habitID, from: LocalDay(number: Int(Int32.min)), through: last)
        let scores = HabitStrength.scores(schedule: habit.schedule, days: days, from: first, through: last)
        return JSON(
            StrengthList(
                days: scores.map { StrengthList.Day(day: $0.day, score: ($0.score * 10_000).rounded() / 10_000) }),
            noStore: true)
    }

    static func pair(_ context: HabitsRequestContext) throws -> (userID: Int64, habitID: Int64) {
        (try RequestInput.id("userID", context), try RequestInput.id("habitID", context))
    }

    /// The day in the path: a real calendar date (else 400) from 1970-01-01 on (else 422), as logs are.
    static func day(_ context: HabitsRequestContext) throws -> LocalDay {
        let day = try queryDay("day", try context.parameters.require("day"))
        guard day.number >= 0 else {
            throw HabitsError.invalid(field: "day", reason: "must be 1970-01-01 or later, as every log is.")
        }
        return day
    }

    static func queryDay(_ name: String, _ text: String?) throws -> LocalDay {
        guard let text else {
            throw HabitsError.malformed(reason: "\(name) is required, as a date such as 2026-03-10.")
        }
        guard let day = LocalDay(iso: text) else {
            throw HabitsError.malformed(
                reason: "\(name) must be a calendar date such as 2026-03-10, got \"\(text.prefix(40))\".")
        }
        return day
    }
}

/// A habit's strength on each day of a range, oldest first, as `GET …/score` answers it.
struct StrengthList: Codable, Sendable {
    struct Day: Codable, Sendable {
        var day: LocalDay
        var score: Double
    }

    var days: [Day]
}

/// The done days of a range, as `GET …/days` answers them, and every day of it with logs, a skip or a note.
struct DayList: Codable, Sendable {
    var from: LocalDay
    var to: LocalDay
    var days: [LocalDay]
    var entries: [HabitDay]
}
