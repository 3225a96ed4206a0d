import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// "Widgets" (accounts mode): each family previewed for a habit and theme, new addresses with the Markdown
/// and HTML to paste (shown once), and the addresses made, each revocable. Plain forms behind the same host
/// and origin checks as every write, doing what `/v1/me/widgets` does through `WidgetController`.
struct WebWidgetsController: Sendable {
    let widgets: WidgetController
    let assets: WebAssets

    /// `create` (with `family`, `habit`, `theme`) or `revoke` (with `id`).
    struct WidgetForm: Decodable, Sendable {
        var action: String
        var family: String?
        var habit: Int64?
        var theme: String?
        var id: Int64?
    }

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.accountWidgets.routerPath, use: widgetsPage)
        router.post(Routes.accountWidgets.routerPath, use: widgetForm)
        router.get(Routes.accountWidgetPreview.routerPath, use: preview)
    }

    @Sendable func widgetsPage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        var view = try await pageView(
            context, habitID: query.get("habit").flatMap { Int64($0) },
            theme: query.get("theme").flatMap { WidgetStyle.Theme(rawValue: String($0)) })
        view.notice = WebAccountController.notice(request)
        return try page(view)
    }

    @Sendable func widgetForm(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let form = try await WebForm.decode(WidgetForm.self, from: request)
        let theme = form.theme.flatMap { WidgetStyle.Theme(rawValue: $0) }
        do {
            if form.theme != nil, theme == nil {
                throw HabitsError.invalid(field: "theme", reason: "must be light, dark or high-contrast.")
            }
            switch form.action {
            case "create":
                guard let family = form.family.flatMap(WidgetFamily.init(rawValue:)) else {
                    throw HabitsError.invalid(field: "family", reason: "must be small, medium, large or card.")
                }
                let created = try await widgets.makeAddress(
                    family: family, habitID: family.showsOneHabit ? form.habit : nil, style: WidgetStyle(theme: theme),
                    context: context)
                var view = try await pageView(context, habitID: form.habit, theme: theme)
                view.created = WidgetsPageView.NewAddress(created, family: family)
                return try page(view)
            case "revoke":
                guard let id = form.id else { throw HabitsError.invalid(field: "id", reason: "names no widget.") }
                try await widgets.store.deleteWidget(id: id, userID: try context.signedInIdentity().userID)
                return WebAccountController.redirect(
                    to: Routes.accountWidgets.pattern + "?notice=\(AccountNotice.widgetRevoked.rawValue)")
            default:
                throw HabitsError.invalid(field: "action", reason: "must be create or revoke.")
            }
        } catch {
            let (status, _, message) = ErrorMiddleware<HabitsRequestContext>.describe(error)
            guard status.code < 500 else { throw error }
            var view = try await pageView(context, habitID: form.habit, theme: theme)
            view.error = message
            return try page(view, status: status)
        }
    }

    /// One family as the signed-in account's addresses draw it, for the page's `<img>`.
    @Sendable func preview(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let userID = try context.signedInIdentity().userID
        let file = try context.parameters.require("file")
        guard file.hasSuffix(".svg"), let family = WidgetFamily(rawValue: String(file.dropLast(4))) else {
            throw HabitsError.notFound(kind: .widget, id: String(file.prefix(40)))
        }
        let query = request.uri.queryParameters
        let style = try WidgetController.options(request, format: .svg, allowing: ["habit"])
        guard style == WidgetStyle(theme: style.theme) else {
            throw HabitsError.invalid(field: "theme", reason: "and habit are the only options a preview takes.")
        }
        let habitID = family.showsOneHabit ? query.get("habit").flatMap { Int64($0) } : nil
        return try await widgets.widget(
            ownerID: userID, family: family,
            habitID: try await widgets.checkedHabit(habitID, family: family, ownerID: userID), style: style,
            format: .svg, request: request, shared: false)
    }

    // MARK: The page

    /// The page for `habitID` (the first habit offered when nil or not offered) in `theme`.
    private func pageView(
        _ context: HabitsRequestContext, habitID: Int64?, theme: WidgetStyle.Theme?
    ) async throws -> WidgetsPageView {
        let userID = try context.signedInIdentity().userID
        let store = widgets.store
        // The habits a person would put on a home screen: their favourites and their own, a bounded list.
        var offered = try await store.favorites(userID: userID, page: PageRequest(limit: 100)).items
            .filter { $0.isVisible(to: userID) && !$0.isArchived }
        let favorites = Set(offered.map(\.id))
        offered += try await store.ownHabits(ownerID: userID).filter { !$0.isArchived && !favorites.contains($0.id) }
        offered.sort { ($0.name, $0.id) < ($1.name, $1.id) }
        let names = Dictionary(offered.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var addresses: [WidgetsPageView.AddressRow] = []
        for address in try await store.widgets(userID: userID) {
            var name = address.habitID.flatMap { names[$0] }
            if name == nil, let id = address.habitID { name = try? await store.habit(id: id).name }
            addresses.append(WidgetsPageView.AddressRow(address, habitName: name))
        }
        let selected = offered.first { $0.id == habitID } ?? offered.first
        return WidgetsPageView(
            habits: offered.map {
                WidgetsPageView.HabitOption(id: $0.id, name: $0.name, selected: $0.id == selected?.id)
            },
            selected: selected, theme: theme ?? .light, addresses: addresses)
    }

    private func page(_ view: WidgetsPageView, status: HTTPResponse.Status = .ok) throws -> Response {
        try WebAccountController.page(assets, "widgets", view, status: status)
    }
}
