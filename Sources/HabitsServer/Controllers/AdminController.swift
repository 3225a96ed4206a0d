import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// The administrators' pages: what only the JSON API offered, as plain forms that work without JavaScript,
/// behind the same host and origin checks as every write, calling the same controllers and store rules as
/// `/v1`. `AccessMiddleware` lets only administrators in (`.administratorPage`); every error their routes
/// meet is answered as an HTML page (`PageErrorMiddleware`).
struct AdminController: Sendable {
    let accounts: AccountService
    let assets: WebAssets

    func addRoutes(to router: Router<HabitsRequestContext>) {
        let pages = router.group().add(middleware: PageErrorMiddleware())
        pages.get(Routes.adminPage.routerPath, use: indexPage)
        AdminCategoriesController(store: accounts.store, assets: assets).addRoutes(to: pages)
        AdminPeopleController(accounts: accounts, assets: assets).addRoutes(to: pages)
        AdminHabitsController(store: accounts.store, assets: assets).addRoutes(to: pages)
        AdminHelpController(store: accounts.store, assets: assets, clock: accounts.clock).addRoutes(to: pages)
        AdminHelpTagsController(store: accounts.store, assets: assets, clock: accounts.clock).addRoutes(to: pages)
        AdminProgramsController(store: accounts.store, assets: assets, clock: accounts.clock).addRoutes(to: pages)
    }

    @Sendable func indexPage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        try Self.page(assets, "admin", AdminIndexView(hasAccounts: context.access != .open))
    }

    // MARK: Shared by the pages

    static func page<View>(_ assets: WebAssets, _ template: String, _ view: View, status: HTTPResponse.Status = .ok)
        throws -> Response
    {
        try WebAccountController.page(assets, template, view, status: status)
    }

    /// Back to `route`'s page, saying what was done.
    static func redirect(_ route: RoutePattern, notice: AdminNotice) -> Response {
        WebAccountController.redirect(to: route.pattern + "?notice=\(notice.rawValue)")
    }

    /// How many rows a list of an administrators' page shows at a time.
    static let pageSize = 100

    /// One page of a list on `route`'s page, from the cursor in the query's `parameter` (the first page when
    /// `request` is nil or names none), with the address of the next page when there is one.
    static func listPage<Item>(
        _ request: Request?, route: RoutePattern, parameter: String = "after",
        _ read: (PageRequest) async throws -> Page<Item>
    ) async throws -> (items: [Item], nextPage: String?) {
        let after = try request?.uri.queryParameters.get(parameter).map { try PageCursor(encoded: String($0)) }
        let page = try await read(PageRequest(after: after, limit: pageSize))
        return (page.items, page.nextCursor.map { route.pattern + "?\(parameter)=\($0)" })
    }

    /// Every item of a paged listing, read a page of the largest size at a time: for a form's choices
    /// (categories, shared habits), which the catalogue's administrators keep few.
    static func everything<Item>(_ read: (PageRequest) async throws -> Page<Item>) async throws -> [Item] {
        var items: [Item] = []
        var request = PageRequest(limit: PageRequest.maximumLimit)
        while true {
            let page = try await read(request)
            items += page.items
            guard let next = page.nextCursor else { return items }
            request.after = try PageCursor(encoded: next)
        }
    }

    /// The id a form names; `invalid` when it names none.
    static func id(_ id: Int64?, of kind: String) throws -> Int64 {
        guard let id else { throw HabitsError.invalid(field: "id", reason: "names no \(kind).") }
        return id
    }
}
