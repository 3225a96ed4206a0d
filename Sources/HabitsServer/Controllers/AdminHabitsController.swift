import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/admin/habits`: the shared catalogue's habits. Add one (a daily habit; `/v1/habits` sets any schedule),
/// rename one (its history follows it), archive and restore one, through `HabitsController`, so that the
/// page is held to `/v1/habits`' rules: `ResourceRules`, the category must exist, only administrators
/// write shared habits.
struct AdminHabitsController: Sendable {
    let store: any HabitStore
    let assets: WebAssets

    /// The page's forms: `create` (`name`, `categoryID`, `emoji`, `description`), `rename` (`id`, `name`),
    /// `archive` or `restore` (`id`).
    struct HabitForm: Decodable, Sendable {
        var action: String
        var id: Int64?
        var name: String?
        var categoryID: Int64?
        var emoji: String?
        var description: String?
    }

    func addRoutes(to pages: RouterGroup<HabitsRequestContext>) {
        pages.get(Routes.adminHabits.routerPath, use: habitsPage)
        pages.post(Routes.adminHabits.routerPath, use: habitForm)
    }

    @Sendable func habitsPage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        var view = try await pageView(request, context, selected: nil)
        view.notice = AdminNotice.sentence(of: request)
        return try AdminController.page(assets, "admin-habits", view)
    }

    @Sendable func habitForm(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let form = try await WebForm.decode(HabitForm.self, from: request)
        let habits = HabitsController(store: store)
        do {
            switch form.action {
            case "create":
                _ = try await habits.create(try Self.draft(of: form), context)
                return AdminController.redirect(Routes.adminHabits, notice: .habitAdded)
            case "rename":
                let id = try await habits.writableHabitID(try AdminController.id(form.id, of: "habit"), context)
                _ = try await habits.update(writable: id, HabitPatch(name: form.name ?? ""))
                return AdminController.redirect(Routes.adminHabits, notice: .habitRenamed)
            case "archive", "restore":
                let archive = form.action == "archive"
                _ = try await habits.setArchived(archive, id: try AdminController.id(form.id, of: "habit"), context)
                return AdminController.redirect(Routes.adminHabits, notice: archive ? .habitArchived : .habitRestored)
            default:
                throw HabitsError.invalid(field: "action", reason: "must be create, rename, archive or restore.")
            }
        } catch {
            var view = try await pageView(nil, context, selected: form.action == "create" ? form.categoryID : nil)
            if form.action == "create" {
                // The form to add one comes back as it was sent, cut to what its fields may hold.
                view.draftName = String((form.name ?? "").prefix(ResourceRules.nameLengths.upperBound))
                view.draftEmoji = String((form.emoji ?? "").prefix(40))
                view.draftDescription = String((form.description ?? "").prefix(ResourceRules.maximumTextLength))
            }
            return try WebAccountController.refused(assets, error, template: "admin-habits", view: view) {
                $0.error = $1
            }
        }
    }

    /// The shared habit a form describes; its checks are the API's.
    static func draft(of form: HabitForm) throws -> HabitDraft {
        guard let categoryID = form.categoryID else {
            throw HabitsError.invalid(field: "categoryID", reason: "a habit needs a category.")
        }
        let emoji = form.emoji.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        let info = form.description.flatMap { $0.isEmpty ? nil : $0 }
        return HabitDraft(
            name: form.name ?? "", categoryID: categoryID, info: info, emoji: emoji, visibility: .shared)
    }

    /// The pages of the two lists `request` asks for (`after`, `archivedAfter`); the first ones when nil.
    private func pageView(
        _ request: Request?, _ context: HabitsRequestContext, selected: Int64?
    ) async throws -> AdminHabitsView {
        let viewerID = try HabitsController.viewerID(context)
        // The administrator's own habits share the listing's pages: a page may show fewer than its size.
        func shared(archived: Bool) async throws -> (items: [Habit], nextPage: String?) {
            let page = try await AdminController.listPage(
                request, route: Routes.adminHabits, parameter: archived ? "archivedAfter" : "after"
            ) { try await store.habits(visibleTo: viewerID, archived: archived, page: $0) }
            return (page.items.filter { $0.visibility == .shared }, page.nextPage)
        }
        let categories = try await AdminController.everything { try await store.categories(page: $0) }
        let names = Dictionary(uniqueKeysWithValues: categories.map { ($0.id, $0.name) })
        let (active, archived) = (try await shared(archived: false), try await shared(archived: true))
        var view = AdminHabitsView(
            habits: active.items.map { AdminHabitsView.Row($0, categories: names) },
            archived: archived.items.map { AdminHabitsView.Row($0, categories: names) },
            categories: categories.map {
                AdminHabitsView.CategoryOption(id: $0.id, name: $0.name, selected: $0.id == selected)
            })
        view.nextPage = active.nextPage
        view.nextArchivedPage = archived.nextPage
        return view
    }
}
