import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/admin/help`: the help desk. The questions people sent wait here for an answer; an answer makes the
/// question public on the help screen, and taking it back hides it again. Through `HelpController`, so
/// `HelpRules` hold the page to what `PATCH /v1/help/questions/{id}` accepts.
struct AdminHelpController: Sendable {
    let store: any HabitStore
    let assets: WebAssets
    let clock: @Sendable () -> Date

    /// The page's forms: `answer` (`id`, `answer`) or `unanswer` (`id`).
    struct AnswerForm: Decodable, Sendable {
        var action: String
        var id: Int64?
        var answer: String?
    }

    /// An answer of 10,000 characters, percent-encoded, fits.
    static let maximumFormBytes = 128 * 1024

    func addRoutes(to pages: RouterGroup<HabitsRequestContext>) {
        pages.get(Routes.adminHelp.routerPath, use: helpPage)
        pages.post(Routes.adminHelp.routerPath, use: answerForm)
    }

    @Sendable func helpPage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        var view = try await pageView(request)
        view.notice = AdminNotice.sentence(of: request)
        return try AdminController.page(assets, "admin-help", view)
    }

    @Sendable func answerForm(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let form = try await WebForm.decode(AnswerForm.self, from: request, upTo: Self.maximumFormBytes)
        let help = HelpController(store: store, clock: clock)
        do {
            let id = try AdminController.id(form.id, of: "question")
            switch form.action {
            case "answer":
                // An empty answer would take the answer back: that is the other button's, said plainly.
                guard let answer = try HelpRules.answer(form.answer ?? "") else {
                    throw HabitsError.invalid(field: "answer", reason: "is empty: write one, or take the answer back.")
                }
                _ = try await help.update(id: id, QuestionPatch(answer: .value(answer)))
                return AdminController.redirect(Routes.adminHelp, notice: .answered)
            case "unanswer":
                _ = try await help.update(id: id, QuestionPatch(answer: .null))
                return AdminController.redirect(Routes.adminHelp, notice: .answerTakenBack)
            default:
                throw HabitsError.invalid(field: "action", reason: "must be answer or unanswer.")
            }
        } catch {
            let view = try await pageView(nil)
            return try WebAccountController.refused(assets, error, template: "admin-help", view: view) { $0.error = $1 }
        }
    }

    /// The page `request` asks for; the first when nil.
    private func pageView(_ request: Request?) async throws -> AdminHelpView {
        // The questions of every author, unanswered ones among them: the help desk's view, a page at a time.
        let page = try await AdminController.listPage(request, route: Routes.adminHelp) {
            try await store.questions(viewerID: nil, tagID: nil, page: $0)
        }
        var view = AdminHelpView(
            waiting: page.items.filter { $0.answer == nil }.map(AdminHelpView.Row.init),
            answered: page.items.filter { $0.answer != nil }.map(AdminHelpView.Row.init))
        view.nextPage = page.nextPage
        return view
    }
}
