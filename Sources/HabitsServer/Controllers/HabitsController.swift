import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/habits…`: the shared catalogue and everyone's own habits.
///
/// A shared habit is written by administrators (in open mode, by anyone); a personal habit by its owner
/// alone, and to anyone else it does not exist (`AccessMiddleware` answers 404 for its paths).
struct HabitsController: Sendable {
    let store: any ResourceStore

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.habits.routerPath, use: list)
        router.post(Routes.habits.routerPath, use: create)
        router.get(Routes.habit.routerPath, use: get)
        router.patch(Routes.habit.routerPath, use: update)
        router.delete(Routes.habit.routerPath, use: delete)
        router.post(Routes.habitArchive.routerPath, use: archive)
        router.post(Routes.habitRestore.routerPath, use: restore)
    }

    /// The shared habits and the asker's own (every habit in open mode); `?archived=true` lists the
    /// archived ones instead.
    @Sendable func list(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Page<Habit>> {
        let archived: Bool
        switch request.uri.queryParameters.get("archived") {
        case nil, "false": archived = false
        case "true": archived = true
        default: throw HabitsError.invalid(field: "archived", reason: "must be true or false.")
        }
        return JSON(
            try await store.habits(
                visibleTo: try Self.viewerID(context), archived: archived, page: try RequestInput.page(request)))
    }

    @Sendable func create(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Habit> {
        let created = try await create(try await RequestBody.decode(HabitDraft.self, from: request), context)
        return .created(created, location: "/v1/habits/\(created.id)")
    }

    /// Creates the habit `draft` describes, owned and seen as `ownership(of:_:)` decides.
    func create(_ draft: HabitDraft, _ context: HabitsRequestContext) async throws -> Habit {
        let (owner, visibility) = try Self.ownership(of: draft, context)
        let habit = try ResourceRules.checked(
            Habit(
                id: 0, name: draft.name, categoryID: draft.categoryID, info: draft.info ?? "", emoji: draft.emoji,
                schedule: draft.schedule ?? .daily, ownerID: owner, visibility: visibility, reminder: draft.reminder))
        return try await Self.referencesMustExist { try await store.createHabit(habit) }
    }

    @Sendable func get(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Habit> {
        JSON(try await store.habit(id: try RequestInput.id("habitID", context)))
    }

    @Sendable func update(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Habit> {
        let id = try await writableHabitID(try RequestInput.id("habitID", context), context)
        return JSON(try await update(writable: id, try await RequestBody.decode(HabitPatch.self, from: request)))
    }

    /// Applies `patch` to habit `id`, which the asker may write (`writableHabitID`): `/v1` and the
    /// administrators' page alike.
    func update(writable id: Int64, _ patch: HabitPatch) async throws -> Habit {
        try await Self.referencesMustExist { try await store.updateHabit(id: id) { try patch.applied(to: $0) } }
    }

    @Sendable func delete(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let id = try await writableHabitID(try RequestInput.id("habitID", context), context)
        try await store.deleteHabit(id: id, cascade: try RequestInput.cascade(request))
        return NoContent()
    }

    /// Hides the habit from every screen; its logs, days and counts stay.
    @Sendable func archive(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Habit> {
        try await setArchived(true, context)
    }

    /// Brings an archived habit back.
    @Sendable func restore(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Habit> {
        try await setArchived(false, context)
    }

    private func setArchived(_ archived: Bool, _ context: HabitsRequestContext) async throws -> JSON<Habit> {
        JSON(try await setArchived(archived, id: try RequestInput.id("habitID", context), context))
    }

    /// Archives or restores habit `id`, once the asker may write it.
    func setArchived(_ archived: Bool, id: Int64, _ context: HabitsRequestContext) async throws -> Habit {
        let writable = try await writableHabitID(id, context)
        return try await store.updateHabit(id: writable) { habit in
            var habit = habit
            habit.isArchived = archived
            return habit
        }
    }

    /// The habit `id`, once the asker may write it: its owner for a personal habit, an administrator for
    /// a shared one.
    func writableHabitID(_ id: Int64, _ context: HabitsRequestContext) async throws -> Int64 {
        guard case .signedIn(let identity) = context.access else { return id }
        let habit = try await store.habit(id: id)
        switch habit.visibility {
        case .personal:
            guard habit.ownerID == identity.userID else { throw HabitsError.notFound(kind: .habit, id: String(id)) }
        case .shared:
            guard context.isAdministrator else { throw AccessRefusal.administratorsOnly }
        }
        return id
    }

    /// The user whose habits a listing shows: the signed-in account; nobody in particular in open mode.
    static func viewerID(_ context: HabitsRequestContext) throws -> Int64? {
        guard case .open = context.access else { return try context.signedInIdentity().userID }
        return nil
    }

    /// Who owns a new habit and who sees it. With accounts, the asker owns it (naming anyone else is
    /// refused) and only an administrator adds to the shared catalogue; in open mode `ownerID` names the
    /// owner, and a habit with an owner is personal unless the draft says otherwise.
    static func ownership(of draft: HabitDraft, _ context: HabitsRequestContext) throws
        -> (owner: Int64?, visibility: HabitVisibility)
    {
        guard case .signedIn(let identity) = context.access else {
            let visibility = draft.visibility ?? (draft.ownerID == nil ? .shared : .personal)
            if visibility == .personal, draft.ownerID == nil {
                throw HabitsError.invalid(field: "ownerID", reason: "a personal habit needs its owner's id.")
            }
            return (draft.ownerID, visibility)
        }
        if let named = draft.ownerID, named != identity.userID { throw AccessRefusal.actingAsSomeoneElse(identity) }
        let visibility = draft.visibility ?? (identity.role == .administrator ? .shared : .personal)
        if visibility == .shared, identity.role != .administrator { throw AccessRefusal.administratorsOnly }
        return (identity.userID, visibility)
    }

    /// An unknown category or owner named in a body is an invalid field (422), not a missing target (404).
    static func referencesMustExist<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch HabitsError.notFound(kind: .category, let id) {
            throw HabitsError.invalid(field: "categoryID", reason: "no category has id \(id).")
        } catch HabitsError.notFound(kind: .user, let id) {
            throw HabitsError.invalid(field: "ownerID", reason: "no user has id \(id).")
        }
    }
}
