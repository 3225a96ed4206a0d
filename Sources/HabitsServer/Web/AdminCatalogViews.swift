import Foundation
import HabitsDomain

/// What `/admin/habits` shows: the shared habits, the archived ones, and the form to add one.
struct AdminHabitsView: Sendable {
    struct Row: Sendable {
        var id: Int64
        var name: String
        var emoji: String
        var category: String
        var schedule: String

        init(_ habit: Habit, categories: [Int64: String]) {
            id = habit.id
            name = habit.name
            emoji = habit.emoji ?? ""
            category = categories[habit.categoryID] ?? ""
            schedule = CalendarFeed.describe(habit.schedule)
        }
    }

    struct CategoryOption: Sendable {
        var id: Int64
        var name: String
        var selected: Bool
    }

    var title = "Shared habits"
    var notice: String?
    var error: String?
    var habits: [Row]
    var archived: [Row]
    /// The next pages' addresses, when there are more.
    var nextPage: String?
    var nextArchivedPage: String?
    var categories: [CategoryOption]
    /// The form to add one, filled again after a refusal.
    var draftName = ""
    var draftEmoji = ""
    var draftDescription = ""

    init(habits: [Row], archived: [Row], categories: [CategoryOption]) {
        self.habits = habits
        self.archived = archived
        self.categories = categories
    }
}

/// What `/admin/help` shows: the questions waiting for an answer, then the answered ones.
struct AdminHelpView: Sendable {
    struct Row: Sendable {
        var id: Int64
        var question: String
        var answer: String
        var asked: String
        /// Sent by someone from the contact form, rather than written by the help desk.
        var fromSomeone: Bool

        init(_ question: Question) {
            id = question.id
            self.question = question.question
            answer = question.answer ?? ""
            asked = AccountPageView.day(question.createdAt)
            fromSomeone = question.authorID != nil
        }
    }

    var title = "Help"
    var notice: String?
    var error: String?
    var waiting: [Row]
    var answered: [Row]
    /// The next page of questions, when there is one.
    var nextPage: String?

    init(waiting: [Row], answered: [Row]) {
        self.waiting = waiting
        self.answered = answered
    }
}
