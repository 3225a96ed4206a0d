import Foundation
import HabitsDomain
import Hummingbird

/// The fixed sentences a `?notice=` on an administrators' page may show: never text from the request itself.
enum AdminNotice: String {
    case categoryAdded = "category-added", categorySaved = "category-saved", categoryDeleted = "category-deleted"
    case granted, revoked, removed
    case habitAdded = "habit-added", habitRenamed = "habit-renamed", habitArchived = "habit-archived"
    case habitRestored = "habit-restored", answered, answerTakenBack = "answer-taken-back"
    case programAdded = "program-added", programSaved = "program-saved", programDeleted = "program-deleted"
    case tagAdded = "tag-added", tagRenamed = "tag-renamed", tagDeleted = "tag-deleted"

    var sentence: String {
        switch self {
        case .categoryAdded: "The category is added."
        case .categorySaved: "The category is saved."
        case .categoryDeleted: "The category is deleted."
        case .granted: "They are an administrator now."
        case .revoked: "They are a member now."
        case .removed: "The account and everything it held are deleted."
        case .habitAdded: "The habit is added to the shared catalogue."
        case .habitRenamed: "The habit is renamed; its history follows it."
        case .habitArchived: "The habit is archived: off every screen, its history kept."
        case .habitRestored: "The habit is back."
        case .answered: "The answer is saved: everyone sees the question and its answer."
        case .answerTakenBack: "The answer is taken back: the question is no longer public."
        case .programAdded: "The program is added: Discover shows it."
        case .programSaved: "The program is saved."
        case .programDeleted: "The program is deleted; its members keep the habits it gave them."
        case .tagAdded: "The topic is added."
        case .tagRenamed: "The topic is renamed."
        case .tagDeleted: "The topic is deleted; its questions stay, without it."
        }
    }

    /// The sentence `request`'s `?notice=` names, if any.
    static func sentence(of request: Request) -> String? {
        request.uri.queryParameters.get("notice").flatMap { AdminNotice(rawValue: String($0)) }?.sentence
    }
}

/// What `/admin` shows: a link to each administrators' page this mode serves.
struct AdminIndexView: Sendable {
    var title = "Administration"
    /// Accounts mode: the page of people (open mode has no accounts to list).
    var hasAccounts: Bool
}

/// What `/admin/categories` shows.
struct AdminCategoriesView: Sendable {
    struct Row: Sendable {
        var id: Int64
        var name: String
        /// `#rrggbb`, for the swatch and the colour input.
        var hex: String
        /// "1 habit", "3 habits".
        var habitCount: String

        init(_ category: Category, habits: Int) {
            id = category.id
            name = category.name
            hex = ColorInput.hex(category.color)
            habitCount = habits == 1 ? "1 habit" : "\(habits) habits"
        }
    }

    /// The colour the form to add a category proposes.
    static let proposedColor = "#3a7bd5"

    var title = "Categories"
    var notice: String?
    var error: String?
    var categories: [Row]
    /// The next page's address, when there is one.
    var nextPage: String?
    /// The form to add one, filled again after a refusal.
    var draftName = ""
    var draftColor = proposedColor

    init(categories: [Row]) {
        self.categories = categories
    }
}

/// What `/admin/people` shows: a page of accounts, with the forms that change each.
struct AdminPeopleView: Sendable {
    struct Row: Sendable {
        var id: Int64
        var username: String
        var name: String
        var role: String
        var isAdministrator: Bool
        /// The administrator looking at the page: removed from their own account page, with their password.
        var isYou: Bool
        var joined: String

        init(_ account: Account, viewerID: Int64?) {
            id = account.id
            username = account.username
            name = account.user.name
            role = account.role.rawValue
            isAdministrator = account.role == .administrator
            isYou = account.id == viewerID
            joined = AccountPageView.day(account.createdAt)
        }
    }

    var title = "People"
    var notice: String?
    var error: String?
    var people: [Row]
    /// The next page's address, when there is one.
    var nextPage: String?

    init(people: [Row], nextPage: String?) {
        self.people = people
        self.nextPage = nextPage
    }
}
