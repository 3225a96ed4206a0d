import Foundation

/// The validation rules of programs, ratings, help tags, questions and emoji picks. Each returns the
/// normalised value (text trimmed, in NFC) or throws `HabitsError.invalid` naming the field and the rule.
///
/// Lengths are counted in characters as a reader sees them (a Korean syllable or a family emoji is one),
/// after trimming spaces and new lines at both ends.
public enum ShowcaseRules {
    /// A program's title, in characters after trimming.
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

    /// `raw` trimmed and in NFC, with a length in `lengths` and no control characters but new lines and
    /// tabs when `multiline`.
    ///
    /// - Complexity: O(n) for the n characters of `raw`.
    public static func text(
        _ raw: String, field: String, lengths: ClosedRange<Int>, multiline: Bool = false
    ) throws(HabitsError) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        let count = trimmed.count
        guard lengths.contains(count) else {
            throw .invalid(
                field: field,
                reason: "must hold \(lengths.lowerBound) to \(lengths.upperBound) characters after trimming spaces "
                    + "(got \(count)).")
        }
        let allowed: Set<Unicode.Scalar> = multiline ? ["\n", "\t", "\r"] : []
        guard
            !trimmed.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control && !allowed.contains($0)
            })
        else {
            throw .invalid(field: field, reason: "must not contain control characters.")
        }
        return trimmed
    }

    /// A question: 1 to 2,000 characters after trimming, new lines allowed.
    public static func question(_ raw: String) throws(HabitsError) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        if trimmed.isEmpty { throw .invalid(field: "question", reason: "The question can't be empty.") }
        if trimmed.count > questionLengths.upperBound {
            throw .invalid(field: "question", reason: "The question is longer than 2,000 characters.")
        }
        return try text(trimmed, field: "question", lengths: questionLengths, multiline: true)
    }

    /// An answer: at most 10,000 characters after trimming; nil (no answer yet) when only spaces are left.
    public static func answer(_ raw: String) throws(HabitsError) -> String? {
        let checked = try text(raw, field: "answer", lengths: 0...maximumAnswerLength, multiline: true)
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
    public static func checked(_ program: ProgramResource) throws(HabitsError) -> ProgramResource {
        var program = program
        program.title = try text(program.title, field: "title", lengths: titleLengths)
        program.author = try text(program.author, field: "author", lengths: authorLengths)
        program.summary = try text(program.summary, field: "summary", lengths: summaryLengths)
        if let tag = program.tag { program.tag = try text(tag, field: "tag", lengths: tagLengths) }
        program.habitIDs = try ids(program.habitIDs, field: "habitIDs", maximum: maximumProgramHabits)
        return program
    }

    /// A help tag with its name trimmed.
    public static func checked(_ tag: HelpTagResource) throws(HabitsError) -> HelpTagResource {
        var tag = tag
        tag.name = try text(tag.name, field: "name", lengths: tagNameLengths)
        return tag
    }

    /// A question with its text checked and its tags in id order.
    public static func checked(_ question: QuestionResource) throws(HabitsError) -> QuestionResource {
        var question = question
        question.question = try self.question(question.question)
        question.answer = try question.answer.flatMap { raw throws(HabitsError) in try answer(raw) }
        question.tagIDs = try ids(question.tagIDs, field: "tagIDs", maximum: maximumQuestionTags).sorted()
        return question
    }
}
