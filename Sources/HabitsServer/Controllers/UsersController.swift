import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/users…`: users, their favourite habits, the users they follow and their logs.
struct UsersController: Sendable {
    let store: any ResourceStore

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.users.routerPath, use: list)
        router.post(Routes.users.routerPath, use: create)
        router.get(Routes.user.routerPath, use: get)
        router.patch(Routes.user.routerPath, use: update)
        router.delete(Routes.user.routerPath, use: delete)
        router.get(Routes.favorites.routerPath, use: favorites)
        router.put(Routes.favorite.routerPath, use: addFavorite)
        router.delete(Routes.favorite.routerPath, use: removeFavorite)
        router.get(Routes.followed.routerPath, use: following)
        router.put(Routes.following.routerPath, use: follow)
        router.delete(Routes.following.routerPath, use: unfollow)
        router.get(Routes.userLogs.routerPath, use: logs)
    }

    @Sendable func list(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Page<User>> {
        JSON(try await seen(try RequestInput.page(request), context: context) { try await store.users(page: $0) })
    }

    /// The page `asked` of the users `read` lists that the asking account may see. Store pages are read
    /// until the page is full and one more seen user is known (or the list ends), so that neither the
    /// page's length nor its cursor tells that users it may not see were skipped.
    ///
    /// - Complexity: O(n + h) for the page's n users and the h users skipped; one read per private user.
    private func seen(
        _ asked: PageRequest, context: HabitsRequestContext, _ read: (PageRequest) async throws -> Page<User>
    ) async throws -> Page<User> {
        guard case .signedIn(let identity) = context.access else { return try await read(asked) }
        var seen: [User] = []
        var next = asked
        while true {
            let page = try await read(next)
            for user in page.items {
                let maySee = user.isPrivate ? try await store.maySee(userID: user.id, viewerID: identity.userID) : true
                if maySee { seen.append(user) }
            }
            guard seen.count <= asked.limit, page.nextCursor != nil, let last = page.items.last else { break }
            next = PageRequest(after: PageCursor(id: last.id), limit: asked.limit)
        }
        return asked.page(of: seen) { PageCursor(id: $0.id) }
    }

    @Sendable func create(_ request: Request, context: HabitsRequestContext) async throws -> JSON<User> {
        let draft = try await RequestBody.decode(UserDraft.self, from: request)
        let user = try ResourceRules.checked(
            User(
                id: 0,
                key: draft.key ?? UUID().uuidString.lowercased(),
                name: draft.name,
                color: draft.color,
                bio: draft.bio,
                timeZone: draft.timeZone ?? "UTC",
                locale: draft.locale ?? "en_US"
            ))
        let created = try await store.createUser(user)
        return .created(created, location: "/v1/users/\(created.id)")
    }

    @Sendable func get(_ request: Request, context: HabitsRequestContext) async throws -> JSON<User> {
        JSON(try await store.user(id: try RequestInput.id("userID", context)))
    }

    @Sendable func update(_ request: Request, context: HabitsRequestContext) async throws -> JSON<User> {
        let id = try RequestInput.id("userID", context)
        let patch = try await RequestBody.decode(UserPatch.self, from: request)
        return JSON(try await store.updateUser(id: id) { try patch.applied(to: $0) })
    }

    @Sendable func delete(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        try await store.deleteUser(
            id: try RequestInput.id("userID", context), cascade: try RequestInput.cascade(request))
        return NoContent()
    }

    @Sendable func favorites(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<Page<Habit>> {
        let id = try RequestInput.id("userID", context)
        var page = try await store.favorites(userID: id, page: try RequestInput.page(request))
        // Someone's personal habits are theirs alone, favourites included.
        if case .signedIn(let identity) = context.access {
            page.items.removeAll { !$0.isVisible(to: identity.userID) }
        }
        return JSON(page)
    }

    @Sendable func addFavorite(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        try await setFavorite(context, true)
    }

    @Sendable func removeFavorite(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        try await setFavorite(context, false)
    }

    @Sendable func following(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Page<User>>
    {
        let id = try RequestInput.id("userID", context)
        return JSON(try await seen(try RequestInput.page(request), context: context) {
            try await store.following(userID: id, page: $0)
        })
    }

    /// What `PUT …/following/{id}` answers when the user is private: the request waits for its approval.
    struct FollowAnswer: Codable, Hashable, Sendable {
        var status: FollowOutcome
    }

    /// `204` once following; `202` with `{"status": "requested"}` when a private user must approve first.
    @Sendable func follow(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let followedID = try RequestInput.id("followedID", context)
        let outcome: FollowOutcome
        do {
            outcome = try await store.setFollowing(
                userID: try RequestInput.id("userID", context), followedID: followedID, true)
        } catch let HabitsError.notFound(kind, id)
            where kind == .user && id == String(followedID) && context.access != .open
        {
            // With accounts, asking to follow someone who does not exist answers as asking to follow a
            // private user does: a request waits (and, here, never comes), so the answer never tells
            // whether an id exists.
            outcome = .requested
        }
        guard outcome == .requested else { return Response(status: .noContent) }
        return try JSON(FollowAnswer(status: outcome), status: .accepted).response(from: request, context: context)
    }

    @Sendable func unfollow(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let userID = try RequestInput.id("userID", context)
        let followedID = try RequestInput.id("followedID", context)
        do {
            try await store.setFollowing(userID: userID, followedID: followedID, false)
        } catch let HabitsError.notFound(kind, id)
            where kind == .user && id == String(followedID) && context.access != .open
        {
            // With accounts, not following someone who does not exist is as true as not following a private
            // user one may not see: both answer the same, so the answer never tells whether an id exists.
        }
        return NoContent()
    }

    @Sendable func logs(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Page<Log>> {
        let id = try RequestInput.id("userID", context)
        let range = try RequestInput.timeRange(request)
        // Logs of someone else's personal habits are theirs alone, as the habits are.
        var othersOnly = false
        if case .signedIn(let identity) = context.access { othersOnly = identity.userID != id }
        return JSON(
            try await store.logs(
                userID: id, in: range, page: try RequestInput.page(request), sharedHabitsOnly: othersOnly))
    }

    private func setFavorite(_ context: HabitsRequestContext, _ isFavorite: Bool) async throws -> NoContent {
        let userID = try RequestInput.id("userID", context)
        try await store.setFavorite(userID: userID, habitID: try RequestInput.id("habitID", context), isFavorite)
        return NoContent()
    }
}
