import Foundation
import HabitsDomain

/// What `/admin/programs` shows: the programs, and one form (a new program's, or the one being edited).
struct AdminProgramsView: Sendable {
    struct Row: Sendable {
        var id: Int64
        var title: String
        /// "by Ada · Fitness · 19.99 USD · 3 habits · featured".
        var details: String

        init(_ program: Program, categories: [Int64: String]) {
            id = program.id
            title = program.title
            let habits = program.habitIDs.count == 1 ? "1 habit" : "\(program.habitIDs.count) habits"
            details = (["by \(program.author)", categories[program.categoryID] ?? "", Fields.price(program.price),
                habits] + (program.featured ? ["featured"] : []) + (program.tag.map { ["“\($0)”"] } ?? []))
                .filter { !$0.isEmpty }.joined(separator: " · ")
        }
    }

    /// A choice in the form: a category, or a shared habit.
    struct Option: Sendable {
        var id: Int64
        var name: String
        var selected: Bool
    }

    /// The form's values: blank to add a program, a program's to edit it, or what was sent after a refusal.
    struct Fields: Sendable {
        var id: Int64?
        var title = ""
        var author = ""
        var summary = ""
        var categoryID: Int64?
        var amount = "0"
        var currency = "USD"
        var tag = ""
        var featured = false
        var habitIDs: Set<Int64> = []
        /// Filled by the page from the store.
        var categories: [Option] = []
        var habits: [Option] = []

        /// Whether the form edits a program (stored: the templates see stored properties only).
        var isEdit = false

        static let blank = Fields()

        private init() {}

        init(_ program: Program) {
            id = program.id
            isEdit = true
            title = program.title
            author = program.author
            summary = program.summary
            categoryID = program.categoryID
            amount = program.price.amount
            currency = program.price.currency
            tag = program.tag ?? ""
            featured = program.featured
            habitIDs = Set(program.habitIDs)
        }

        init(_ form: AdminProgramsController.ProgramForm) {
            id = form.action == "update" ? form.id : nil
            isEdit = id != nil
            title = String((form.title ?? "").prefix(ProgramRules.titleLengths.upperBound))
            author = String((form.author ?? "").prefix(ProgramRules.authorLengths.upperBound))
            summary = String((form.summary ?? "").prefix(ProgramRules.summaryLengths.upperBound))
            categoryID = form.categoryID
            amount = String((form.amount ?? "").prefix(20))
            currency = String((form.currency ?? "").prefix(3))
            tag = String((form.tag ?? "").prefix(ProgramRules.tagLengths.upperBound))
            featured = form.featured == "yes"
            habitIDs = Set((form.habitIDs ?? []).prefix(ProgramRules.maximumProgramHabits))
        }

        /// "Free", or the amount with its currency code: "19.99 USD", "19900 KRW".
        static func price(_ price: Price) -> String {
            price.isFree ? "Free" : "\(price.amount) \(price.currency)"
        }
    }

    var title = "Programs"
    var notice: String?
    var error: String?
    var programs: [Row]
    /// The next page's address, when there is one.
    var nextPage: String?
    var form: Fields

    init(programs: [Row], form: Fields) {
        self.programs = programs
        self.form = form
    }
}

/// What `/admin/tags` shows: the help screen's topics, and the form to add one.
struct AdminHelpTagsView: Sendable {
    struct Row: Sendable {
        var id: Int64
        var name: String
    }

    var title = "Help topics"
    var notice: String?
    var error: String?
    var tags: [Row]
    /// The next page's address, when there is one.
    var nextPage: String?
    /// The form to add one, filled again after a refusal.
    var draftName = ""

    init(tags: [Row]) {
        self.tags = tags
    }
}
