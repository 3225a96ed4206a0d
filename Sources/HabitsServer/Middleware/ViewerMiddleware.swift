import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// Who is asking for a screen, as `ViewerMiddleware` resolved it: `context.viewer`.
struct Viewer: Sendable, Equatable {
    /// How the viewer was chosen.
    enum Source: Sendable, Equatable {
        /// `?user=`: a link that shows a page as someone else, never remembered.
        case query
        /// The cookie `POST /viewer` sets for the web client.
        case cookie
        /// `--active-user`, or the first user by id when that one is gone.
        case fallback
        /// The signed-in account (accounts mode).
        case account
    }

    var id: Int64
    var key: String
    var name: String
    var source: Source
    /// Whether the request's cookie named a user who is gone: the page that answers clears it.
    var cookieIsStale = false

    init(_ user: User, source: Source, cookieIsStale: Bool = false) {
        id = user.id
        key = user.key
        name = user.name
        self.source = source
        self.cookieIsStale = cookieIsStale
    }
}

/// Decides who is asking for a screen and puts it on the context: `?user=`, else (on the web client's
/// routes) the viewer cookie, else `--active-user`, else the first user by id, so that the pages and
/// their viewer picker stay up when that user is deleted. An unknown `?user=` is a 404; a cookie naming
/// a user who is gone falls back, marked stale.
///
/// This is the one place a request's viewer is decided; in accounts mode it is the signed-in account
/// (`context.access`), and `?user=` and the cookie do not count. It guards the screen routes only
/// (`/v1/screens/…`, the web pages and their streams), so no other route pays for its read.
struct ViewerMiddleware: RouterMiddleware {
    typealias Context = HabitsRequestContext

    /// The cookie that remembers the viewer picked in the web client's header.
    static let cookieName = "habits_user"
    /// How long the viewer cookie is kept: a year, in seconds.
    static let cookieLifetime = 365 * 24 * 60 * 60

    let store: any ScreenStore & ResourceStore
    /// Whose screens they are when a request names nobody (`--active-user`).
    let defaultViewerKey: String
    /// Whether the viewer cookie counts: on the web client's routes it does; on `/v1`, whose clients are
    /// not browsers, it does not.
    let readsCookie: Bool

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        switch context.access {
        case .open: context.viewer = try await viewer(of: request)
        case .anonymous: throw AccessRefusal.notSignedIn
        case .signedIn(let identity): context.viewer = try await viewer(of: request, signedIn: identity)
        }
        return try await next(request, context)
    }

    /// In accounts mode, the signed-in account: `?user=` may only name it (a link cannot show a page as
    /// someone else).
    func viewer(of request: Request, signedIn identity: Identity) async throws -> Viewer {
        if let named = request.uri.queryParameters.get("user"), named.lowercased() != identity.username.lowercased() {
            throw HabitsError.forbidden(
                reason: "?user= picks a viewer in open mode only; screens here are built for the signed-in account.")
        }
        guard let user = try await user(key: identity.username) else {
            throw HabitsError.notFound(kind: .user, id: identity.username)
        }
        return Viewer(user, source: .account)
    }

    /// The viewer `request` names, by the order above.
    func viewer(of request: Request) async throws -> Viewer {
        if let named = request.uri.queryParameters.get("user") {
            let key = String(named)
            guard let user = try await user(key: key) else { throw HabitsError.notFound(kind: .user, id: key) }
            return Viewer(user, source: .query)
        }
        var cookieIsStale = false
        if readsCookie, let key = Self.cookieKey(of: request) {
            if let user = try await user(key: key) { return Viewer(user, source: .cookie) }
            cookieIsStale = true
        }
        var fallback = try await user(key: defaultViewerKey)
        if fallback == nil {
            // One indexed row: the users in id order, the first of them.
            fallback = try await store.users(page: PageRequest(limit: 1)).items.first
        }
        guard let fallback else { throw HabitsError.notFound(kind: .user, id: defaultViewerKey) }
        return Viewer(fallback, source: .fallback, cookieIsStale: cookieIsStale)
    }

    /// The user `key` names, nil when none does: every viewer is looked up here, through the screens'
    /// source.
    func user(key: String) async throws -> User? {
        try await store.readScreens { source in try await source.user(key: key) }
    }

    /// The key the viewer cookie holds, if any: none when it is empty or not correctly percent-encoded.
    static func cookieKey(of request: Request) -> String? {
        // Hummingbird hands the value over as sent, neither trimmed nor percent-decoded.
        guard let value = request.cookies[cookieName]?.value.trimmingCharacters(in: .whitespaces), !value.isEmpty
        else { return nil }
        return value.removingPercentEncoding
    }

    /// The cookie that remembers `key` for the pages and streams that follow (never sent to another site;
    /// `Secure` when the client's connection is https), or forgets the viewer when nil.
    static func cookie(remembering key: String?, secure: Bool) throws -> Cookie {
        // Keys are `A-Z a-z 0-9 . _ ~ -` (ResourceRules.key), all of them cookie octets; `validated` throws
        // rather than asserting should that ever change.
        try Cookie.validated(
            name: cookieName, value: key ?? "", maxAge: key == nil ? 0 : cookieLifetime, path: "/",
            secure: secure, httpOnly: true, sameSite: .strict)
    }
}

extension HabitsRequestContext {
    /// The viewer `ViewerMiddleware` resolved; on a route it does not guard, a 500, since that is a bug.
    func resolvedViewer() throws -> Viewer {
        guard let viewer else {
            throw APIError(
                status: .internalServerError, code: "internal", message: "The server failed to handle the request.")
        }
        return viewer
    }
}
