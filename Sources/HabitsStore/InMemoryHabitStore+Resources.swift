import Foundation
import HabitsDomain

/// `/v1` resources in memory, with the SQLite store's rules and messages.
extension InMemoryHabitStore {
    /// SQLite's NOCASE folds ASCII letters only; fold the same way so both stores agree.
    nonisolated static func folded(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (65...90).contains(scalar.value) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
        }))
    }

    private static func page<Item: Identified>(_ values: some Collection<Item>, _ request: PageRequest) -> Page<Item> {
        let after = request.after?.id ?? 0
        let items = values.filter { $0.id > after }.sorted { $0.id < $1.id }.prefix(request.limit + 1)
        return request.page(of: Array(items)) { PageCursor(id: $0.id) }
    }

    private func requireUser(_ id: Int64) throws -> UserResource {
        guard let user = contents.users[id] else { throw HabitsError.notFound(kind: "user", id: String(id)) }
        return user
    }

    private func requireCategory(_ id: Int64) throws -> CategoryResource {
        guard let category = contents.categories[id] else { throw HabitsError.notFound(kind: "category", id: String(id)) }
        return category
    }

    private func requireHabit(_ id: Int64) throws -> HabitResource {
        guard let habit = contents.habits[id] else { throw HabitsError.notFound(kind: "habit", id: String(id)) }
        return habit
    }

    private func requireFreeName(_ name: String, kind: String, among names: some Sequence<(Int64, String)>, except id: Int64) throws {
        let folded = Self.folded(name)
        if names.contains(where: { $0.0 != id && Self.folded($0.1) == folded }) { throw ResourceMessages.nameTaken(kind, name) }
    }

    private func loggedCount(where matches: (Pair) -> Bool) -> Int {
        contents.counts.reduce(0) { $0 + (matches($1.key) ? $1.value : 0) }
    }

    // MARK: Users

    public func createUser(_ user: UserResource) throws -> UserResource {
        let folded = Self.folded(user.key)
        if contents.users.values.contains(where: { Self.folded($0.key) == folded }) { throw ResourceMessages.keyTaken(user.key) }
        var created = user
        created.id = contents.makeID()
        contents.users[created.id] = created
        bump()
        return created
    }

    public func user(id: Int64) throws -> UserResource { try requireUser(id) }

    public func users(page: PageRequest) -> Page<UserResource> { Self.page(contents.users.values, page) }

    public func updateUser(id: Int64, _ change: @escaping @Sendable (UserResource) throws -> UserResource) throws -> UserResource {
        let current = try requireUser(id)
        var updated = try change(current)
        updated.id = id
        updated.key = current.key
        contents.users[id] = updated
        bump()
        return updated
    }

    public func deleteUser(id: Int64, cascade: Bool) throws {
        _ = try requireUser(id)
        let logged = loggedCount { $0.user == id }
        if logged > 0 && !cascade { throw ResourceMessages.userHasLogs(logged) }
        contents.logs = contents.logs.filter { $0.value.userID != id }
        contents.counts = contents.counts.filter { $0.key.user != id }
        contents.favorites = contents.favorites.filter { $0.user != id }
        contents.follows = contents.follows.filter { $0.user != id && $0.habit != id }
        contents.images[id] = nil
        contents.users[id] = nil
        bump()
    }

    // MARK: Categories

    public func createCategory(_ category: CategoryResource) throws -> CategoryResource {
        try requireFreeName(category.name, kind: "category", among: contents.categories.values.map { ($0.id, $0.name) }, except: 0)
        var created = category
        created.id = contents.makeID()
        contents.categories[created.id] = created
        bump()
        return created
    }

    public func category(id: Int64) throws -> CategoryResource { try requireCategory(id) }

    public func categories(page: PageRequest) -> Page<CategoryResource> { Self.page(contents.categories.values, page) }

    public func updateCategory(id: Int64, _ change: @escaping @Sendable (CategoryResource) throws -> CategoryResource) throws -> CategoryResource {
        var updated = try change(try requireCategory(id))
        updated.id = id
        try requireFreeName(updated.name, kind: "category", among: contents.categories.values.map { ($0.id, $0.name) }, except: id)
        contents.categories[id] = updated
        bump()
        return updated
    }

    public func deleteCategory(id: Int64) throws {
        _ = try requireCategory(id)
        let used = contents.habits.values.filter { $0.categoryID == id }.count
        if used > 0 { throw ResourceMessages.categoryInUse(used) }
        contents.categories[id] = nil
        bump()
    }

    // MARK: Habits

    public func createHabit(_ habit: HabitResource) throws -> HabitResource {
        _ = try requireCategory(habit.categoryID)
        try requireFreeName(habit.name, kind: "habit", among: contents.habits.values.map { ($0.id, $0.name) }, except: 0)
        var created = habit
        created.id = contents.makeID()
        contents.habits[created.id] = created
        bump()
        return created
    }

    public func habit(id: Int64) throws -> HabitResource { try requireHabit(id) }

    public func habits(page: PageRequest) -> Page<HabitResource> { Self.page(contents.habits.values, page) }

    public func updateHabit(id: Int64, _ change: @escaping @Sendable (HabitResource) throws -> HabitResource) throws -> HabitResource {
        var updated = try change(try requireHabit(id))
        updated.id = id
        _ = try requireCategory(updated.categoryID)
        try requireFreeName(updated.name, kind: "habit", among: contents.habits.values.map { ($0.id, $0.name) }, except: id)
        contents.habits[id] = updated
        bump()
        return updated
    }

    public func deleteHabit(id: Int64, cascade: Bool) throws {
        _ = try requireHabit(id)
        let logged = loggedCount { $0.habit == id }
        if logged > 0 && !cascade { throw ResourceMessages.habitHasLogs(logged) }
        contents.logs = contents.logs.filter { $0.value.habitID != id }
        contents.counts = contents.counts.filter { $0.key.habit != id }
        contents.favorites = contents.favorites.filter { $0.habit != id }
        contents.habits[id] = nil
        bump()
    }

    // MARK: Logs, favourites, follows

    public func createLogs(_ logs: [LogDraft]) throws -> [LogResource] {
        for log in logs {
            _ = try requireUser(log.userID)
            _ = try requireHabit(log.habitID)
        }
        let created = logs.map { contents.insertLog(user: $0.userID, habit: $0.habitID, at: $0.timestamp) }
        bump()
        return created
    }

    public func logEntry(id: Int64) throws -> LogResource {
        guard let log = contents.logs[id] else { throw HabitsError.notFound(kind: "log", id: String(id)) }
        return log
    }

    public func logs(userID: Int64, in range: TimeRange, page: PageRequest) throws -> Page<LogResource> {
        _ = try requireUser(userID)
        func key(_ log: LogResource) -> (Double, Int64) { (log.timestamp.timeIntervalSince1970, log.id) }
        let after = page.after.map { ($0.time ?? -.infinity, $0.id) }
        let items = contents.logs.values
            .filter { log in log.userID == userID && range.contains(log.timestamp) && (after.map { key(log) > $0 } ?? true) }
            .sorted { key($0) < key($1) }
            .prefix(page.limit + 1)
        return page.page(of: Array(items)) { PageCursor(id: $0.id, time: $0.timestamp.timeIntervalSince1970) }
    }

    public func setFavorite(userID: Int64, habitID: Int64, _ isFavorite: Bool) throws {
        _ = try requireUser(userID)
        _ = try requireHabit(habitID)
        let pair = Pair(user: userID, habit: habitID)
        if isFavorite { contents.favorites.insert(pair) } else { contents.favorites.remove(pair) }
        bump()
    }

    public func favorites(userID: Int64, page: PageRequest) throws -> Page<HabitResource> {
        _ = try requireUser(userID)
        return Self.page(contents.favorites.filter { $0.user == userID }.compactMap { contents.habits[$0.habit] }, page)
    }

    public func setFollowing(userID: Int64, followedID: Int64, _ isFollowing: Bool) throws {
        _ = try requireUser(userID)
        _ = try requireUser(followedID)
        if userID == followedID { throw ResourceMessages.followSelf }
        // A follow is stored as a pair (follower in `user`, followed in `habit`).
        let pair = Pair(user: userID, habit: followedID)
        if isFollowing { contents.follows.insert(pair) } else { contents.follows.remove(pair) }
        bump()
    }

    public func following(userID: Int64, page: PageRequest) throws -> Page<UserResource> {
        _ = try requireUser(userID)
        return Self.page(contents.follows.filter { $0.user == userID }.compactMap { contents.users[$0.habit] }, page)
    }
}

/// Resources with an internal id, for paging.
protocol Identified { var id: Int64 { get } }
extension UserResource: Identified {}
extension CategoryResource: Identified {}
extension HabitResource: Identified {}
