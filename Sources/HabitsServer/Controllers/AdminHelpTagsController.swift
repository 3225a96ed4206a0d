import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/admin/tags`: the help screen's topics. Add one, rename one, delete one (its questions stay, untagged),
/// through `HelpController`, so the page is held to `/v1/help/tags`' rules and refusals.
struct AdminHelpTagsController: Sendable {
    let store: any HabitStore
    let assets: WebAssets
    let clock: @Sendable () -> Date

    /// The page's forms: `create` (`name`), `rename` (`id`, `name`) or `delete` (`id`).
    struct TagForm: Decodable, Sendable {
        var action: String
        var id: Int64?
        var name: String?
    }

    func addRoutes(to pages: RouterGroup<HabitsRequestContext>) {
        pages.get(Routes.adminHelpTags.routerPath, use: tagsPage)
        pages.post(Routes.adminHelpTags.routerPath, use: tagForm)
    }

    @Sendable func tagsPage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        var view = try await pageView(request)
        view.notice = AdminNotice.sentence(of: request)
        return try AdminController.page(assets, "admin-tags", view)
    }

    @Sendable func tagForm(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let form = try await WebForm.decode(TagForm.self, from: request)
        let help = HelpController(store: store, clock: clock)
        do {
            switch form.action {
            case "create":
                _ = try await help.createTag(named: form.name ?? "")
                return AdminController.redirect(Routes.adminHelpTags, notice: .tagAdded)
            case "rename":
                _ = try await help.renameTag(id: try AdminController.id(form.id, of: "topic"), to: form.name ?? "")
                return AdminController.redirect(Routes.adminHelpTags, notice: .tagRenamed)
            case "delete":
                try await store.deleteHelpTag(id: try AdminController.id(form.id, of: "topic"))
                return AdminController.redirect(Routes.adminHelpTags, notice: .tagDeleted)
            default:
                throw HabitsError.invalid(field: "action", reason: "must be create, rename or delete.")
            }
        } catch {
            var view = try await pageView(nil)
            if form.action == "create" {
                view.draftName = String((form.name ?? "").prefix(HelpRules.tagNameLengths.upperBound))
            }
            return try WebAccountController.refused(assets, error, template: "admin-tags", view: view) {
                $0.error = $1
            }
        }
    }

    /// The page `request` asks for; the first when nil.
    private func pageView(_ request: Request?) async throws -> AdminHelpTagsView {
        let page = try await AdminController.listPage(request, route: Routes.adminHelpTags) {
            try await store.helpTags(page: $0)
        }
        var view = AdminHelpTagsView(tags: page.items.map { AdminHelpTagsView.Row(id: $0.id, name: $0.name) })
        view.nextPage = page.nextPage
        return view
    }
}
