import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/me…`: the signed-in account, its password, sessions and API tokens (accounts mode).
struct MeController: Sendable {
    let accounts: AccountService

    /// The body of `PATCH /v1/me`: the user's fields (`UserPatch`) and who sees the account.
    struct VisibilityPatch: Decodable, Sendable {
        var visibility: Visibility?
    }

    /// The body of `POST /v1/me/password`.
    struct PasswordChange: Decodable, Sendable {
        var oldPassword: String
        var newPassword: String
    }

    /// The body of `DELETE /v1/me`.
    struct Deletion: Decodable, Sendable {
        var password: String
    }

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.me.routerPath, use: get)
        router.patch(Routes.me.routerPath, use: update)
        router.delete(Routes.me.routerPath, use: delete)
        router.post(Routes.mePassword.routerPath, use: changePassword)
        router.get(Routes.meSessions.routerPath, use: sessions)
        router.delete(Routes.meSession.routerPath, use: endSession)
        router.get(Routes.meTokens.routerPath, use: tokens)
        router.post(Routes.meTokens.routerPath, use: createToken)
        router.delete(Routes.meToken.routerPath, use: revokeToken)
    }

    var store: any HabitStore { accounts.store }

    @Sendable func get(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Account> {
        JSON(try await store.account(userID: try context.signedInIdentity().userID), noStore: true)
    }

    @Sendable func update(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Account> {
        let identity = try context.signedInIdentity()
        try RequestBody.requireJSONContentType(request.headers)
        let buffer = try await request.body.collect(upTo: RequestBody.maximumJSON)
        let patch = try RequestBody.decode(UserPatch.self, from: buffer)
        let visibility = try RequestBody.decode(VisibilityPatch.self, from: buffer).visibility
        // The user's fields are checked inside their write; the visibility, an enum, is already valid.
        _ = try await store.updateUser(id: identity.userID) { try patch.applied(to: $0) }
        if let visibility { try await store.setVisibility(visibility, userID: identity.userID) }
        return JSON(try await store.account(userID: identity.userID), noStore: true)
    }

    @Sendable func delete(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let identity = try context.sessionIdentity()
        let body = try await RequestBody.decode(Deletion.self, from: request)
        try await accounts.confirmPassword(body.password, identity: identity, context: context)
        try await accounts.changingCredentials(of: identity.userID) {
            try await store.deleteAccount(userID: identity.userID)
        }
        var response = Response(status: .noContent)
        try accounts.setSessionCookie(nil, on: &response, context: context)
        return response
    }

    @Sendable func changePassword(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let identity = try context.sessionIdentity()
        let body = try await RequestBody.decode(PasswordChange.self, from: request)
        try await accounts.changePassword(
            old: body.oldPassword, new: body.newPassword, identity: identity, request: request, context: context)
        return NoContent()
    }

    @Sendable func sessions(_ request: Request, context: HabitsRequestContext) async throws -> JSON<[SessionInfo]> {
        let identity = try context.signedInIdentity()
        var sessions = try await store.sessions(
            userID: identity.userID, now: accounts.clock(), idleLimit: SessionCookie.idleLimit)
        if case .session(let current) = identity.proof {
            for index in sessions.indices { sessions[index].isCurrent = sessions[index].id == current }
        }
        return JSON(sessions, noStore: true)
    }

    @Sendable func endSession(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let identity = try context.sessionIdentity()
        let id = try RequestInput.id("sessionID", context)
        try await accounts.changingCredentials(of: identity.userID) {
            try await store.endSession(id: id, userID: identity.userID)
        }
        return NoContent()
    }

    @Sendable func tokens(_ request: Request, context: HabitsRequestContext) async throws -> JSON<[APIToken]> {
        JSON(try await store.tokens(userID: try context.signedInIdentity().userID), noStore: true)
    }

    @Sendable func createToken(_ request: Request, context: HabitsRequestContext) async throws -> JSON<IssuedToken> {
        let identity = try context.sessionIdentity()
        let body = try await RequestBody.decode(TokenRequest.self, from: request)
        let name = try AccountRules.tokenName(body.name)
        let secret = Secrets.newToken()
        let token = try await store.createToken(
            name: name, scope: body.scope, secretHash: Secrets.hash(secret), userID: identity.userID,
            now: accounts.clock())
        return JSON(
            IssuedToken(id: token.id, name: token.name, scope: token.scope, createdAt: token.createdAt, token: secret),
            status: .created, headers: [.location: Routes.meTokens.pattern + "/\(token.id)"], noStore: true)
    }

    /// A session revokes any of the account's tokens; a token only itself (`habits logout`), which gives it no
    /// power it did not have.
    @Sendable func revokeToken(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let id = try RequestInput.id("tokenID", context)
        let signedIn = try context.signedInIdentity()
        let identity = if case .token(let tokenID, _) = signedIn.proof, tokenID == id { signedIn } else {
            try context.sessionIdentity()
        }
        try await accounts.changingCredentials(of: identity.userID) {
            try await store.deleteToken(id: id, userID: identity.userID)
        }
        return NoContent()
    }
}
