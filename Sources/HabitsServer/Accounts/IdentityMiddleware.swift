import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// Decides who a request is, once, and puts it on the context (`context.access`): in accounts mode from
/// an `Authorization: Bearer` token, else the session cookie; in open mode, nobody and anybody.
///
/// A bearer token that is not a live one is a 401 at once (a script should know its token is wrong); a
/// session cookie that is not is only ignored (the browser is signed out), and the sign-in page says so.
struct IdentityMiddleware: RouterMiddleware {
    typealias Context = HabitsRequestContext

    let mode: AuthMode
    let store: any AccountStore
    let clock: @Sendable () -> Date
    /// Identities resolved in the last few seconds (`IdentityCache`).
    let cache: IdentityCache

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.access = try await access(of: request)
        if case .signedIn(let identity) = context.access {
            // Asked again later by event streams: a lookup in the cache (forgotten by every credential
            // write), else one indexed read.
            context.credentialIsLive = {
                guard case .signedIn(let again) = (try? await access(of: request)) ?? .anonymous else { return false }
                return again.userID == identity.userID
            }
        }
        return try await next(request, context)
    }

    func access(of request: Request) async throws -> Access {
        guard mode == .accounts else { return .open }
        if let authorization = request.headers[.authorization] {
            return .signedIn(try await tokenIdentity(authorization))
        }
        guard let secret = request.cookies[SessionCookie.name]?.value, Secrets.isWellFormed(secret) else {
            return .anonymous
        }
        let hash = Secrets.hash(String(secret))
        if let identity = cache.identity(for: hash) { return .signedIn(identity) }
        guard
            let identity = try await store.identity(
                sessionHash: hash, now: clock(), idleLimit: SessionCookie.idleLimit)
        else { return .anonymous }
        cache.remember(identity, for: hash)
        return .signedIn(identity)
    }

    private func tokenIdentity(_ authorization: String) async throws -> Identity {
        let bearer = "Bearer "
        guard authorization.hasPrefix(bearer) else {
            throw HabitsError.unauthenticated(reason: "Authorization must be \"Bearer <token>\" with an API token.")
        }
        let token = authorization.dropFirst(bearer.count).trimmingCharacters(in: .whitespaces)
        let refusal = HabitsError.unauthenticated(reason: "This API token is not valid: it is unknown or was revoked.")
        guard token.hasPrefix(Secrets.tokenPrefix), Secrets.isWellFormed(token.dropFirst(Secrets.tokenPrefix.count))
        else { throw refusal }
        let hash = Secrets.hash(token)
        if let identity = cache.identity(for: hash) { return identity }
        guard let identity = try await store.identity(tokenHash: hash, now: clock()) else { throw refusal }
        cache.remember(identity, for: hash)
        return identity
    }
}

/// Applies each route's `AccessRule` to the request's access, before any handler runs.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = HabitsRequestContext

    let mode: AuthMode
    let routes = RouteMatcher()
    /// The routes the router serves: a declared route it does not serve (the simulator's without --demo)
    /// is the router's 404, not a 401.
    let served: RouteTable
    /// Who may see whom, for `.visibleUser` routes.
    let store: any ResourceStore
    /// The addresses `.operations` routes answer without an administrator (`--metrics-host`).
    var metricsScrapers: [IPAddressRange] = []

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // Paths that are no route, and methods a route does not answer, are the router's 404 and 405.
        guard let (route, parameters) = routes.match(request.uri.path),
            let rule = AccessRule.rule(for: route, method: request.method),
            served.serves(route.openAPIPath, method: request.method.rawValue)
        else { return try await next(request, context) }
        if let redirect = try check(rule, parameters: parameters, request: request, context: context) {
            return redirect
        }
        if rule == .visibleUser, case .signedIn(let identity) = context.access,
            let raw = parameters["userID"], let userID = Int64(raw), userID != identity.userID,
            try await !store.maySee(userID: userID, viewerID: identity.userID)
        {
            // The same answer as for a user who does not exist: a private account is not even confirmed.
            throw HabitsError.notFound(kind: .user, id: String(userID))
        }
        if case .signedIn(let identity) = context.access, let raw = parameters["habitID"], let habitID = Int64(raw),
            let habit = try? await store.habit(id: habitID), !habit.isVisible(to: identity.userID)
        {
            // Someone else's personal habit does not exist for the asker, on every route that names it.
            throw HabitsError.notFound(kind: .habit, id: String(raw))
        }
        return try await next(request, context)
    }

    /// Throws when the request may not go on; answers a redirect to the sign-in page for anonymous pages.
    func check(
        _ rule: AccessRule, parameters: [Substring: Substring], request: Request, context: Context
    ) throws -> Response? {
        switch (rule, mode) {
        case (.anyone, _):
            return nil
        case (.openModeOnly, .open), (.signedIn, .open), (.signedInPage, .open), (.pathUser, .open),
            (.visibleUser, .open),
            (.administrator, .open), (.administratorPage, .open), (.refusedWithAccounts, .open),
            (.operations, .open):
            return nil
        case (.operations, .accounts):
            if let address = context.client.address, metricsScrapers.contains(where: { $0.contains(address) }) {
                return nil
            }
            let identity = try context.requireWriter(for: request)
            guard identity.role == .administrator else { throw AccessRefusal.administratorsOnly }
            return nil
        case (.accountPage, .open):
            throw AccessRefusal.accountsModePage
        case (.administratorAccountsPage, .open):
            throw PageError(AccessRefusal.accountsModePage)
        case (.accountPage, .accounts):
            guard case .signedIn = context.access else { return Self.signInRedirect(for: request) }
            return nil
        case (.openModeOnly, .accounts):
            throw APIError(
                status: .notFound, code: "open_mode_only",
                message: "This route is served in open mode only (habits serve --auth open); this server has accounts.")
        case (.accountsModeOnly, .open), (.accountsModeSignedIn, .open):
            throw APIError(
                status: .notFound, code: "accounts_mode_only",
                message: "This route is served in accounts mode only (habits serve --auth accounts).")
        case (.accountsModeOnly, .accounts):
            return nil
        case (.signedInPage, .accounts):
            guard case .signedIn = context.access else { return Self.signInRedirect(for: request) }
            return nil
        case (.accountsModeSignedIn, .accounts), (.signedIn, .accounts), (.visibleUser, .accounts):
            // A token may revoke itself whatever its scope: that gives it no power it did not have.
            if request.method == .delete, case .signedIn(let identity) = context.access,
                case .token(let tokenID, _) = identity.proof, parameters["tokenID"].flatMap({ Int64($0) }) == tokenID
            {
                return nil
            }
            try context.requireWriter(for: request)
            return nil
        case (.pathUser, .accounts):
            let identity = try context.requireWriter(for: request)
            guard let raw = parameters["userID"], let id = Int64(raw) else { return nil }
            guard id == identity.userID else { throw AccessRefusal.actingAsSomeoneElse(identity) }
            return nil
        case (.administrator, .accounts):
            let identity = try context.requireWriter(for: request)
            guard identity.role == .administrator else { throw AccessRefusal.administratorsOnly }
            return nil
        case (.administratorPage, .accounts), (.administratorAccountsPage, .accounts):
            // A page's form posts to the page's own address: back there once signed in.
            guard case .signedIn = context.access else {
                return Self.signInRedirect(for: request, formsReturnTo: request.uri.path)
            }
            do {
                let identity = try context.requireWriter(for: request)
                guard identity.role == .administrator else { throw AccessRefusal.administratorPagesOnly }
            } catch {
                // A person at a browser reads the refusal on a page, not in JSON.
                throw PageError(error)
            }
            return nil
        case (.refusedWithAccounts(let reason), .accounts):
            throw HabitsError.forbidden(reason: reason)
        }
    }

    /// `303` to the sign-in page, which comes back here once signed in.
    static func signInRedirect(for request: Request, formsReturnTo formPage: String = "/account") -> Response {
        // After a form's POST, come back to the page rather than to the form's address.
        let target = request.method == .get ? request.uri.path + (request.uri.query.map { "?" + $0 } ?? "") : formPage
        let back = PathSegment.encode(target)
        return Response(status: .seeOther, headers: [.location: "/signin?next=\(back)", .cacheControl: "no-store"])
    }
}

/// Why a signed-in request is refused, in the words every client sees.
enum AccessRefusal {
    static func actingAsSomeoneElse(_ identity: Identity) -> HabitsError {
        .forbidden(
            reason: "You are signed in as \(identity.username) (user \(identity.userID)) and can act only as yourself.")
    }

    static let administratorsOnly = HabitsError.forbidden(
        reason: "Only administrators write the shared catalogue (habit categories, habits, programs, help).")
    static let administratorPagesOnly = HabitsError.forbidden(
        reason: "These pages are for administrators: another administrator can grant you the role.")
    static let accountsModePage = APIError(
        status: .notFound, code: "accounts_mode_only",
        message: "This page is served in accounts mode only (habits serve --auth accounts).")
    static let readToken = HabitsError.forbidden(
        reason: "This API token has the read scope; writing needs a write token.")
    static let notSignedIn = HabitsError.unauthenticated(
        reason: "Sign in first (POST /v1/auth/signin), or send an API token as Authorization: Bearer <token>.")
}

extension HabitsRequestContext {
    /// The signed-in identity, which must be allowed to write when `request` is a write; throws 401/403.
    @discardableResult
    func requireWriter(for request: Request) throws -> Identity {
        guard case .signedIn(let identity) = self.access else { throw AccessRefusal.notSignedIn }
        let reads = request.method == .get || request.method == .head
        guard reads || identity.mayWrite else { throw AccessRefusal.readToken }
        return identity
    }

    /// Checks that a body's user is whoever asks (a no-op in open mode, where anyone acts as anyone).
    func requireActing(as userID: Int64) throws {
        switch self.access {
        case .open: return
        case .anonymous: throw AccessRefusal.notSignedIn
        case .signedIn(let identity):
            guard identity.userID == userID else { throw AccessRefusal.actingAsSomeoneElse(identity) }
        }
    }

    /// The signed-in identity, which must have come with a session: credentials (passwords, tokens,
    /// sessions, the account itself) are managed by a person signed in, never by an API token, so that a
    /// leaked token cannot make itself permanent.
    func sessionIdentity() throws -> Identity {
        let identity = try signedInIdentity()
        guard case .session = identity.proof else {
            throw HabitsError.forbidden(
                reason: "An API token cannot manage credentials; sign in with your password to do this.")
        }
        return identity
    }

    /// The signed-in identity; 401 without one (open mode has none either).
    func signedInIdentity() throws -> Identity {
        guard case .signedIn(let identity) = self.access else { throw AccessRefusal.notSignedIn }
        return identity
    }

    /// Whether the request may write the catalogue: open mode, or an administrator.
    var isAdministrator: Bool {
        switch self.access {
        case .open: true
        case .anonymous: false
        case .signedIn(let identity): identity.role == .administrator
        }
    }
}
