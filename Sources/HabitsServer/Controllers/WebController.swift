import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import HabitsStore
import Hummingbird
import HummingbirdCore

/// The web client: every screen as a page rendered on the server from its document, a small script
/// that keeps it live, and the static files they use.
///
/// The viewer is the one chosen with `POST /viewer` (remembered in a cookie), else `--active-user`. A
/// page's `?user=` shows that page as another viewer without remembering it, so a link cannot switch it.
struct WebController: Sendable {
    let screens: ScreensController
    let store: any ResourceStore
    let assets: WebAssets

    /// The cookie that remembers the viewer picked in the header.
    static let viewerCookie = "habits_user"
    /// How many users the viewer picker offers, by name.
    static let pickerLimit = 200

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get("/", use: home)
        router.get("/screens/:screen", use: page)
        router.get("/screens/:screen/live", use: live)
        router.get("/screens/:screen/transition", use: transition)
        router.get("/web/:file", use: staticFile)
        router.post("/viewer", use: chooseViewer)
    }

    /// Remembers the viewer the form names in the cookie and sends the browser back to the page it came
    /// from (303). A write like any other, behind the same Origin checks: another site cannot switch it.
    @Sendable func chooseViewer(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let choice = try await ViewerChoice.decode(from: request)
        // An unknown key is a 404 here rather than a cookie that every page would have to clear.
        _ = try await screens.screenRequest(.home, query: [:], viewerKey: choice.user)
        let location = choice.return ?? "/"
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        response.setCookie(try Self.viewerCookie(choice.user, secure: context.client.scheme == .https))
        return response
    }

    @Sendable func home(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        try await render(.home, request, context: context)
    }

    @Sendable func page(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        try await render(try Self.screenName(context), request, context: context)
    }

    /// The screen's event stream with HTML: a document as its sections' HTML, a changeset with the HTML
    /// of every inserted or updated item and section.
    @Sendable func live(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let (screen, _) = try await resolve(try Self.screenName(context), request)
        let renderer = try assets.renderer()
        return try await screens.eventStream(for: screen, request: request, context: context) { event in
            try WebEvent.encode(event, renderer: renderer)
        }
    }

    /// The change from the same screen with other parameters (`from`, a query string) to this one, as the
    /// live stream's `changes` event: a search, a filter or a collapsed group animates as any live change.
    /// When the page no longer shows `since`, the whole document.
    @Sendable func transition(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let name = try Self.screenName(context)
        let query = request.uri.queryParameters
        guard let from = query.get("from"), let since = query.get("since") else {
            throw HabitsError.malformed(reason: "from (the page's query) and since (its revision) are required.")
        }
        let viewer = Self.viewer(request)
        let target = try await screens.screenRequest(name, query: query, viewerKey: viewer)
        let origin = try await screens.screenRequest(name, query: URI("/?" + from).queryParameters, viewerKey: viewer)
        guard origin.viewerID == target.viewerID else {
            throw HabitsError.invalid(field: "from", reason: "must name the same viewer.")
        }
        let old = try await screens.hub.document(for: origin)
        let new = try await screens.hub.document(for: target)
        let event: ScreenEvent
        if old.revision == since, let changeset = try? new.changeset(from: old) {
            event = .changes(changeset)
        } else {
            event = .document(new)
        }
        let payload = try WebEvent.payload(event, renderer: try assets.renderer())
        var headers: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store"]
        headers[.contentLength] = String(payload.count)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: payload)))
    }

    @Sendable func staticFile(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let name = try context.parameters.require("file")
        guard let file = try assets.staticFile(named: name) else {
            throw HabitsError.notFound(kind: .screen, id: String(name.prefix(40)))
        }
        var headers: HTTPFields = [.contentType: file.contentType, .cacheControl: "no-cache", .eTag: file.eTag]
        if Self.matches(request.headers[values: .ifNoneMatch], file.eTag) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(file.bytes.count)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }

    /// Whether `If-None-Match` names `tag`, compared weakly (RFC 9110): a compressed answer carries it weak.
    static func matches(_ values: [String], _ tag: String) -> Bool {
        let wanted = opaque(tag)
        return values.flatMap { $0.split(separator: ",") }.contains { candidate in
            let candidate = candidate.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || opaque(candidate) == wanted
        }
    }

    /// A tag without its weakness mark.
    private static func opaque(_ tag: String) -> Substring { tag.hasPrefix("W/") ? tag.dropFirst(2) : tag[...] }

    private func render(
        _ name: ScreenName, _ request: Request, context: HabitsRequestContext
    ) async throws -> Response {
        let renderer = try assets.renderer()
        let (screen, staleCookie) = try await resolve(name, request)
        let document = try await screens.hub.document(for: screen)
        let viewer = try await store.user(id: screen.viewerID)
        let html = renderer.page(document, chrome: try await chrome(for: screen, viewer: viewer, request: request))
        var response = Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
        if staleCookie { response.setCookie(try Self.viewerCookie(nil, secure: context.client.scheme == .https)) }
        return response
    }

    /// How long the viewer cookie is kept: a year, in seconds.
    static let viewerCookieLifetime = 365 * 24 * 60 * 60

    /// The cookie that remembers `key` for the pages and streams that follow (never sent to another site;
    /// `Secure` when the client's connection is https), or forgets the viewer when nil.
    static func viewerCookie(_ key: String?, secure: Bool) throws -> Cookie {
        // Keys are `A-Z a-z 0-9 . _ ~ -` (ResourceRules.key), all of them cookie octets; `validated` throws
        // rather than asserting should that ever change.
        try Cookie.validated(
            name: viewerCookie, value: key ?? "", maxAge: key == nil ? 0 : viewerCookieLifetime, path: "/",
            secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// The screen for the viewer `?user=` names, else the cookie's, else the default. A cookie naming a
    /// user who no longer exists falls back to the default (and says so, to be cleared); an unknown
    /// `?user=` is a 404.
    private func resolve(_ name: ScreenName, _ request: Request) async throws -> (ScreenRequest, staleCookie: Bool) {
        let cookie = Self.viewer(request)
        let named = request.uri.queryParameters.get("user") != nil
        do {
            return (try await screens.screenRequest(name, request, viewerKey: cookie), false)
        } catch HabitsError.notFound(kind: .user, _) where cookie != nil && !named {
            return (try await screens.screenRequest(name, request, viewerKey: nil), true)
        }
    }

    private func chrome(for screen: ScreenRequest, viewer: UserResource, request: Request) async throws -> PageChrome {
        var users = try await store.users(page: PageRequest(limit: Self.pickerLimit)).items
        if !users.contains(where: { $0.id == viewer.id }) { users.append(viewer) }
        let options = users.sorted { ($0.name, $0.key) < ($1.name, $1.key) }.map {
            UserOption(key: $0.key, name: $0.name, selected: $0.id == viewer.id)
        }
        let query = request.uri.query.map { "?" + $0 } ?? ""
        // Choosing a viewer comes back to this page, without a `?user=` that would show another one.
        let kept = (request.uri.query ?? "").split(separator: "&").filter { $0.split(separator: "=").first != "user" }
        let path = request.uri.path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        let tabs: [(ScreenName, String, String)] = [
            (.home, "Home", "⌂"), (.habits, "Habits", "☰"), (.users, "Users", "☺"), (.log, "Log", "+"),
            (.streak, "Streak", "★"), (.discover, "Discover", "◎"), (.help, "Help", "?"),
        ]
        let parent: [ScreenName: ScreenName] = [.habit: .habits, .user: .users, .emoji: .habits]
        // The emoji picker goes back to its habit.
        let back = screen.screen == .emoji
            ? WebPaths.screen(.habit, screen.habitID.map { ["habit": String($0)] })
            : parent[screen.screen].map { WebPaths.screen($0, nil) }
        return PageChrome(
            path: path,
            eventsPath: "/screens/\(screen.screen.rawValue)/live\(query)",
            backPath: back,
            users: options,
            tabs: tabs.map { name, title, icon in
                TabView(
                    title: title, icon: icon, href: WebPaths.screen(name, nil),
                    current: name == screen.screen || parent[screen.screen] == name)
            })
    }

    static func screenName(_ context: HabitsRequestContext) throws -> ScreenName {
        let name = try context.parameters.require("screen")
        guard let screen = ScreenName(rawValue: name) else {
            throw HabitsError.notFound(kind: .screen, id: String(name.prefix(40)))
        }
        return screen
    }

    /// The viewer the cookie names, if any: none when it is empty or not correctly percent-encoded.
    static func viewer(_ request: Request) -> String? {
        // Hummingbird hands the value over as sent, neither trimmed nor percent-decoded.
        guard let value = request.cookies[viewerCookie]?.value.trimmingCharacters(in: .whitespaces), !value.isEmpty
        else { return nil }
        return value.removingPercentEncoding
    }
}
