import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/auth/…`: signing up, in and out (accounts mode).
struct AuthController: Sendable {
    let accounts: AccountService

    /// The body of `POST /v1/auth/signup`.
    struct SignUp: Decodable, Sendable {
        var username: String
        var password: String
        var name: String
        var timeZone: String?
        var locale: String?
    }

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.post(Routes.signUp.routerPath, use: signUp)
        router.post(Routes.signIn.routerPath, use: signIn)
        router.post(Routes.signOut.routerPath, use: signOut)
        router.post(Routes.signOutEverywhere.routerPath, use: signOutEverywhere)
    }

    @Sendable func signUp(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let body = try await RequestBody.decode(SignUp.self, from: request)
        let (account, secret) = try await accounts.signUp(
            username: body.username, password: body.password, name: body.name, timeZone: body.timeZone,
            locale: body.locale, request: request, context: context)
        var response = try JSON.created(account, location: Routes.me.pattern).response(from: request, context: context)
        try accounts.setSessionCookie(secret, on: &response, context: context)
        return response
    }

    @Sendable func signIn(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let body = try await RequestBody.decode(SignInRequest.self, from: request)
        let (account, secret) = try await accounts.signIn(
            username: body.username, password: body.password, request: request, context: context)
        var response = try JSON(account, headers: [.cacheControl: "no-store"]).response(from: request, context: context)
        try accounts.setSessionCookie(secret, on: &response, context: context)
        return response
    }

    @Sendable func signOut(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        try await accounts.signOut(request: request, context: context)
        var response = Response(status: .noContent)
        try accounts.setSessionCookie(nil, on: &response, context: context)
        return response
    }

    @Sendable func signOutEverywhere(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let identity = try context.sessionIdentity()
        try await accounts.changingCredentials(of: identity.userID) {
            try await accounts.store.endSessions(userID: identity.userID, keeping: nil)
        }
        var response = Response(status: .noContent)
        try accounts.setSessionCookie(nil, on: &response, context: context)
        return response
    }
}
