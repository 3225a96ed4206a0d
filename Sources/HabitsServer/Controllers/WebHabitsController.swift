import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird
import Mustache
import QRCode

/// "Your habits" (accounts mode): add a habit of one's own, archive and restore it, and subscribe to its
/// reminders in a calendar app. Plain forms that work without JavaScript, behind the same host and origin
/// checks as every write, doing what `/v1/habits` and `/v1/me/calendar-feed` do.
struct WebHabitsController: Sendable {
    let store: any HabitStore
    let assets: WebAssets
    let clock: @Sendable () -> Date

    /// The form of the page: `create` (with the habit's fields), `archive` or `restore` (with `id`).
    struct HabitForm: Decodable, Sendable {
        var action: String
        var id: Int64?
        var name: String?
        var emoji: String?
        var categoryID: Int64?
        /// `daily`, `weekdays` or `weekly`.
        var kind: String?
        var mon: String?, tue: String?, wed: String?, thu: String?, fri: String?, sat: String?, sun: String?
        var timesPerWeek: String?
        var timesPerDay: String?
        /// `HH:MM`, or empty for none.
        var reminder: String?
    }

    /// `create` a calendar address (replacing the earlier one) or `end` the feed.
    struct CalendarForm: Decodable, Sendable {
        var action: String
    }

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.accountHabits.routerPath, use: habitsPage)
        router.post(Routes.accountHabits.routerPath, use: habitForm)
        router.post(Routes.accountCalendar.routerPath, use: calendarForm)
    }

    @Sendable func habitsPage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        var view = try await pageView(context)
        view.notice = request.uri.queryParameters.get("notice").flatMap { AccountNotice(rawValue: String($0)) }?
            .sentence
        return try page(view)
    }

    @Sendable func habitForm(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let form = try await WebForm.decode(HabitForm.self, from: request)
        let habits = HabitsController(store: store)
        do {
            switch form.action {
            case "create":
                _ = try await habits.create(try Self.draft(of: form), context)
                return Self.redirect(notice: .habitAdded)
            case "archive", "restore":
                guard let id = form.id else { throw HabitsError.invalid(field: "id", reason: "names no habit.") }
                _ = try await habits.setArchived(form.action == "archive", id: id, context)
                return Self.redirect(notice: form.action == "archive" ? .habitArchived : .habitRestored)
            default:
                throw HabitsError.invalid(field: "action", reason: "must be create, archive or restore.")
            }
        } catch {
            return try await refused(error, context)
        }
    }

    @Sendable func calendarForm(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let form = try await WebForm.decode(CalendarForm.self, from: request)
        // A new address is a credential: a session's to make, as `/v1/me/calendar-feed` says.
        let userID = try (form.action == "create" ? context.sessionIdentity() : context.signedInIdentity()).userID
        switch form.action {
        case "create":
            let secret = Secrets.newSecret()
            try await store.replaceCalendarFeed(userID: userID, secretHash: Secrets.hash(secret), now: clock())
            var view = try await pageView(context)
            // Shown this once: only its hash is kept.
            let address = CalendarController.address(secret: secret, context)
            view.calendarURL = address
            view.calendarQRCode = Self.qrCode(of: address)
            return try page(view)
        case "end":
            try await store.removeCalendarFeed(userID: userID)
            return Self.redirect(notice: .calendarEnded)
        default:
            return try await refused(
                HabitsError.invalid(field: "action", reason: "must be create or end."), context)
        }
    }

    /// The draft a form describes; its checks are the API's.
    static func draft(of form: HabitForm) throws -> HabitDraft {
        guard let name = form.name, let categoryID = form.categoryID else {
            throw HabitsError.invalid(field: "name", reason: "a habit needs a name and a category.")
        }
        let timesPerDay = try number(form.timesPerDay, field: "timesPerDay") ?? 1
        let kind: HabitSchedule.Kind
        switch form.kind ?? "daily" {
        case "weekdays":
            let checked: [(Weekday, String?)] = [
                (.mon, form.mon), (.tue, form.tue), (.wed, form.wed), (.thu, form.thu), (.fri, form.fri),
                (.sat, form.sat), (.sun, form.sun),
            ]
            kind = .weekdays(Set(checked.compactMap { $0.1 == nil ? nil : $0.0 }))
        case "weekly": kind = .weekly(timesPerWeek: try number(form.timesPerWeek, field: "timesPerWeek") ?? 3)
        default: kind = .daily
        }
        var reminder: ReminderTime?
        if let text = form.reminder, !text.isEmpty {
            guard let time = ReminderTime(text) else {
                throw HabitsError.invalid(field: "reminder", reason: "must be a time such as 07:30.")
            }
            reminder = time
        }
        let emoji = form.emoji.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        // "Your habits" are personal, an administrator's too: the catalogue is written through /v1.
        return HabitDraft(
            name: name, categoryID: categoryID, emoji: emoji,
            schedule: HabitSchedule(kind: kind, timesPerDay: timesPerDay), visibility: .personal, reminder: reminder)
    }

    private static func number(_ text: String?, field: String) throws -> Int? {
        guard let text, !text.isEmpty else { return nil }
        guard let value = Int(text) else { throw HabitsError.invalid(field: field, reason: "must be a number.") }
        return value
    }

    // MARK: The page

    private func pageView(_ context: HabitsRequestContext) async throws -> OwnHabitsPageView {
        let userID = try context.signedInIdentity().userID
        let own = try await store.ownHabits(ownerID: userID)
        let categories = try await store.categories(page: PageRequest(limit: 100)).items
        return OwnHabitsPageView(
            habits: own.filter { !$0.isArchived }.map(OwnHabitsPageView.HabitRow.init),
            archived: own.filter(\.isArchived).map(OwnHabitsPageView.HabitRow.init),
            categories: categories.map { OwnHabitsPageView.CategoryOption(id: $0.id, name: $0.name) },
            hasCalendar: try await store.hasCalendarFeed(userID: userID))
    }

    private func refused(_ error: any Error, _ context: HabitsRequestContext) async throws -> Response {
        let (status, _, message) = ErrorMiddleware<HabitsRequestContext>.describe(error)
        guard status.code < 500 else { throw error }
        var view = try await pageView(context)
        view.error = message
        return try page(view, status: status)
    }

    private func page(_ view: OwnHabitsPageView, status: HTTPResponse.Status = .ok) throws -> Response {
        try WebAccountController.page(assets, "habits", view, status: status)
    }

    /// `address` as a QR code a phone's camera reads (level M, 4-pixel modules), or nil when it is too long for
    /// one, which no address of this server is.
    static func qrCode(of address: String) -> String? {
        try? QRCode(text: address, errorCorrection: .medium).svg(
            moduleSize: 4, title: "QR code of your calendar address")
    }

    static func redirect(notice: AccountNotice) -> Response {
        WebAccountController.redirect(to: Routes.accountHabits.pattern + "?notice=\(notice.rawValue)")
    }
}

/// What "Your habits" shows.
struct OwnHabitsPageView: Sendable {
    struct HabitRow: Sendable {
        var id: Int64
        var name: String
        var emoji: String
        var schedule: String
        /// Nil without one: Mustache takes an empty string for a value.
        var reminder: String?
        var shared: Bool

        init(_ habit: Habit) {
            id = habit.id
            name = habit.name
            emoji = habit.emoji ?? ""
            schedule = CalendarFeed.describe(habit.schedule)
            reminder = habit.reminder?.description
            shared = habit.visibility == .shared
        }
    }

    struct CategoryOption: Sendable {
        var id: Int64
        var name: String
    }

    var title = "Your habits"
    var notice: String?
    var error: String?
    var habits: [HabitRow]
    var archived: [HabitRow]
    var categories: [CategoryOption]
    var hasCalendar: Bool
    /// A new calendar address, shown once.
    var calendarURL: String?
    /// The address as a QR code (an `<svg>` element), for a phone's camera.
    var calendarQRCode: String?

    init(habits: [HabitRow], archived: [HabitRow], categories: [CategoryOption], hasCalendar: Bool) {
        self.habits = habits
        self.archived = archived
        self.categories = categories
        self.hasCalendar = hasCalendar
    }
}
