import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// `/v1` users, categories and habits. Every write here changes the catalogue and records that first.
extension PostgresHabitStore {
    // MARK: Users

    public func createUser(_ user: User) async throws -> User {
        try await writeBumping { session, changes in
            changes.catalogueChanged()
            if try await session.value("SELECT id FROM users WHERE lower(key) = lower(\(user.key))", as: Int64.self)
                != nil
            {
                throw StoreRefusal.keyTaken(user.key)
            }
            var created = user
            created.id = try await session.value(
                """
                INSERT INTO users (key, name, hue, saturation, brightness, bio, time_zone, locale)
                VALUES (\(user.key), \(user.name), \(user.color?.hue), \(user.color?.saturation),
                    \(user.color?.brightness), \(user.bio), \(user.timeZone), \(user.locale))
                RETURNING id
                """, as: Int64.self) ?? 0
            // Open mode's users (accounts mode makes them by signing up): kept for later comparisons, not refused.
            try await PostgresNames.storeSkeletons(session, of: user, id: created.id)
            return created
        }
    }

    public func user(id: Int64) async throws -> User {
        try await readStatements { session in try await session.fetchUser(id: id) }
    }

    public func users(page: PageRequest) async throws -> Page<User> {
        try await readStatements { session in
            var binds = PostgresBindings()
            binds.append(page.after?.id ?? 0)
            binds.append(page.limit + 1)
            let rows = try await session.rows(PostgresQuery(
                unsafeSQL: "SELECT \(PostgresRows.userColumns()) FROM users WHERE id > $1 ORDER BY id LIMIT $2",
                binds: binds))
            return page.page(of: try rows.map(PostgresRows.user)) { PageCursor(id: $0.id) }
        }
    }

    public func updateUser(
        id: Int64, _ change: @escaping @Sendable (User) throws -> User
    ) async throws -> User {
        try await writeBumping { session, changes in
            changes.catalogueChanged()
            let current = try await session.fetchUser(id: id, lock: .noKeyUpdate)
            var updated = try change(current)
            updated.id = id
            updated.key = current.key
            if updated.name != current.name {
                // A member's name is held to `NameRule`; open mode's users (no account) are not.
                if try await session.value("SELECT 1 FROM accounts WHERE user_id = \(id)", as: Int.self) != nil {
                    try await PostgresNames.checkNames(session, of: updated, id: id, checkingKey: false)
                }
                try await PostgresNames.storeSkeletons(session, of: updated, id: id)
                // Copied beside counters and follows, for ordered listings.
                try await session.execute("UPDATE habit_counts SET user_name = \(updated.name) WHERE user_id = \(id)")
                try await session.execute(
                    "UPDATE follows SET followed_name = \(updated.name) WHERE followed_id = \(id)")
            }
            try await session.execute(
                """
                UPDATE users SET name = \(updated.name), hue = \(updated.color?.hue),
                    saturation = \(updated.color?.saturation), brightness = \(updated.color?.brightness),
                    bio = \(updated.bio), time_zone = \(updated.timeZone), locale = \(updated.locale)
                WHERE id = \(id)
                """)
            return updated
        }
    }

    public func deleteUser(id: Int64, cascade: Bool) async throws {
        try await writeBumping { session, changes in
            changes.catalogueChanged()
            // The row lock keeps new logs of the user out (their reference check waits for it).
            _ = try await session.fetchUser(id: id, lock: .update)
            try await PostgresCounters.lockPairs(session, userID: id)
            let logged = try await session.int(
                "SELECT COALESCE(SUM(count), 0)::bigint FROM habit_counts WHERE user_id = \(id)")
            if logged > 0 && !cascade { throw StoreRefusal.userHasLogs(logged) }
            try await session.execute("DELETE FROM logs WHERE user_id = \(id)")
            try await session.execute("DELETE FROM habit_day_runs WHERE user_id = \(id)")
            try await session.execute("DELETE FROM habit_day_entries WHERE user_id = \(id)")
            try await PostgresCounters.removeCounts(session, column: "user_id", id: id, changes: changes)
            if try await session.changes("DELETE FROM favorites WHERE user_id = \(id) RETURNING 1") > 0 {
                changes.favorites(of: id)
            }
            // The user's own follows, and every follow of the user: each follower's list changes.
            let followers = try await session.values(
                "DELETE FROM follows WHERE follower_id = \(id) OR followed_id = \(id) RETURNING follower_id",
                as: Int64.self)
            for follower in followers { changes.follows(of: follower) }
            try await PostgresProgramRows.removeUser(session, id: id, changes: changes)
            try await PostgresQuestionRows.removeUser(session, id: id, changes: changes)
            if try await session.changes("DELETE FROM recent_emoji WHERE user_id = \(id) RETURNING 1") > 0 {
                changes.recentEmoji(of: id)
            }
            try await session.execute("DELETE FROM avatars WHERE user_id = \(id)")
            // Personal habits leave with their owner; shared ones stay in the catalogue, unowned.
            for habit in try await session.values(
                "SELECT id FROM habits WHERE owner_id = \(id) AND visibility = 'personal' FOR UPDATE", as: Int64.self)
            {
                try await PostgresCounters.lockPairs(session, habitID: habit)
                try await Self.removeHabit(session, id: habit, changes: changes)
            }
            try await session.execute("UPDATE habits SET owner_id = NULL WHERE owner_id = \(id)")
            try await session.execute("DELETE FROM users WHERE id = \(id)")
        }
    }

    // MARK: Categories

    public func createCategory(_ category: Category) async throws -> Category {
        try await writeBumping { session, changes in
            changes.catalogueChanged()
            try await Self.requireFreeName(session, table: "categories", kind: "category", category.name, except: 0)
            var created = category
            created.id = try await session.value(
                """
                INSERT INTO categories (name, name_folded, hue, saturation, brightness)
                VALUES (\(category.name), \(ResourceRules.foldedName(category.name)), \(category.color.hue),
                    \(category.color.saturation), \(category.color.brightness))
                RETURNING id
                """, as: Int64.self) ?? 0
            return created
        }
    }

    public func category(id: Int64) async throws -> Category {
        try await readStatements { session in try await session.fetchCategory(id: id) }
    }

    public func categories(page: PageRequest) async throws -> Page<Category> {
        try await readStatements { session in
            let rows = try await session.rows(
                """
                SELECT id, name, hue, saturation, brightness FROM categories WHERE id > \(page.after?.id ?? 0)
                ORDER BY id LIMIT \(page.limit + 1)
                """)
            return page.page(of: try rows.map(PostgresRows.category)) { PageCursor(id: $0.id) }
        }
    }

    public func updateCategory(
        id: Int64, _ change: @escaping @Sendable (Category) throws -> Category
    ) async throws -> Category {
        try await writeBumping { session, changes in
            changes.catalogueChanged()
            var updated = try change(try await session.fetchCategory(id: id))
            updated.id = id
            try await Self.requireFreeName(session, table: "categories", kind: "category", updated.name, except: id)
            try await session.execute(
                """
                UPDATE categories SET name = \(updated.name), name_folded = \(ResourceRules.foldedName(updated.name)),
                    hue = \(updated.color.hue), saturation = \(updated.color.saturation),
                    brightness = \(updated.color.brightness)
                WHERE id = \(id)
                """)
            return updated
        }
    }

    public func deleteCategory(id: Int64) async throws {
        try await writeBumping { session, changes in
            changes.catalogueChanged()
            _ = try await session.fetchCategory(id: id)
            let used = try await session.int("SELECT count(*) FROM habits WHERE category_id = \(id)")
            if used > 0 { throw StoreRefusal.categoryInUse(used) }
            let programs = try await session.int("SELECT count(*) FROM programs WHERE category_id = \(id)")
            if programs > 0 { throw StoreRefusal.categoryHasPrograms(programs) }
            try await session.execute("DELETE FROM categories WHERE id = \(id)")
        }
    }

    public func habitCountsByCategory() async throws -> [Int64: Int] {
        try await readStatements { session in
            let rows = try await session.rows("SELECT category_id, count(*) FROM habits GROUP BY category_id")
            var counts: [Int64: Int] = [:]
            for row in rows {
                let (id, count) = try row.decode((Int64, Int64).self)
                counts[id] = Int(count)
            }
            return counts
        }
    }

    // MARK: Habits

    public func createHabit(_ habit: Habit) async throws -> Habit {
        try await writeBumping { session, changes in
            changes.catalogueChanged()
            _ = try await session.fetchCategory(id: habit.categoryID)
            if let owner = habit.ownerID { _ = try await session.fetchUser(id: owner, lock: .noKeyUpdate) }
            // Counted under the owner's row lock, which every creation and import of theirs takes first (as a
            // new token takes its account's): two at once cannot both take the last place.
            if HabitRule.counts(habit), let owner = habit.ownerID {
                try HabitRule.checkNewPersonalHabit(held: try await Self.personalHabitCount(session, ownerID: owner))
            }
            try await Self.requireFreeHabitName(session, habit, except: 0)
            var created = habit
            // A new habit of one's own goes last among its owner's (the owner's row lock orders two at once).
            if let owner = habit.ownerID {
                created.position = try await session.int(
                    "SELECT COALESCE(MAX(position) + 1, 0)::bigint FROM habits WHERE owner_id = \(owner)")
            }
            created.id = try await session.value(
                """
                INSERT INTO habits (name, name_folded, category_id, info, emoji, schedule,
                    owner_id, visibility, reminder, archived, position)
                VALUES (\(habit.name), \(ResourceRules.foldedName(habit.name)), \(habit.categoryID), \(habit.info),
                    \(habit.emoji), \(habit.schedule.storedText), \(habit.ownerID), \(habit.visibility.rawValue),
                    \(habit.reminder?.description), \(habit.isArchived), \(created.position))
                RETURNING id
                """, as: Int64.self) ?? 0
            return created
        }
    }

    public func habit(id: Int64) async throws -> Habit {
        try await readStatements { session in try await session.fetchHabit(id: id) }
    }

    public func habits(page: PageRequest) async throws -> Page<Habit> {
        try await readStatements { session in
            var binds = PostgresBindings()
            binds.append(page.after?.id ?? 0)
            binds.append(page.limit + 1)
            let rows = try await session.rows(PostgresQuery(
                unsafeSQL: "SELECT \(PostgresRows.habitColumns) FROM habits WHERE id > $1 ORDER BY id LIMIT $2",
                binds: binds))
            return page.page(of: try rows.map(PostgresRows.habit)) { PageCursor(id: $0.id) }
        }
    }

    public func updateHabit(
        id: Int64, _ change: @escaping @Sendable (Habit) throws -> Habit
    ) async throws -> Habit {
        try await writeBumping { session, changes in
            changes.catalogueChanged()
            var updated = try change(try await session.fetchHabit(id: id, lock: .noKeyUpdate))
            updated.id = id
            _ = try await session.fetchCategory(id: updated.categoryID)
            try await Self.requireFreeHabitName(session, updated, except: id)
            try await session.execute(
                """
                UPDATE habits SET name = \(updated.name), name_folded = \(ResourceRules.foldedName(updated.name)),
                    category_id = \(updated.categoryID), info = \(updated.info), emoji = \(updated.emoji),
                    schedule = \(updated.schedule.storedText), reminder = \(updated.reminder?.description),
                    archived = \(updated.isArchived), position = \(updated.position)
                WHERE id = \(id)
                """)
            return updated
        }
    }

    public func deleteHabit(id: Int64, cascade: Bool) async throws {
        try await writeBumping { session, changes in
            changes.catalogueChanged()
            _ = try await session.fetchHabit(id: id, lock: .update)
            try await PostgresCounters.lockPairs(session, habitID: id)
            let logged = try await session.int(
                "SELECT COALESCE(SUM(count), 0)::bigint FROM habit_counts WHERE habit_id = \(id)")
            if logged > 0 && !cascade { throw StoreRefusal.habitHasLogs(logged) }
            try await Self.removeHabit(session, id: id, changes: changes)
        }
    }

    public func habits(visibleTo viewerID: Int64?, archived: Bool, page: PageRequest) async throws -> Page<Habit> {
        try await readStatements { session in
            let after = page.after?.id ?? 0
            let limit = page.limit + 1
            let columns = PostgresRows.habitColumns
            guard let viewerID else {
                let rows = try await session.rows(
                    """
                    SELECT \(unescaped: columns) FROM habits WHERE id > \(after) AND archived = \(archived)
                    ORDER BY id LIMIT \(limit)
                    """)
                return page.page(of: try rows.map(PostgresRows.habit)) { PageCursor(id: $0.id) }
            }
            // The catalogue's and the viewer's own, each read by its index and merged in id order.
            let shared = try await session.rows(
                """
                SELECT \(unescaped: columns) FROM habits
                WHERE visibility = 'shared' AND id > \(after) AND archived = \(archived) ORDER BY id LIMIT \(limit)
                """)
            let own = try await session.rows(
                """
                SELECT \(unescaped: columns) FROM habits
                WHERE owner_id = \(viewerID) AND visibility = 'personal' AND id > \(after) AND archived = \(archived)
                ORDER BY id LIMIT \(limit)
                """)
            let merged = try (shared + own).map(PostgresRows.habit).sorted { $0.id < $1.id }
            return page.page(of: Array(merged.prefix(limit))) { PageCursor(id: $0.id) }
        }
    }

    public func ownHabits(ownerID: Int64) async throws -> [Habit] {
        try await readStatements { session in
            try await session.rows(
                """
                SELECT \(unescaped: PostgresRows.habitColumns) FROM habits WHERE owner_id = \(ownerID)
                ORDER BY position, id
                """
            ).map(PostgresRows.habit)
        }
    }

    public func reorderHabits(ownerID: Int64, habitIDs: [Int64]) async throws -> [Habit] {
        try await writeBumping { session, changes in
            // The owner's rows locked: two reorders at once apply one after the other, not interleaved.
            let own = try await session.rows(
                """
                SELECT \(unescaped: PostgresRows.habitColumns) FROM habits WHERE owner_id = \(ownerID)
                ORDER BY position, id FOR NO KEY UPDATE
                """
            ).map(PostgresRows.habit)
            let order = try HabitOrder(own: own, first: habitIDs)
            let moved = order.moved
            // Nothing moved, nothing to rebuild: an open screen is rebuilt only for a real change.
            if !moved.isEmpty { changes.catalogueChanged() }
            for (habitID, position) in moved {
                try await session.execute("UPDATE habits SET position = \(position) WHERE id = \(habitID)")
            }
            return order.renumbered
        }
    }

    /// Deletes a habit with everything that refers to it; the caller holds its row and pairs locked.
    static func removeHabit(_ session: PostgresSession, id: Int64, changes: ChangeRecorder) async throws {
        try await session.execute("DELETE FROM logs WHERE habit_id = \(id)")
        try await session.execute("DELETE FROM habit_day_runs WHERE habit_id = \(id)")
        try await session.execute("DELETE FROM habit_day_entries WHERE habit_id = \(id)")
        try await PostgresCounters.removeCounts(session, column: "habit_id", id: id, changes: changes)
        let favoredBy = try await session.values(
            "DELETE FROM favorites WHERE habit_id = \(id) RETURNING user_id", as: Int64.self)
        for user in favoredBy { changes.favorites(of: user) }
        if try await session.changes("DELETE FROM program_habits WHERE habit_id = \(id) RETURNING 1") > 0 {
            changes.programsChanged()
        }
        try await session.execute("DELETE FROM habits WHERE id = \(id)")
    }

    // MARK: Rows

    /// Refuses a habit name taken in its scope: the catalogue for a shared habit, its owner's own for a
    /// personal one.
    static func requireFreeHabitName(_ session: PostgresSession, _ habit: Habit, except id: Int64) async throws {
        let scope = habit.visibility == .personal ? (habit.ownerID ?? 0) : 0
        let taken = try await session.rows(
            """
            SELECT id FROM habits
            WHERE (CASE visibility WHEN 'personal' THEN owner_id ELSE 0 END) = \(scope)
                AND name_folded = \(ResourceRules.foldedName(habit.name)) AND id != \(id)
            """)
        if !taken.isEmpty { throw StoreRefusal.nameTaken("habit", habit.name) }
    }

    /// The habits of its own `ownerID` holds, archived ones included: what `HabitRule` bounds.
    static func personalHabitCount(_ session: PostgresSession, ownerID: Int64) async throws -> Int {
        try await session.int(
            "SELECT count(*)::bigint FROM habits WHERE owner_id = \(ownerID) AND visibility = 'personal'")
    }

    static func requireFreeName(
        _ session: PostgresSession, table: String, kind: String, _ name: String, except id: Int64
    ) async throws {
        var binds = PostgresBindings()
        binds.append(ResourceRules.foldedName(name))
        binds.append(id)
        let taken = try await session.rows(PostgresQuery(
            unsafeSQL: "SELECT id FROM \(table) WHERE name_folded = $1 AND id != $2", binds: binds))
        if !taken.isEmpty { throw StoreRefusal.nameTaken(kind, name) }
    }
}
