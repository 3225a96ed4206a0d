import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/admin/people` (accounts mode): the accounts with their role, a form to grant or take back the
/// administrator role, and one to remove an account, which asks for a ticked box first. The store's own
/// calls do it (`setRole`, `deleteAccount`), as `habits admin grant` and `revoke` and `DELETE /v1/me` do.
struct AdminPeopleController: Sendable {
    let accounts: AccountService
    let assets: WebAssets

    /// The page's forms: `grant`, `revoke` or `remove` (with `confirm`) the account `id`.
    struct PersonForm: Decodable, Sendable {
        var action: String
        var id: Int64?
        /// The ticked box a removal needs.
        var confirm: String?
    }

    /// Why the page refuses a change the store would make: each keeps the server administered, or a
    /// removal deliberate.
    enum Refusal {
        /// The command line can still grant the role (`habits admin grant`), but a server should not need it.
        static let lastAdministrator = HabitsError.conflict(
            reason: "You are the last administrator: make someone else an administrator before you give up the role.")
        static let removingYourself = HabitsError.forbidden(
            reason: "Delete your own account from your account page, which asks for your password.")
        static let unconfirmed = HabitsError.invalid(
            field: "confirm", reason: "tick the box to confirm that the account and everything it logged go.")
    }

    var store: any HabitStore { accounts.store }

    func addRoutes(to pages: RouterGroup<HabitsRequestContext>) {
        pages.get(Routes.adminPeople.routerPath, use: peoplePage)
        pages.post(Routes.adminPeople.routerPath, use: personForm)
    }

    @Sendable func peoplePage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        var view = try await pageView(request, context)
        view.notice = AdminNotice.sentence(of: request)
        return try AdminController.page(assets, "admin-people", view)
    }

    @Sendable func personForm(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let form = try await WebForm.decode(PersonForm.self, from: request)
        do {
            let id = try AdminController.id(form.id, of: "account")
            let account = try await store.account(userID: id)
            switch form.action {
            case "grant":
                try await setRole(.administrator, of: account)
                return AdminController.redirect(Routes.adminPeople, notice: .granted)
            case "revoke":
                try await revoke(account)
                // Who gave up their own role may no longer see this page: their account page says so.
                guard account.id != (try context.signedInIdentity().userID) else {
                    return WebAccountController.redirect(to: "/account?notice=\(AccountNotice.roleGivenUp.rawValue)")
                }
                return AdminController.redirect(Routes.adminPeople, notice: .revoked)
            case "remove":
                try await remove(account, confirmed: form.confirm == "yes", context)
                return AdminController.redirect(Routes.adminPeople, notice: .removed)
            default:
                throw HabitsError.invalid(field: "action", reason: "must be grant, revoke or remove.")
            }
        } catch {
            return try WebAccountController.refused(
                assets, error, template: "admin-people", view: try await pageView(nil, context)
            ) { $0.error = $1 }
        }
    }

    /// Takes the role back, unless the account is the last administrator: a server with none could not be
    /// administered from the web again. (An administrator can only be left the last one by taking back
    /// their own role: they are one themselves.) The store counts the administrators in the change's own
    /// transaction (`CredentialRule.checkAdministratorsRemain`); the page says it in its own words.
    private func revoke(_ account: Account) async throws {
        guard account.role == .administrator else { return }
        do {
            try await setRole(.member, of: account)
        } catch let refusal as HabitsError where refusal == StoreRefusal.lastAdministrator {
            throw Refusal.lastAdministrator
        }
    }

    private func remove(_ account: Account, confirmed: Bool, _ context: HabitsRequestContext) async throws {
        guard account.id != (try context.signedInIdentity().userID) else { throw Refusal.removingYourself }
        guard confirmed else { throw Refusal.unconfirmed }
        try await accounts.changingCredentials(of: account.id) { try await store.deleteAccount(userID: account.id) }
    }

    /// Sets the role and forgets the account's remembered identities, so that its next request has the new role.
    private func setRole(_ role: Role, of account: Account) async throws {
        try await accounts.changingCredentials(of: account.id) {
            _ = try await store.setRole(role, username: account.username)
        }
    }

    /// The page `request` asks for; the first when nil.
    private func pageView(_ request: Request?, _ context: HabitsRequestContext) async throws -> AdminPeopleView {
        let viewerID = try context.signedInIdentity().userID
        let page = try await AdminController.listPage(request, route: Routes.adminPeople) {
            try await store.accounts(page: $0)
        }
        return AdminPeopleView(
            people: page.items.map { AdminPeopleView.Row($0, viewerID: viewerID) }, nextPage: page.nextPage)
    }
}
