import Foundation
import HabitsDomain
import HabitsScreens
import Mustache

/// Renders screen documents to HTML with the Mustache templates under `Resources/web/templates`:
/// one template per item type, one per section and one per page. Every template writes its values
/// through ``HTMLEscaper`` (the renderer puts its content-type pragma in front of each), so a name such
/// as `<script>` is text; only HTML this renderer made itself is written raw.
struct ScreenHTMLRenderer: Sendable {
    let library: MustacheLibrary

    /// The page around a document: the app bar, the viewer picker, the tab bar.
    func page(_ document: ScreenDocument, chrome: PageChrome) -> String {
        let view = PageView(
            title: document.title, screen: document.screen.rawValue, revision: document.revision,
            events: chrome.eventsPath, path: chrome.path, back: chrome.backPath, sections: sections(of: document),
            users: chrome.users, tabs: chrome.tabs, openMode: chrome.openMode, signedInName: chrome.signedInName,
            serverTime: chrome.serverTime)
        return library.render(view, withTemplate: "page") ?? ""
    }

    /// Every section of a document, in order.
    func sections(of document: ScreenDocument) -> String {
        document.sections.map { section($0) }.joined()
    }

    /// One section with its items (none with `withItems` false: a section changeset carries items apart).
    func section(_ section: ScreenSection, withItems: Bool = true) -> String {
        let css = LayoutCSS(section.layout)
        // The wide layout rides along as custom properties that app.css applies in a wide container.
        let wide = section.wideLayout.map { LayoutCSS($0).wideItems }
        let items = withItems ? section.items.map { item($0) }.joined() : ""
        let view = SectionView(
            id: section.id, css: wide.map { "\(css.items); \($0)" } ?? css.items, wide: wide != nil,
            sideways: css.scrollsSideways, background: css.hasBackground,
            header: section.header.map {
                BoundaryView(
                    title: $0.title, color: $0.color?.hex, textColor: $0.color.map { ReadableText.on($0.hex) },
                    css: css.header ?? "", pinned: css.pinnedHeader)
            },
            footer: section.footer.map {
                BoundaryView(title: $0.title, color: $0.color?.hex, textColor: nil, css: "", pinned: false)
            },
            items: items)
        return library.render(view, withTemplate: "section") ?? ""
    }

    /// One item: the same HTML in every section, whose container sets what its layout needs.
    func item(_ item: ScreenItem) -> String {
        self.item(item, template: "items/\(item.type)")
    }

    /// One item drawn by `template`, or from its fallback when no such template exists (a type this
    /// renderer does not know).
    func item(_ item: ScreenItem, template: String) -> String {
        let body =
            library.getTemplate(named: template).map { $0.render(item.content.payload, library: library) }
            ?? library.render(item.fallback, withTemplate: "fallback") ?? ""
        return library.render(ItemView(item, body: body), withTemplate: "item") ?? ""
    }

    /// Whether items of `type` have a template of their own.
    func hasTemplate(forType type: String) -> Bool { library.getTemplate(named: "items/\(type)") != nil }

    /// The renderer over the templates in `folder`.
    static func load(from folder: URL) throws -> ScreenHTMLRenderer {
        EscapedHTMLContentType.registered
        var library = MustacheLibrary()
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".mustache") else { continue }
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            // Prepended rather than written in each file, so that no template can forget it.
            try library.register(
                EscapedHTMLContentType.pragma + text, named: String(path.dropLast(".mustache".count)))
        }
        return ScreenHTMLRenderer(library: library)
    }
}

/// What a page shows around its document.
struct PageChrome: Sendable {
    /// The page's own path and query (without `user`), where choosing a viewer comes back to.
    var path: String
    /// The document's event stream, in the web client's form.
    var eventsPath: String
    /// Where Back leads on a detail screen.
    var backPath: String?
    var users: [UserOption]
    var tabs: [TabView]
    /// Open mode: the viewer picker and the banner that says anyone may act as anyone.
    var openMode = true
    /// Accounts mode: the signed-in account's name, beside its page and sign-out.
    var signedInName: String?
    /// The server's clock when the page was made (RFC 3339).
    var serverTime = ""
}

struct UserOption: Sendable {
    var key: String
    var name: String
    var selected: Bool
}

struct TabView: Sendable {
    var title: String
    var icon: String
    var href: String
    var current: Bool
}

struct PageView {
    var title, screen, revision, events, path: String
    var back: String?
    var sections: String
    var users: [UserOption]
    var tabs: [TabView]
    var openMode: Bool
    var signedInName: String?
    var serverTime: String
}

struct SectionView {
    var id, css: String
    var wide, sideways, background: Bool
    var header, footer: BoundaryView?
    var items: String
}

struct BoundaryView {
    var title: String
    var color: String?
    var textColor: String?
    var css: String
    var pinned: Bool
}

/// An item and its actions as the item template reads them: the first `activate` action makes the
/// item a link (open a screen) or a button (make a request); `menu` actions follow it.
struct ItemView {
    struct Action {
        var title: String
        var href: String?
        var method, path, json: String
    }

    var id, type, body: String
    var link: Action?
    var button: Action?
    /// A request the item's own form sends with what the viewer wrote (the contact guide's).
    var form: Action?
    var plain: Bool
    var menu: [Action]
    var hasMenu: Bool

    init(_ item: ScreenItem, body: String) {
        id = item.id
        type = item.type
        self.body = body
        let activate = item.actions.first { $0.role == .activate }
        let primary = activate.map(Self.action)
        let isForm = item.type == "contactGuide"
        link = primary?.href == nil ? nil : primary
        button = primary?.href == nil && !isForm ? primary : nil
        form = isForm ? primary : nil
        plain = primary == nil
        menu = item.actions.filter { $0.role == .menu }.map(Self.action)
        hasMenu = !menu.isEmpty
    }

    static func action(_ action: ItemAction) -> Action {
        switch action.kind {
        case .open:
            return Action(
                title: action.title, href: WebPaths.screen(action.screen, action.parameters), method: "", path: "",
                json: "")
        case .request:
            // Keys sorted, so that a page is the same bytes for the same document.
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let json = action.body.flatMap { try? String(decoding: encoder.encode($0), as: UTF8.self) } ?? ""
            return Action(
                title: action.title, href: nil, method: action.method ?? "POST", path: action.path ?? "", json: json)
        }
    }
}

/// The web client's paths.
enum WebPaths {
    /// The page of a screen with its parameters, in a stable order.
    static func screen(_ screen: ScreenName?, _ parameters: [String: String]?) -> String {
        let name = screen ?? .home
        let base = name == .home ? "/" : "/screens/\(name.rawValue)"
        let query = (parameters ?? [:]).sorted { $0.key < $1.key }.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? "")"
        }
        return query.isEmpty ? base : base + "?" + query.joined(separator: "&")
    }
}

extension CharacterSet {
    /// Characters left as they are in a query value.
    static let urlQueryValueAllowed: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return allowed
    }()
}
