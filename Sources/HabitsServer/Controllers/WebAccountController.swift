import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird
import Mustache

/// The web client's sign-in, sign-up and account pages (accounts mode): plain forms that work without
/// JavaScript, behind the same host and origin checks as every write. A refused form comes back with
/// its sentence and the status the JSON API would answer; a successful one redirects (303).
struct WebAccountController: Sendable {
    let accounts: AccountService
    let assets: WebAssets

    struct SignInForm: Decodable, Sendable {
        var username: String
        var password: String
        var next: String?
    }

    struct SignUpForm: Decodable, Sendable {
        var username: String
        var password: String
        var name: String
        var timeZone: String?
        var next: String?
    }

    struct ProfileForm: Decodable, Sendable {
        var name: String
        var bio: String?
        var timeZone: String
        var locale: String
        var visibility: Visibility
    }

    struct PasswordForm: Decodable, Sendable {
        var oldPassword: String
        var newPassword: String
    }

    struct SessionsForm: Decodable, Sendable {
        /// A session's number, or `others` for every session but this one.
        var session: String
    }

    struct TokenForm: Decodable, Sendable {
        /// `create` (with `name` and `scope`) or `revoke` (with `id`).
        var action: String
        var name: String?
        var scope: TokenScope?
        var id: Int64?
    }

    struct DeleteForm: Decodable, Sendable {
        var password: String
    }

    struct FollowRequestForm: Decodable, Sendable {
        var requester: Int64
        /// `approve` or `decline`.
        var answer: String
    }

    struct FollowForm: Decodable, Sendable {
        var username: String
    }

    struct FollowerForm: Decodable, Sendable {
        var follower: Int64
    }

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.signInPage.routerPath, use: signInPage)
        router.post(Routes.signInPage.routerPath, use: signIn)
        router.get(Routes.signUpPage.routerPath, use: signUpPage)
        router.post(Routes.signUpPage.routerPath, use: signUp)
        router.post(Routes.signOutPage.routerPath, use: signOut)
        router.get(Routes.accountPage.routerPath, use: accountPage)
        router.post(Routes.accountPage.routerPath, use: saveProfile)
        router.post(Routes.accountPassword.routerPath, use: changePassword)
        router.post(Routes.accountSessions.routerPath, use: endSessions)
        router.post(Routes.accountTokens.routerPath, use: tokens)
        router.post(Routes.accountDelete.routerPath, use: delete)
        router.post(Routes.accountFollowers.routerPath, use: removeFollower)
        router.post(Routes.accountFollowRequests.routerPath, use: answerFollowRequest)
        router.post(Routes.accountFollow.routerPath, use: follow)
    }

    var store: any HabitStore { accounts.store }

    // MARK: Signing in and up

    @Sendable func signInPage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let next = Self.nextPath(request.uri.queryParameters.get("next"))
        if case .signedIn = context.access { return Self.redirect(to: next) }
        return try page(
            "signin", CredentialsPageView(
                title: "Sign in", notice: Self.notice(request), username: "", name: "", timeZone: "", next: next))
    }

    @Sendable func signIn(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let form = try await WebForm.decode(SignInForm.self, from: request)
        let next = Self.nextPath(form.next)
        do {
            let (_, secret) = try await accounts.signIn(
                username: form.username, password: form.password, request: request, context: context)
            var response = Self.redirect(to: next)
            try accounts.setSessionCookie(secret, on: &response, context: context)
            return response
        } catch {
            let view = CredentialsPageView(
                title: "Sign in", username: String(form.username.prefix(100)), name: "", timeZone: "", next: next)
            return try refused(error, template: "signin", view: view) { $0.error = $1 }
        }
    }

    @Sendable func signUpPage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let next = Self.nextPath(request.uri.queryParameters.get("next"))
        if case .signedIn = context.access { return Self.redirect(to: next) }
        return try page(
            "signup", CredentialsPageView(title: "Sign up", username: "", name: "", timeZone: "UTC", next: next))
    }

    @Sendable func signUp(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let form = try await WebForm.decode(SignUpForm.self, from: request)
        let next = Self.nextPath(form.next)
        do {
            let zone = form.timeZone.flatMap { $0.isEmpty ? nil : $0 }
            let (_, secret) = try await accounts.signUp(
                username: form.username, password: form.password, name: form.name, timeZone: zone, locale: nil,
                request: request, context: context)
            var response = Self.redirect(to: next)
            try accounts.setSessionCookie(secret, on: &response, context: context)
            return response
        } catch {
            let view = CredentialsPageView(
                title: "Sign up", username: String(form.username.prefix(100)), name: String(form.name.prefix(100)),
                timeZone: String((form.timeZone ?? "").prefix(64)), next: next)
            return try refused(error, template: "signup", view: view) { $0.error = $1 }
        }
    }

    @Sendable func signOut(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        if let secret = AccountService.sessionSecret(of: request) {
            let hash = Secrets.hash(secret)
            try await store.endSession(secretHash: hash)
            accounts.identities.forget(hash: hash)
        }
        var response = Self.redirect(to: "/signin?notice=\(AccountNotice.signedOut.rawValue)")
        try accounts.setSessionCookie(nil, on: &response, context: context)
        return response
    }

    // MARK: The account page

    @Sendable func accountPage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        var view = try await accountView(context)
        view.notice = Self.notice(request)
        return try page("account", view)
    }

    @Sendable func saveProfile(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let identity = try context.sessionIdentity()
        let form = try await WebForm.decode(ProfileForm.self, from: request)
        return try await accountForm(context, notice: .saved) {
            // An emptied bio field clears the bio.
            let bio: Nullable<String> = form.bio.map { $0.isEmpty ? .null : .value($0) } ?? .null
            let patch = UserPatch(name: form.name, bio: bio, timeZone: form.timeZone, locale: form.locale)
            _ = try await store.updateUser(id: identity.userID) { try patch.applied(to: $0) }
            try await store.setVisibility(form.visibility, userID: identity.userID)
        }
    }

    @Sendable func changePassword(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let identity = try context.sessionIdentity()
        let form = try await WebForm.decode(PasswordForm.self, from: request)
        return try await accountForm(context, notice: .password) {
            try await accounts.changePassword(
                old: form.oldPassword, new: form.newPassword, identity: identity, request: request, context: context)
        }
    }

    @Sendable func endSessions(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let identity = try context.sessionIdentity()
        let form = try await WebForm.decode(SessionsForm.self, from: request)
        if case .session(let current) = identity.proof, Int64(form.session) == current {
            // Ending this browser's own session is signing out.
            return try await signOut(request, context: context)
        }
        return try await accountForm(context, notice: .sessions) {
            defer { accounts.identities.forget(userID: identity.userID) }
            if form.session == "others" {
                let keeping = AccountService.sessionSecret(of: request).map(Secrets.hash)
                try await store.endSessions(userID: identity.userID, keeping: keeping)
            } else if let id = Int64(form.session) {
                try await store.endSession(id: id, userID: identity.userID)
            } else {
                throw HabitsError.invalid(field: "session", reason: "must be a session's number or others.")
            }
        }
    }

    @Sendable func tokens(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let identity = try context.sessionIdentity()
        let form = try await WebForm.decode(TokenForm.self, from: request)
        if form.action == "revoke" {
            return try await accountForm(context, notice: .revoked) {
                guard let id = form.id else { throw HabitsError.invalid(field: "id", reason: "names no token.") }
                try await accounts.changingCredentials(of: identity.userID) {
                    try await store.deleteToken(id: id, userID: identity.userID)
                }
            }
        }
        do {
            guard form.action == "create", let scope = form.scope else {
                throw HabitsError.invalid(field: "scope", reason: "must be read or write.")
            }
            let name = try AccountRules.tokenName(form.name ?? "")
            let secret = Secrets.newToken()
            _ = try await store.createToken(
                name: name, scope: scope, secretHash: Secrets.hash(secret), userID: identity.userID,
                now: accounts.clock())
            // Shown on this answer only: it is not kept, so no later page can show it again.
            var view = try await accountView(context)
            view.newToken = secret
            return try page("account", view, status: .created)
        } catch {
            return try refused(error, template: "account", view: try await accountView(context)) { $0.error = $1 }
        }
    }

    @Sendable func delete(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let identity = try context.sessionIdentity()
        let form = try await WebForm.decode(DeleteForm.self, from: request)
        do {
            try await accounts.confirmPassword(form.password, identity: identity, context: context)
            try await accounts.changingCredentials(of: identity.userID) {
                try await store.deleteAccount(userID: identity.userID)
            }
        } catch {
            return try refused(error, template: "account", view: try await accountView(context)) { $0.error = $1 }
        }
        var response = Self.redirect(to: "/signin?notice=\(AccountNotice.deleted.rawValue)")
        try accounts.setSessionCookie(nil, on: &response, context: context)
        return response
    }

    @Sendable func removeFollower(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let identity = try context.sessionIdentity()
        let form = try await WebForm.decode(FollowerForm.self, from: request)
        return try await accountForm(context, notice: .removed) {
            guard form.follower != identity.userID else { return }
            do {
                try await store.setFollowing(userID: form.follower, followedID: identity.userID, false)
            } catch let HabitsError.notFound(kind, _) where kind == .user {
                // No such follower: nothing to remove, answered as for one who does not follow.
            }
        }
    }

    @Sendable func answerFollowRequest(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let identity = try context.sessionIdentity()
        let form = try await WebForm.decode(FollowRequestForm.self, from: request)
        let approve = form.answer == "approve"
        return try await accountForm(context, notice: approve ? .approved : .declined) {
            guard approve || form.answer == "decline" else {
                throw HabitsError.invalid(field: "answer", reason: "must be approve or decline.")
            }
            try await store.answerFollowRequest(userID: identity.userID, requesterID: form.requester, approve: approve)
        }
    }

    @Sendable func follow(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let identity = try context.sessionIdentity()
        let form = try await WebForm.decode(FollowForm.self, from: request)
        var outcome = FollowOutcome.following
        let response = try await accountForm(context, notice: .followed) {
            let username = form.username.trimmingCharacters(in: .whitespaces)
            guard let followed = try await store.credentials(username: username) else {
                // Answered as asking to follow a private account is, as `PUT …/following/{id}` answers:
                // the page never tells whether a username is held by a private account or by no one.
                outcome = .requested
                return
            }
            outcome = try await store.setFollowing(userID: identity.userID, followedID: followed.userID, true)
        }
        guard outcome == .requested else { return response }
        return Self.redirect(to: "/account?notice=\(AccountNotice.requested.rawValue)")
    }

    // MARK: Rendering

    private func accountView(_ context: HabitsRequestContext) async throws -> AccountPageView {
        let identity = try context.sessionIdentity()
        var sessions = try await store.sessions(
            userID: identity.userID, now: accounts.clock(), idleLimit: SessionCookie.idleLimit)
        if case .session(let current) = identity.proof {
            for index in sessions.indices { sessions[index].isCurrent = sessions[index].id == current }
        }
        return AccountPageView(
            account: try await store.account(userID: identity.userID), sessions: sessions,
            tokens: try await store.tokens(userID: identity.userID),
            requests: try await store.followRequests(userID: identity.userID),
            followers: try await store.followers(
                userID: identity.userID, limit: FollowRequestsController.followerLimit))
    }

    /// Runs a form's change: back to the account page with `notice`, or the page again with why not.
    private func accountForm(
        _ context: HabitsRequestContext, notice: AccountNotice, _ change: () async throws -> Void
    ) async throws -> Response {
        do {
            try await change()
        } catch {
            return try refused(error, template: "account", view: try await accountView(context)) { $0.error = $1 }
        }
        return Self.redirect(to: "/account?notice=\(notice.rawValue)")
    }

    /// The page again with the refusal's sentence, answered with the status the JSON API gives it.
    private func refused<View: Sendable>(
        _ error: any Error, template: String, view: View, setting: (inout View, String) -> Void
    ) throws -> Response {
        try Self.refused(assets, error, template: template, view: view, setting: setting)
    }

    /// `template` again with the refusal's sentence (`setting` puts it in `view`), answered with the status the
    /// JSON API gives it; the server's own failures (5xx) are thrown on, for the error page.
    static func refused<View: Sendable>(
        _ assets: WebAssets, _ error: any Error, template: String, view: View, setting: (inout View, String) -> Void
    ) throws -> Response {
        let (status, _, message) = ErrorMiddleware<HabitsRequestContext>.describe(error)
        guard status.code < 500 else { throw error }
        var view = view
        setting(&view, message)
        var response = try page(assets, template, view, status: status)
        if let headers = (error as? APIError)?.headers {
            for field in headers { response.headers.append(field) }
        }
        return response
    }

    private func page<View>(_ template: String, _ view: View, status: HTTPResponse.Status = .ok) throws -> Response {
        try Self.page(assets, template, view, status: status)
    }

    /// `template` rendered with `view`, as an HTML answer that is never stored.
    static func page<View>(_ assets: WebAssets, _ template: String, _ view: View, status: HTTPResponse.Status)
        throws -> Response
    {
        guard let html = try assets.renderer().library.render(view, withTemplate: template) else {
            throw HabitsError.unavailable(reason: "The page's template \(template) is missing.")
        }
        return Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// `next` when it is a path on this server, else Home: a sign-in link can never send the browser away.
    static func nextPath(_ text: (some StringProtocol)?) -> String {
        (try? ViewerChoice.returnPath(text.map { String($0) })) ?? "/"
    }

    /// The fixed sentence `?notice=` names, if any.
    static func notice(_ request: Request) -> String? {
        request.uri.queryParameters.get("notice").flatMap { AccountNotice(rawValue: String($0)) }?.sentence
    }
}
