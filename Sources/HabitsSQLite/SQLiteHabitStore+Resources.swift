import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// `/v1` categories and habits in SQLite (users: `SQLiteHabitStore+Users.swift`).
///
/// Every write here changes the catalogue, so each records that first; a write that fails discards its
/// recording with its savepoint.
extension SQLiteHabitStore {
    // MARK: Categories

    public func createCategory(_ category: Category) async throws -> Category {
        try await writeBumping { db, changes in
            changes.catalogueChanged()
            try Self.requireFreeName(db, table: "categories", kind: "category", category.name, except: 0)
            try db.execute(
                sql: """
                    INSERT INTO categories (name, name_folded, hue, saturation, brightness) VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [
                    category.name, ResourceRules.foldedName(category.name),
                    category.color.hue, category.color.saturation, category.color.brightness,
                ]
            )
            var created = category
            created.id = db.lastInsertedRowID
            return created
        }
    }

    public func category(id: Int64) async throws -> Category {
        try await writer.read { db in try Self.fetchCategory(db, id: id) }
    }

    public func categories(page: PageRequest) async throws -> Page<Category> {
        try await writer.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM categories WHERE id > ? ORDER BY id LIMIT ?",
                arguments: [page.after?.id ?? 0, page.limit + 1]
            )
            return page.page(of: rows.map(StoredRow.categoryResource(from:))) { PageCursor(id: $0.id) }
        }
    }

    public func updateCategory(
        id: Int64, _ change: @escaping @Sendable (Category) throws -> Category
    ) async throws -> Category {
        try await writeBumping { db, changes in
            changes.catalogueChanged()
            var updated = try change(try Self.fetchCategory(db, id: id))
            updated.id = id
            try Self.requireFreeName(db, table: "categories", kind: "category", updated.name, except: id)
            try db.execute(
                sql: """
                    UPDATE categories SET name = ?, name_folded = ?, hue = ?, saturation = ?, brightness = ?
                    WHERE id = ?
                    """,
                arguments: [
                    updated.name, ResourceRules.foldedName(updated.name),
                    updated.color.hue, updated.color.saturation, updated.color.brightness, id,
                ]
            )
            return updated
        }
    }

    public func deleteCategory(id: Int64) async throws {
        try await writeBumping { db, changes in
            changes.catalogueChanged()
            _ = try Self.fetchCategory(db, id: id)
            let used =
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM habits WHERE category_id = ?", arguments: [id]) ?? 0
            if used > 0 { throw StoreRefusal.categoryInUse(used) }
            try ProgramRows.requireNoPrograms(db, categoryID: id)
            try db.execute(sql: "DELETE FROM categories WHERE id = ?", arguments: [id])
        }
    }

    public func habitCountsByCategory() async throws -> [Int64: Int] {
        try await writer.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT category_id, COUNT(*) AS count FROM habits GROUP BY category_id")
            return Dictionary(uniqueKeysWithValues: rows.map { (row: Row) -> (Int64, Int) in
                (row["category_id"], row["count"])
            })
        }
    }

    // MARK: Habits

    public func createHabit(_ habit: Habit) async throws -> Habit {
        try await writeBumping { db, changes in
            changes.catalogueChanged()
            _ = try Self.fetchCategory(db, id: habit.categoryID)
            if let owner = habit.ownerID { _ = try Self.fetchUser(db, id: owner) }
            // Counted in the write's transaction: the one writer orders two creations at once.
            if HabitRule.counts(habit), let owner = habit.ownerID {
                try HabitRule.checkNewPersonalHabit(held: try Self.personalHabitCount(db, ownerID: owner))
            }
            try Self.requireFreeHabitName(db, habit, except: 0)
            var created = habit
            // A new habit of one's own goes last among its owner's.
            if let owner = habit.ownerID {
                created.position =
                    try Int.fetchOne(
                        db, sql: "SELECT COALESCE(MAX(position), -1) + 1 FROM habits WHERE owner_id = ?",
                        arguments: [owner]) ?? 0
            }
            try db.execute(
                sql: """
                    INSERT INTO habits (name, name_folded, category_id, info, emoji, schedule,
                        owner_id, visibility, reminder, archived, position)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    habit.name, ResourceRules.foldedName(habit.name), habit.categoryID, habit.info, habit.emoji,
                    habit.schedule.storedText, habit.ownerID, habit.visibility.rawValue,
                    habit.reminder?.description, habit.isArchived, created.position,
                ]
            )
            created.id = db.lastInsertedRowID
            return created
        }
    }

    public func habit(id: Int64) async throws -> Habit {
        try await writer.read { db in try Self.fetchHabit(db, id: id) }
    }

    public func habits(page: PageRequest) async throws -> Page<Habit> {
        try await writer.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM habits WHERE id > ? ORDER BY id LIMIT ?",
                arguments: [page.after?.id ?? 0, page.limit + 1]
            )
            return page.page(of: rows.map(StoredRow.habitResource(from:))) { PageCursor(id: $0.id) }
        }
    }

    public func updateHabit(
        id: Int64, _ change: @escaping @Sendable (Habit) throws -> Habit
    ) async throws -> Habit {
        try await writeBumping { db, changes in
            changes.catalogueChanged()
            var updated = try change(try Self.fetchHabit(db, id: id))
            updated.id = id
            _ = try Self.fetchCategory(db, id: updated.categoryID)
            try Self.requireFreeHabitName(db, updated, except: id)
            try db.execute(
                sql: """
                    UPDATE habits SET name = ?, name_folded = ?, category_id = ?, info = ?, emoji = ?, schedule = ?,
                        reminder = ?, archived = ?, position = ?
                    WHERE id = ?
                    """,
                arguments: [
                    updated.name, ResourceRules.foldedName(updated.name),
                    updated.categoryID, updated.info, updated.emoji, updated.schedule.storedText,
                    updated.reminder?.description, updated.isArchived, updated.position, id,
                ]
            )
            return updated
        }
    }

    public func deleteHabit(id: Int64, cascade: Bool) async throws {
        try await writeBumping { db, changes in
            changes.catalogueChanged()
            _ = try Self.fetchHabit(db, id: id)
            let logged =
                try Int.fetchOne(
                    db, sql: "SELECT COALESCE(SUM(count), 0) FROM habit_counts WHERE habit_id = ?", arguments: [id])
                ?? 0
            if logged > 0 && !cascade { throw StoreRefusal.habitHasLogs(logged) }
            try Self.removeHabit(db, id: id, changes: changes)
        }
    }

    public func habits(visibleTo viewerID: Int64?, archived: Bool, page: PageRequest) async throws -> Page<Habit> {
        try await writer.read { db in
            let after = page.after?.id ?? 0
            guard let viewerID else {
                let rows = try Row.fetchAll(
                    db, sql: "SELECT * FROM habits WHERE id > ? AND archived = ? ORDER BY id LIMIT ?",
                    arguments: [after, archived, page.limit + 1])
                return page.page(of: rows.map(StoredRow.habitResource(from:))) { PageCursor(id: $0.id) }
            }
            // The catalogue's and the viewer's own, each read by its index and merged in id order.
            let shared = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM habits WHERE visibility = 'shared' AND id > ? AND archived = ? ORDER BY id LIMIT ?
                    """,
                arguments: [after, archived, page.limit + 1])
            let own = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM habits WHERE owner_id = ? AND visibility = 'personal' AND id > ? AND archived = ?
                    ORDER BY id LIMIT ?
                    """,
                arguments: [viewerID, after, archived, page.limit + 1])
            let merged = (shared + own).map(StoredRow.habitResource(from:)).sorted { $0.id < $1.id }
            return page.page(of: Array(merged.prefix(page.limit + 1))) { PageCursor(id: $0.id) }
        }
    }

    public func ownHabits(ownerID: Int64) async throws -> [Habit] {
        try await writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM habits WHERE owner_id = ? ORDER BY position, id", arguments: [ownerID]
            ).map(StoredRow.habitResource(from:))
        }
    }

    public func reorderHabits(ownerID: Int64, habitIDs: [Int64]) async throws -> [Habit] {
        try await writeBumping { db, changes in
            let own = try Row.fetchAll(
                db, sql: "SELECT * FROM habits WHERE owner_id = ? ORDER BY position, id", arguments: [ownerID]
            ).map(StoredRow.habitResource(from:))
            let order = try HabitOrder(own: own, first: habitIDs)
            let moved = order.moved
            // Nothing moved, nothing to rebuild: an open screen is rebuilt only for a real change.
            if !moved.isEmpty { changes.catalogueChanged() }
            let update = try db.makeStatement(sql: "UPDATE habits SET position = ? WHERE id = ?")
            for (habitID, position) in moved { try update.execute(arguments: [position, habitID]) }
            return order.renumbered
        }
    }

    /// Deletes a habit with everything that refers to it.
    static func removeHabit(_ db: Database, id: Int64, changes: ChangeRecorder) throws {
        try db.execute(sql: "DELETE FROM logs WHERE habit_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM habit_day_runs WHERE habit_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM habit_day_entries WHERE habit_id = ?", arguments: [id])
        try Self.removeCounts(db, habitID: id, changes: changes)
        let favoredBy = try Int64.fetchAll(
            db, sql: "DELETE FROM favorites WHERE habit_id = ? RETURNING user_id", arguments: [id])
        for user in favoredBy { changes.favorites(of: user) }
        try ProgramRows.removeHabit(db, id: id, changes: changes)
        try db.execute(sql: "DELETE FROM habits WHERE id = ?", arguments: [id])
    }

    // MARK: Rows

    static func requireFreeKey(_ db: Database, _ key: String) throws {
        if try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE key = ? COLLATE NOCASE", arguments: [key]) != nil {
            throw StoreRefusal.keyTaken(key)
        }
    }

    /// Refuses a habit name taken in its scope: the catalogue for a shared habit, its owner's own for a
    /// personal one (which may share a name with the catalogue's or with anyone else's).
    static func requireFreeHabitName(_ db: Database, _ habit: Habit, except id: Int64) throws {
        let scope = habit.visibility == .personal ? (habit.ownerID ?? 0) : 0
        let sql = """
            SELECT id FROM habits
            WHERE CASE visibility WHEN 'personal' THEN owner_id ELSE 0 END = ? AND name_folded = ? AND id != ?
            """
        if try Int64.fetchOne(db, sql: sql, arguments: [scope, ResourceRules.foldedName(habit.name), id]) != nil {
            throw StoreRefusal.nameTaken("habit", habit.name)
        }
    }

    /// The habits of its own `ownerID` holds, archived ones included: what `HabitRule` bounds.
    static func personalHabitCount(_ db: Database, ownerID: Int64) throws -> Int {
        let sql = "SELECT COUNT(*) FROM habits WHERE owner_id = ? AND visibility = 'personal'"
        return try Int.fetchOne(db, sql: sql, arguments: [ownerID]) ?? 0
    }

    static func requireFreeName(_ db: Database, table: String, kind: String, _ name: String, except id: Int64) throws {
        let sql = "SELECT id FROM \(table) WHERE name_folded = ? AND id != ?"
        if try Int64.fetchOne(db, sql: sql, arguments: [ResourceRules.foldedName(name), id]) != nil {
            throw StoreRefusal.nameTaken(kind, name)
        }
    }

    static func fetchUser(_ db: Database, id: Int64) throws -> User {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM users WHERE id = ?", arguments: [id]) else {
            throw HabitsError.notFound(kind: .user, id: String(id))
        }
        return StoredRow.userResource(from: row)
    }

    static func fetchCategory(_ db: Database, id: Int64) throws -> Category {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM categories WHERE id = ?", arguments: [id]) else {
            throw HabitsError.notFound(kind: .category, id: String(id))
        }
        return StoredRow.categoryResource(from: row)
    }

    static func fetchHabit(_ db: Database, id: Int64) throws -> Habit {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM habits WHERE id = ?", arguments: [id]) else {
            throw HabitsError.notFound(kind: .habit, id: String(id))
        }
        return StoredRow.habitResource(from: row)
    }
}
