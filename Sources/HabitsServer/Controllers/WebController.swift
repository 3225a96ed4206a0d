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
/// `ViewerMiddleware` decides which it is.
struct WebController: Sendable {
    let screens: ScreenService
    let store: any ResourceStore
    let assets: WebAssets
    /// Whose pages they are: `?user=`, else the viewer cookie, else `--active-user`.
    let viewers: ViewerMiddleware
    /// The server's clock, which the page carries so that a log made offline is stamped in its time.
    let clock: @Sendable () -> Date

    static let serviceWorkerAllowed = HTTPField.Name("Service-Worker-Allowed")!

    /// How many users the viewer picker offers, by name.
    static let pickerLimit = 200

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.group()
            .add(middleware: viewers)
            .get(Routes.webHome.routerPath, use: home)
            .get(Routes.page.routerPath, use: page)
            .get(Routes.pageLive.routerPath, use: live)
            .get(Routes.pageTransition.routerPath, use: transition)
        router.get(Routes.webFile.routerPath, use: staticFile)
        router.post(Routes.viewer.routerPath, use: chooseViewer)
    }

    /// Remembers the viewer the form names in the cookie and sends the browser back to the page it came
    /// from (303). A write like any other, behind the same Origin checks: another site cannot switch it.
    @Sendable func chooseViewer(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let choice = try await ViewerChoice.decode(from: request)
        // An unknown key is a 404 here rather than a cookie that every page would have to clear.
        guard try await viewers.user(key: choice.user) != nil else {
            throw HabitsError.notFound(kind: .user, id: choice.user)
        }
        let location = choice.return ?? "/"
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        response.setCookie(
            try ViewerMiddleware.cookie(remembering: choice.user, secure: context.client.scheme == .https))
        return response
    }

    @Sendable func home(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        try await render(.home, request, context: context)
    }

    @Sendable func page(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        try await render(try ScreenService.screenName(context), request, context: context)
    }

    /// The screen's event stream with HTML: a document as its sections' HTML, a changeset with the HTML
    /// of every inserted or updated item and section.
    @Sendable func live(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let screen = try screens.screenRequest(request, context)
        let renderer = try assets.renderer()
        return try await screens.eventStream(for: screen, request: request, context: context) { event in
            try WebEvent.encode(event, renderer: renderer)
        }
    }

    /// The change from the same screen with other parameters (`from`, a query string) to this one, as the
    /// live stream's `changes` event: a search, a filter or a collapsed group animates as any live change.
    /// When the page no longer shows `since`, the whole document.
    @Sendable func transition(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let name = try ScreenService.screenName(context)
        let query = request.uri.queryParameters
        guard let from = query.get("from"), let since = query.get("since") else {
            throw HabitsError.malformed(reason: "from (the page's query) and since (its revision) are required.")
        }
        let viewer = try context.resolvedViewer()
        let target = try screens.screenRequest(name, query: query, viewer: viewer)
        let fromQuery = URI("/?" + from).queryParameters
        // The page's query may name its viewer too: the same one, since a transition never switches it.
        if let named = fromQuery.get("user") {
            let key = String(named)
            guard let user = try await viewers.user(key: key) else { throw HabitsError.notFound(kind: .user, id: key) }
            guard user.id == viewer.id else {
                throw HabitsError.invalid(field: "from", reason: "must name the same viewer.")
            }
        }
        let origin = try screens.screenRequest(name, query: fromQuery, viewer: viewer)
        let old = try await screens.document(for: origin)
        let new = try await screens.document(for: target)
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

    /// `app.css` and `app.js` from memory, with their version as a strong ETag (304 when it matches).
    ///
    /// Not Hummingbird's `FileMiddleware`: it compares `If-None-Match` exactly, so the weak tag a gzipped
    /// answer carries would never revalidate, and it reads files from disk by path (400 for `..`).
    @Sendable func staticFile(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let name = try context.parameters.require("file")
        guard let file = try assets.staticFile(named: name) else {
            throw HabitsError.notFound(kind: .screen, id: String(name.prefix(40)))
        }
        var headers: HTTPFields = [.contentType: file.contentType, .cacheControl: "no-cache", .eTag: file.eTag]
        // The service worker lives under /web/ but keeps the pages, which are outside it.
        if name == "sw.js" { headers[Self.serviceWorkerAllowed] = "/" }
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
        let viewer = try context.resolvedViewer()
        let screen = try screens.screenRequest(name, query: request.uri.queryParameters, viewer: viewer)
        let document = try await screens.document(for: screen)
        var chrome = try await chrome(for: screen, viewer: viewer, request: request, openMode: context.access == .open)
        if context.access != .open { chrome.signedInName = viewer.name }
        let html = renderer.page(document, chrome: chrome)
        var response = Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
        if viewer.cookieIsStale {
            response.setCookie(try ViewerMiddleware.cookie(remembering: nil, secure: context.client.scheme == .https))
        }
        return response
    }

    private func chrome(
        for screen: ScreenRequest, viewer: Viewer, request: Request, openMode: Bool
    ) async throws -> PageChrome {
        // The viewer picker exists in open mode only; with accounts the page is the signed-in account's.
        let listed = openMode ? try await store.users(page: PageRequest(limit: Self.pickerLimit)).items : []
        var users = listed.map { UserOption(key: $0.key, name: $0.name, selected: $0.id == viewer.id) }
        if !users.contains(where: \.selected) {
            users.append(UserOption(key: viewer.key, name: viewer.name, selected: true))
        }
        let options = users.sorted { ($0.name, $0.key) < ($1.name, $1.key) }
        let query = request.uri.query.map { "?" + $0 } ?? ""
        // Choosing a viewer comes back to this page, without a `?user=` that would show another one.
        let kept = (request.uri.query ?? "").split(separator: "&").filter { $0.split(separator: "=").first != "user" }
        let path = request.uri.path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        let shown = Screens.named(screen.screen)
        let back = shown.back(from: screen).map { WebPaths.screen($0.screen, $0.parameters) }
        return PageChrome(
            path: path,
            eventsPath: "/screens/\(screen.screen.rawValue)/live\(query)",
            backPath: back,
            users: options,
            tabs: Screens.tabs.map { name, tab in
                TabView(
                    title: tab.title, icon: tab.icon, href: WebPaths.screen(name, nil),
                    current: name == screen.screen || shown.parent == name)
            },
            openMode: openMode,
            serverTime: HabitsJSON.formatInstant(clock()))
    }
}
