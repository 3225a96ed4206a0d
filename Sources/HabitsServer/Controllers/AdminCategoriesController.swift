import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/admin/categories`: list the categories with their colour and how many habits each holds, add one,
/// rename or recolour one, delete one that no habit belongs to. Every change goes through
/// `CatalogController`, so the page is held to `/v1/categories`' rules and the store's refusals.
struct AdminCategoriesController: Sendable {
    let store: any HabitStore
    let assets: WebAssets

    /// The page's forms: `create` (`name`, `color`), `update` (`id`, `name`, `color`) or `delete` (`id`).
    struct CategoryForm: Decodable, Sendable {
        var action: String
        var id: Int64?
        var name: String?
        /// `#rrggbb`, as `<input type=color>` sends it.
        var color: String?
    }

    func addRoutes(to pages: RouterGroup<HabitsRequestContext>) {
        pages.get(Routes.adminCategories.routerPath, use: categoriesPage)
        pages.post(Routes.adminCategories.routerPath, use: categoryForm)
    }

    @Sendable func categoriesPage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        var view = try await pageView(request)
        view.notice = AdminNotice.sentence(of: request)
        return try AdminController.page(assets, "admin-categories", view)
    }

    @Sendable func categoryForm(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let form = try await WebForm.decode(CategoryForm.self, from: request)
        let catalog = CatalogController(store: store)
        do {
            switch form.action {
            case "create":
                let color = try ColorInput.color(form.color ?? "")
                _ = try await catalog.create(CategoryDraft(name: form.name ?? "", color: color))
                return AdminController.redirect(Routes.adminCategories, notice: .categoryAdded)
            case "update":
                let id = try AdminController.id(form.id, of: "category")
                _ = try await catalog.update(id: id, try await patch(of: form, id: id))
                return AdminController.redirect(Routes.adminCategories, notice: .categorySaved)
            case "delete":
                try await store.deleteCategory(id: try AdminController.id(form.id, of: "category"))
                return AdminController.redirect(Routes.adminCategories, notice: .categoryDeleted)
            default:
                throw HabitsError.invalid(field: "action", reason: "must be create, update or delete.")
            }
        } catch {
            var view = try await pageView(nil)
            if form.action == "create" {
                // The form to add one comes back as it was sent, cut to what a name may hold.
                view.draftName = String((form.name ?? "").prefix(ResourceRules.nameLengths.upperBound))
                view.draftColor = (try? ColorInput.color(form.color ?? "")).map(ColorInput.hex) ?? view.draftColor
            }
            return try WebAccountController.refused(
                assets, error, template: "admin-categories", view: view) { $0.error = $1 }
        }
    }

    /// The change an update form asks for. The colour is kept as stored unless the form's differs from how the
    /// page showed it: `#rrggbb` holds less than the API's three numbers, and a rename must not move them.
    private func patch(of form: CategoryForm, id: Int64) async throws -> CategoryPatch {
        guard let text = form.color else { return CategoryPatch(name: form.name) }
        let color = try ColorInput.color(text)
        let shown = ColorInput.hex(try await store.category(id: id).color)
        return CategoryPatch(name: form.name, color: ColorInput.hex(color) == shown ? nil : color)
    }

    /// The page `request` asks for; the first when nil.
    private func pageView(_ request: Request?) async throws -> AdminCategoriesView {
        let page = try await AdminController.listPage(request, route: Routes.adminCategories) {
            try await store.categories(page: $0)
        }
        let counts = try await store.habitCountsByCategory()
        var view = AdminCategoriesView(
            categories: page.items.map { AdminCategoriesView.Row($0, habits: counts[$0.id] ?? 0) })
        view.nextPage = page.nextPage
        return view
    }
}
