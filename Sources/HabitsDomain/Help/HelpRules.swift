import Foundation

/// The validation rules of help tags and questions. Each returns the normalised value (text trimmed, in
/// NFC) or throws `HabitsError.invalid` naming the field and the rule.
///
/// Text is checked by the one `TextRule`: lengths count Unicode scalars (a Korean syllable in NFC is one,
/// a family emoji five), after trimming spaces and new lines at both ends.
public enum HelpRules {
    /// A help tag's name.
    public static let tagNameLengths = 1...40
    /// A question.
    public static let questionLengths = 1...2_000
    /// The longest answer.
    public static let maximumAnswerLength = 10_000
    /// The most tags a question is listed under.
    public static let maximumQuestionTags = 20

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
        question.tagIDs = try ResourceRules.ids(question.tagIDs, field: "tagIDs", maximum: maximumQuestionTags)
            .sorted()
        return question
    }
}
