import Foundation

/// The validation rules of programs, ratings, help tags, questions and emoji picks. Each returns the
/// normalised value (text trimmed, in NFC) or throws `HabitsError.invalid` naming the field and the rule.
///
/// Text is checked by the one `TextRule`: lengths count Unicode scalars (a Korean syllable in NFC is one,
/// a family emoji five), after trimming spaces and new lines at both ends.
public enum ShowcaseRules {
    /// A program's title, in Unicode scalars after trimming.
    public static let titleLengths = 1...120
    /// A program's author.
    public static let authorLengths = 1...80
    /// The line under a program's title.
    public static let summaryLengths = 0...200
    /// A program card's chip ("Bestseller").
    public static let tagLengths = 1...24
    /// A help tag's name.
    public static let tagNameLengths = 1...40
    /// The most habits a program holds.
    public static let maximumProgramHabits = 20
    /// A question.
    public static let questionLengths = 1...2_000
    /// The longest answer.
    public static let maximumAnswerLength = 10_000
    /// The most tags a question is listed under.
    public static let maximumQuestionTags = 20
    /// A rating's stars.
    public static let stars = 1...5

    /// A program's title: one line.
    public static let titleRule = TextRule(field: "title", lengths: titleLengths)
    /// A program's author: one line.
    public static let authorRule = TextRule(field: "author", lengths: authorLengths)
    /// The line under a program's title.
    public static let summaryRule = TextRule(field: "summary", lengths: summaryLengths)
    /// A program card's chip.
    public static let tagRule = TextRule(field: "tag", lengths: tagLengths)
    /// A help tag's name: one line.
    public static let tagNameRule = TextRule(field: "name", lengths: tagNameLengths)
    /// A question: line breaks allowed.
    public static let questionRule = TextRule(field: "question", lengths: questionLengths, multiline: true)
    /// An answer: line breaks allowed; empty means no answer yet.
    public static let answerRule = TextRule(field: "answer", lengths: 0...maximumAnswerLength, multiline: true)

    /// A question by `questionRule`, with the contact form's own words for an empty or a long one.
    public static func question(_ raw: String) throws(HabitsError) -> String {
        let tooLong = HabitsError.invalid(field: "question", reason: "The question is longer than 2,000 characters.")
        guard raw.utf8.count <= questionRule.maximumBytes else { throw tooLong }
        let trimmed = questionRule.normalized(raw)
        if trimmed.isEmpty { throw .invalid(field: "question", reason: "The question can't be empty.") }
        if trimmed.unicodeScalars.count > questionLengths.upperBound { throw tooLong }
        return try questionRule.checked(raw)
    }

    /// An answer: at most 10,000 Unicode scalars after trimming; nil (no answer yet) when only spaces are left.
    public static func answer(_ raw: String) throws(HabitsError) -> String? {
        let checked = try answerRule.checked(raw)
        return checked.isEmpty ? nil : checked
    }

    /// A rating's stars, 1…5.
    public static func stars(_ value: Int) throws(HabitsError) -> Int {
        guard stars.contains(value) else {
            throw .invalid(field: "stars", reason: "must be a whole number from 1 to 5 (got \(value)).")
        }
        return value
    }

    /// `ids` when they hold at most `maximum` and no id twice.
    public static func ids(_ ids: [Int64], field: String, maximum: Int) throws(HabitsError) -> [Int64] {
        guard ids.count <= maximum else {
            throw .invalid(field: field, reason: "must hold at most \(maximum) ids (got \(ids.count)).")
        }
        guard Set(ids).count == ids.count else { throw .invalid(field: field, reason: "must not repeat an id.") }
        return ids
    }

    /// A program with every field checked and its text trimmed; references are the store's to check.
    public static func checked(_ program: Program) throws(HabitsError) -> Program {
        var program = program
        program.title = try titleRule.checked(program.title)
        program.author = try authorRule.checked(program.author)
        program.summary = try summaryRule.checked(program.summary)
        if let tag = program.tag { program.tag = try tagRule.checked(tag) }
        program.habitIDs = try ids(program.habitIDs, field: "habitIDs", maximum: maximumProgramHabits)
        return program
    }

    /// A help tag with its name trimmed.
    public static func checked(_ tag: HelpTag) throws(HabitsError) -> HelpTag {
        var tag = tag
        tag.name = try tagNameRule.checked(tag.name)
        return tag
    }

    /// A question with its text checked and its tags in id order.
    public static func checked(_ question: Question) throws(HabitsError) -> Question {
        var question = question
        question.question = try self.question(question.question)
        question.answer = try question.answer.flatMap { raw throws(HabitsError) in try answer(raw) }
        question.tagIDs = try ids(question.tagIDs, field: "tagIDs", maximum: maximumQuestionTags).sorted()
        return question
    }
}
