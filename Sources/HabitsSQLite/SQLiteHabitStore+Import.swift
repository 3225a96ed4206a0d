import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// Imports into an account in SQLite: habits, logs, days, favourites, follows, programs, ratings and questions
/// in one write transaction, so that a refused import leaves nothing behind.
extension SQLiteHabitStore {
    /// - Complexity: O(h log N + (n + e) + (p + d) log N + (k + f) log N) for h imported habits, n imported
    ///   logs over p habits and d days, e logs those habits already hold for the user, k imported days and
    ///   f favourites, in a store of N rows: each habit's existing logs are read once into a set, the new
    ///   logs go in as one batch, and every day and favourite costs a few index lookups (follows, programs,
    ///   ratings and questions: see `importFollows` and the others).
    public func importAccountData(_ data: AccountImport, userID: Int64, now: Date) async throws -> ImportSummary {
        // What needs no database is refused before the write waits for its turn.
        try ImportRule.checkBeforeWriting(data, now: now)
        return try await writeBumping { db, changes in
            let user = try Self.fetchUser(db, id: userID)
            let today = LocalDay(now, in: TimeZoneCache.shared.zone(user.timeZone))
            try ImportRule.checkDays(data, today: today)
            // Before the first habit is written, so that a refused import writes nothing.
            let adding = ImportRule.newHabitCount(data)
            if adding > 0 {
                try HabitRule.checkImportedHabits(
                    held: try Self.personalHabitCount(db, ownerID: userID), adding: adding)
            }
            var summary = ImportSummary()
            var targets: [ImportRule.Target] = []
            targets.reserveCapacity(data.habits.count)
            for habit in data.habits {
                targets.append(try Self.importHabit(db, habit, userID: userID, summary: &summary))
            }
            if summary.habitsCreated > 0 { changes.catalogueChanged() }
            try Self.importFavorites(db, data.favoriteHabitIDs, userID: userID, summary: &summary, changes: changes)
            try Self.importLogs(db, data.logs, targets: targets, userID: userID, summary: &summary, changes: changes)
            // After the logs, so that a day they make done keeps no imported skip.
            try Self.importDays(db, data.days, targets: targets, userID: userID, summary: &summary, changes: changes)
            try Self.importFollows(db, data.followKeys, userID: userID, now: now, summary: &summary, changes: changes)
            try Self.importPrograms(db, data.programIDs, userID: userID, summary: &summary, changes: changes)
            try Self.importRatings(db, data.ratings, userID: userID, summary: &summary, changes: changes)
            try Self.importQuestions(db, data.questions, userID: userID, summary: &summary, changes: changes)
            return summary
        }
    }

    /// The habit `habit` names, checked to be the account's own or the catalogue's, or inserted as a new one
    /// of the account's own, last among its habits.
    private static func importHabit(
        _ db: Database, _ habit: ImportedHabit, userID: Int64, summary: inout ImportSummary
    ) throws -> ImportRule.Target {
        switch habit {
        case .existing(let id):
            let target = try ImportRule.target(existing: try fetchHabit(db, id: id), userID: userID)
            summary.habitsMatched += 1
            return target
        case .new(let draft):
            let position =
                try Int.fetchOne(
                    db, sql: "SELECT COALESCE(MAX(position), -1) + 1 FROM habits WHERE owner_id = ?",
                    arguments: [userID]) ?? 0
            let habit = ImportRule.newHabit(draft, userID: userID, position: position)
            _ = try fetchCategory(db, id: habit.categoryID)
            try requireFreeHabitName(db, habit, except: 0)
            try db.execute(
                sql: """
                    INSERT INTO habits (name, name_folded, category_id, info, emoji, schedule,
                        owner_id, visibility, reminder, archived, position)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    habit.name, ResourceRules.foldedName(habit.name), habit.categoryID, habit.info, habit.emoji,
                    habit.schedule.storedText, userID, habit.visibility.rawValue,
                    habit.reminder?.description, habit.isArchived, habit.position,
                ]
            )
            summary.habitsCreated += 1
            return ImportRule.Target(id: db.lastInsertedRowID, timesPerDay: habit.schedule.timesPerDay)
        }
    }

    /// Makes catalogue habits favourites, keeping those already there.
    private static func importFavorites(
        _ db: Database, _ habitIDs: [Int64], userID: Int64, summary: inout ImportSummary, changes: ChangeRecorder
    ) throws {
        let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO favorites (user_id, habit_id) VALUES (?, ?)")
        for id in habitIDs {
            try ImportRule.checkFavorite(try fetchHabit(db, id: id))
            try insert.execute(arguments: [userID, id])
            if db.changesCount > 0 { summary.favoritesAdded += 1 }
        }
        if summary.favoritesAdded > 0 { changes.favorites(of: userID) }
    }

    /// Adds the logs whose habit holds none at the same millisecond, as one batch through `insertLogs`, which
    /// keeps counters, day runs and ranks.
    private static func importLogs(
        _ db: Database, _ logs: [ImportedLog], targets: [ImportRule.Target], userID: Int64,
        summary: inout ImportSummary, changes: ChangeRecorder
    ) throws {
        guard !logs.isEmpty else { return }
        let existing = try db.cachedStatement(sql: "SELECT logged_at FROM logs WHERE user_id = ? AND habit_id = ?")
        var newLogs = ImportRule.NewLogs(capacity: logs.count)
        for log in logs {
            let habitID = targets[log.habit].id
            if newLogs.needsStored(habitID: habitID) {
                newLogs.stored(try Double.fetchAll(existing, arguments: [userID, habitID]), habitID: habitID)
            }
            newLogs.offer(userID: userID, habitID: habitID, timestamp: log.timestamp)
        }
        summary.logsAlreadyThere += newLogs.alreadyThere
        summary.logsAdded = try insertLogs(db, newLogs.rows, changes: changes).count
    }

    /// Sets imported skips and notes. Skips are history: the three-a-month rule is for new ones, so they are
    /// written here rather than through `DayEntryRows.setSkipped`; but a done day keeps none.
    private static func importDays(
        _ db: Database, _ days: [ImportedDay], targets: [ImportRule.Target], userID: Int64,
        summary: inout ImportSummary, changes: ChangeRecorder
    ) throws {
        let skip = try db.cachedStatement(
            sql: """
                INSERT INTO habit_day_entries (user_id, habit_id, day, skipped) VALUES (?, ?, ?, 1)
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET skipped = 1 WHERE skipped = 0
                """)
        let annotate = try db.cachedStatement(
            sql: """
                INSERT INTO habit_day_entries (user_id, habit_id, day, note) VALUES (?, ?, ?, ?)
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET note = excluded.note
                WHERE note IS NOT excluded.note
                """)
        var changed = false
        for entry in days {
            let target = targets[entry.habit]
            if entry.skipped {
                let pair = CounterPair(userID: userID, habitID: target.id)
                let logs = try DayRuns.logCount(db, pair, day: entry.day, upTo: target.timesPerDay)
                if !DayEntryRule.keepsImportedSkip(logsOnDay: logs, target: target.timesPerDay) {
                    summary.skipsIgnored += 1
                } else {
                    try skip.execute(arguments: [userID, target.id, entry.day.number])
                    if db.changesCount > 0 {
                        summary.skipsAdded += 1
                        changed = true
                    }
                }
            }
            // An empty note imports nothing: it would take back a note the account wrote.
            if let note = DayEntryRule.note(entry.note) {
                try annotate.execute(arguments: [userID, target.id, entry.day.number, note])
                if db.changesCount > 0 {
                    summary.notesSet += 1
                    changed = true
                }
            }
        }
        // The notes bound, counted once after all of them: past it the import's transaction writes nothing.
        if summary.notesSet > 0 { try DayEntryRows.checkNotes(db, userID: userID) }
        if changed { changes.days(of: userID) }
    }
}
