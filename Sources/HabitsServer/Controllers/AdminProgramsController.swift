import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/admin/programs`: the programs Discover shows. Add one, edit one (`?edit=` opens its form), delete one,
/// through `ProgramsController`'s own calls, so the page is held to `/v1/programs`' rules: `ProgramRules`,
/// prices as `Price.parse` reads them, categories and habits that exist.
struct AdminProgramsController: Sendable {
    let store: any HabitStore
    let assets: WebAssets
    let clock: @Sendable () -> Date

    /// The page's forms: `create` and `update` (every field of a program; `update` names its `id`), `delete`
    /// (`id`). A program's habits come as `habitIDs[]`, one per chosen option; `featured` is `yes` when ticked.
    struct ProgramForm: Decodable, Sendable {
        var action: String
        var id: Int64?
        var title: String?
        var author: String?
        var summary: String?
        var categoryID: Int64?
        var amount: String?
        var currency: String?
        var tag: String?
        var featured: String?
        var habitIDs: [Int64]?
    }

    /// A program's form holds a summary and up to 20 habits; percent-encoded it stays well under this.
    static let maximumFormBytes = 16 * 1024

    func addRoutes(to pages: RouterGroup<HabitsRequestContext>) {
        pages.get(Routes.adminPrograms.routerPath, use: programsPage)
        pages.post(Routes.adminPrograms.routerPath, use: programForm)
    }

    @Sendable func programsPage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        var editing: Program?
        if let text = request.uri.queryParameters.get("edit") {
            guard let id = Int64(text) else { throw HabitsError.invalid(field: "edit", reason: "names no program.") }
            editing = try await store.program(id: id)
        }
        var view = try await pageView(
            request, context, form: editing.map(AdminProgramsView.Fields.init) ?? .blank)
        view.notice = AdminNotice.sentence(of: request)
        return try AdminController.page(assets, "admin-programs", view)
    }

    @Sendable func programForm(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let form = try await WebForm.decode(ProgramForm.self, from: request, upTo: Self.maximumFormBytes)
        do {
            switch form.action {
            case "create":
                _ = try await ProgramsController.create(try Self.draft(of: form), in: store, at: clock())
                return AdminController.redirect(Routes.adminPrograms, notice: .programAdded)
            case "update":
                let id = try AdminController.id(form.id, of: "program")
                _ = try await ProgramsController.update(id: id, try Self.patch(of: form), in: store)
                return AdminController.redirect(Routes.adminPrograms, notice: .programSaved)
            case "delete":
                try await store.deleteProgram(id: try AdminController.id(form.id, of: "program"))
                return AdminController.redirect(Routes.adminPrograms, notice: .programDeleted)
            default:
                throw HabitsError.invalid(field: "action", reason: "must be create, update or delete.")
            }
        } catch {
            // The form comes back as it was sent, cut to what its fields may hold.
            let sent = form.action == "update" || form.action == "create" ? AdminProgramsView.Fields(form) : .blank
            return try WebAccountController.refused(
                assets, error, template: "admin-programs", view: try await pageView(nil, context, form: sent)
            ) { $0.error = $1 }
        }
    }

    /// The program a `create` form describes; its checks are the API's.
    static func draft(of form: ProgramForm) throws -> ProgramDraft {
        guard let categoryID = form.categoryID else {
            throw HabitsError.invalid(field: "categoryID", reason: "a program needs a category.")
        }
        return ProgramDraft(
            title: form.title ?? "", author: form.author ?? "", summary: form.summary ?? "", categoryID: categoryID,
            price: try price(of: form), tag: tag(of: form), habitIDs: form.habitIDs ?? [],
            featured: form.featured == "yes")
    }

    /// The change an `update` form asks for: every field as the form shows it (no habit chosen is none).
    static func patch(of form: ProgramForm) throws -> ProgramPatch {
        ProgramPatch(
            title: form.title ?? "", author: form.author ?? "", summary: form.summary ?? "",
            categoryID: form.categoryID, price: try price(of: form), tag: tag(of: form).map { .value($0) } ?? .null,
            habitIDs: form.habitIDs ?? [], featured: form.featured == "yes")
    }

    private static func price(of form: ProgramForm) throws -> Price {
        let amount = (form.amount ?? "").trimmingCharacters(in: .whitespaces)
        let currency = (form.currency ?? "").trimmingCharacters(in: .whitespaces).uppercased()
        return try Price.parse(amount: amount.isEmpty ? "0" : amount, currency: currency)
    }

    private static func tag(of form: ProgramForm) -> String? {
        let tag = (form.tag ?? "").trimmingCharacters(in: .whitespaces)
        return tag.isEmpty ? nil : tag
    }

    /// The list page `request` asks for (the first when nil), with `form` filled in.
    private func pageView(
        _ request: Request?, _ context: HabitsRequestContext, form: AdminProgramsView.Fields
    ) async throws -> AdminProgramsView {
        let page = try await AdminController.listPage(request, route: Routes.adminPrograms) {
            try await store.programs(page: $0)
        }
        // The form's choices: every category, and the shared habits a program can add to its members (read
        // as the administrator sees habits: the shared ones and their own, never everyone's).
        let viewerID = try HabitsController.viewerID(context)
        let categories = try await AdminController.everything { try await store.categories(page: $0) }
        let habits = try await AdminController.everything {
            try await store.habits(visibleTo: viewerID, archived: false, page: $0)
        }.filter { $0.visibility == .shared }
        let names = Dictionary(uniqueKeysWithValues: categories.map { ($0.id, $0.name) })
        var view = AdminProgramsView(
            programs: page.items.map { AdminProgramsView.Row($0, categories: names) }, form: form)
        view.nextPage = page.nextPage
        view.form.categories = categories.map {
            AdminProgramsView.Option(id: $0.id, name: $0.name, selected: $0.id == form.categoryID)
        }
        view.form.habits = habits.map {
            AdminProgramsView.Option(id: $0.id, name: $0.name, selected: form.habitIDs.contains($0.id))
        }
        return view
    }
}
