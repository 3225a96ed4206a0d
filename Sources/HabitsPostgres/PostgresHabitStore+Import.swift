import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// Imports into an account in PostgreSQL: habits, logs, days, favourites, follows, programs, ratings and
/// questions in one write transaction, so that a refused import leaves nothing behind.
extension PostgresHabitStore {
    /// - Complexity: O(h log N + (n + e) + (p + d) log N + (k + f) log N) for h imported habits, n imported
    ///   logs over p habits and d days, e logs those habits already hold for the user, k imported days and
    ///   f favourites, in a store of N rows: each habit's existing logs are read once into a set, the new
    ///   logs go in as one statement, and every day and favourite costs a few index lookups (follows,
    ///   programs, ratings and questions: see `importFollows` and the others).
    public func importAccountData(_ data: AccountImport, userID: Int64, now: Date) async throws -> ImportSummary {
        // What needs no database is refused before the write takes a connection.
        try ImportRule.checkBeforeWriting(data, now: now)
        return try await writeBumping { session, changes in
            // The user's row first, as `createHabit` takes it: it orders the positions of new habits, and
            // every lock after it follows the order of `PostgresLocks`.
            let user = try await session.fetchUser(id: userID, lock: .noKeyUpdate)
            let today = LocalDay(now, in: TimeZoneCache.shared.zone(user.timeZone))
            try ImportRule.checkDays(data, today: today)
            // Under the user's row lock and before the first habit is written: a refused import writes nothing,
            // and no creation of the account's own runs meanwhile.
            let adding = ImportRule.newHabitCount(data)
            if adding > 0 {
                try HabitRule.checkImportedHabits(
                    held: try await Self.personalHabitCount(session, ownerID: userID), adding: adding)
            }
            try await Self.keepImportedRows(session, data)
            var summary = ImportSummary()
            var targets: [ImportRule.Target] = []
            targets.reserveCapacity(data.habits.count)
            for habit in data.habits {
                targets.append(try await Self.importHabit(session, habit, userID: userID, summary: &summary))
            }
            if summary.habitsCreated > 0 { changes.catalogueChanged() }
            try await Self.importFavorites(
                session, data.favoriteHabitIDs, userID: userID, summary: &summary, changes: changes)
            // Every pair's lock before its logs and days are read, so that what is compared stays true.
            let pairs = Set(data.logs.map(\.habit) + data.days.map(\.habit)).map {
                CounterPair(userID: userID, habitID: targets[$0].id)
            }
            try await PostgresLocks.lock(session, pairs: pairs)
            try await Self.importLogs(
                session, data.logs, targets: targets, userID: userID, summary: &summary, changes: changes)
            // After the logs, so that a day they make done keeps no imported skip.
            try await Self.importDays(
                session, data.days, targets: targets, userID: userID, summary: &summary, changes: changes)
            try await Self.importFollows(
                session, data.followKeys, userID: userID, now: now, summary: &summary, changes: changes)
            try await Self.importPrograms(
                session, data.programIDs, userID: userID, summary: &summary, changes: changes)
            try await Self.importRatings(session, data.ratings, userID: userID, summary: &summary, changes: changes)
            try await Self.importQuestions(
                session, data.questions, userID: userID, summary: &summary, changes: changes)
            return summary
        }
    }

    /// Keeps the existing habits the import names from being deleted until it commits, in id order as
    /// `insertLogs` takes them.
    private static func keepImportedRows(_ session: PostgresSession, _ data: AccountImport) async throws {
        var ids = Set(data.favoriteHabitIDs)
        for case .existing(let id) in data.habits { ids.insert(id) }
        guard !ids.isEmpty else { return }
        try await session.execute(
            "SELECT id FROM habits WHERE id = ANY(\(ids.sorted())) ORDER BY id FOR KEY SHARE")
    }

    /// The habit `habit` names, checked to be the account's own or the catalogue's, or inserted as a new one
    /// of the account's own, last among its habits.
    private static func importHabit(
        _ session: PostgresSession, _ habit: ImportedHabit, userID: Int64, summary: inout ImportSummary
    ) async throws -> ImportRule.Target {
        switch habit {
        case .existing(let id):
            let target = try ImportRule.target(existing: try await session.fetchHabit(id: id), userID: userID)
            summary.habitsMatched += 1
            return target
        case .new(let draft):
            let position = try await session.int(
                "SELECT COALESCE(MAX(position) + 1, 0)::bigint FROM habits WHERE owner_id = \(userID)")
            let habit = ImportRule.newHabit(draft, userID: userID, position: position)
            _ = try await session.fetchCategory(id: habit.categoryID)
            try await requireFreeHabitName(session, habit, except: 0)
            let id = try await session.value(
                """
                INSERT INTO habits (name, name_folded, category_id, info, emoji, schedule,
                    owner_id, visibility, reminder, archived, position)
                VALUES (\(habit.name), \(ResourceRules.foldedName(habit.name)), \(habit.categoryID), \(habit.info),
                    \(habit.emoji), \(habit.schedule.storedText), \(userID), \(habit.visibility.rawValue),
                    \(habit.reminder?.description), \(habit.isArchived), \(habit.position))
                RETURNING id
                """, as: Int64.self) ?? 0
            summary.habitsCreated += 1
            return ImportRule.Target(id: id, timesPerDay: habit.schedule.timesPerDay)
        }
    }

    /// Makes catalogue habits favourites, keeping those already there.
    private static func importFavorites(
        _ session: PostgresSession, _ habitIDs: [Int64], userID: Int64, summary: inout ImportSummary,
        changes: ChangeRecorder
    ) async throws {
        for id in habitIDs {
            try ImportRule.checkFavorite(try await session.fetchHabit(id: id))
            summary.favoritesAdded += try await session.changes(
                """
                INSERT INTO favorites (user_id, habit_id) VALUES (\(userID), \(id))
                ON CONFLICT DO NOTHING RETURNING 1
                """)
        }
        if summary.favoritesAdded > 0 { changes.favorites(of: userID) }
    }

    /// Adds the logs whose habit holds none at the same millisecond, as one batch through `insertLogs`, which
    /// keeps counters, day runs and ranks. The caller holds the pairs' locks.
    private static func importLogs(
        _ session: PostgresSession, _ logs: [ImportedLog], targets: [ImportRule.Target], userID: Int64,
        summary: inout ImportSummary, changes: ChangeRecorder
    ) async throws {
        guard !logs.isEmpty else { return }
        var newLogs = ImportRule.NewLogs(capacity: logs.count)
        for log in logs {
            let habitID = targets[log.habit].id
            if newLogs.needsStored(habitID: habitID) {
                let stored = try await session.values(
                    "SELECT logged_at FROM logs WHERE user_id = \(userID) AND habit_id = \(habitID)",
                    as: Double.self)
                newLogs.stored(stored, habitID: habitID)
            }
            newLogs.offer(userID: userID, habitID: habitID, timestamp: log.timestamp)
        }
        summary.logsAlreadyThere += newLogs.alreadyThere
        summary.logsAdded = try await PostgresCounters.insertLogs(session, newLogs.rows, changes: changes).count
    }

    /// Sets imported skips and notes. Skips are history: the three-a-month rule is for new ones, so they are
    /// written here rather than through `PostgresDayEntries.setSkipped`; but a done day keeps none. The
    /// caller holds the pairs' locks.
    private static func importDays(
        _ session: PostgresSession, _ days: [ImportedDay], targets: [ImportRule.Target], userID: Int64,
        summary: inout ImportSummary, changes: ChangeRecorder
    ) async throws {
        var changed = false
        for entry in days {
            let target = targets[entry.habit]
            if entry.skipped {
                let pair = CounterPair(userID: userID, habitID: target.id)
                let logs = try await PostgresDayRuns.logCount(session, pair, day: entry.day, upTo: target.timesPerDay)
                if !DayEntryRule.keepsImportedSkip(logsOnDay: logs, target: target.timesPerDay) {
                    summary.skipsIgnored += 1
                } else if try await session.changes(
                    """
                    INSERT INTO habit_day_entries (user_id, habit_id, day, skipped)
                    VALUES (\(userID), \(target.id), \(entry.day.number), true)
                    ON CONFLICT (user_id, habit_id, day) DO UPDATE SET skipped = true
                    WHERE NOT habit_day_entries.skipped
                    RETURNING 1
                    """) > 0
                {
                    summary.skipsAdded += 1
                    changed = true
                }
            }
            // An empty note imports nothing: it would take back a note the account wrote.
            guard let note = DayEntryRule.note(entry.note) else { continue }
            if try await session.changes(
                """
                INSERT INTO habit_day_entries (user_id, habit_id, day, note)
                VALUES (\(userID), \(target.id), \(entry.day.number), \(note))
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET note = excluded.note
                WHERE habit_day_entries.note IS DISTINCT FROM excluded.note
                RETURNING 1
                """) > 0
            {
                summary.notesSet += 1
                changed = true
            }
        }
        // The notes bound, counted once after all of them: past it the import's transaction writes nothing.
        if summary.notesSet > 0 { try await PostgresDayEntries.checkNotes(session, userID: userID) }
        if changed { changes.days(of: userID) }
    }
}
