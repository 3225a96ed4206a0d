import Foundation

/// A help tag's name, to create or rename it.
public struct HelpTagDraft: Codable, Hashable, Sendable {
    public var name: String

    public init(name: String) { self.name = name }
}

/// A new question: one the help desk writes (with its answer), or one a user sends from the contact form.
public struct QuestionDraft: Decodable, Hashable, Sendable {
    public var question: String
    public var answer: String?
    public var tagIDs: [Int64]?
    /// The user who sent it; nil for the help desk's own.
    public var authorID: Int64?

    public init(question: String, answer: String? = nil, tagIDs: [Int64]? = nil, authorID: Int64? = nil) {
        self.question = question
        self.answer = answer
        self.tagIDs = tagIDs
        self.authorID = authorID
    }

    /// The question this draft describes, sent at `now`, checked.
    public func resource(createdAt now: Date) throws(HabitsError) -> Question {
        try HelpRules.checked(
            Question(
                id: 0, question: question, answer: answer, tagIDs: tagIDs ?? [], authorID: authorID, createdAt: now))
    }
}

/// Changes to a question; absent fields stay, `"answer": null` takes the answer back. Its author never changes.
public struct QuestionPatch: Decodable, Hashable, Sendable {
    public var question: String?
    public var answer: Nullable<String>?
    public var tagIDs: [Int64]?

    enum CodingKeys: String, CodingKey { case question, answer, tagIDs }

    public init(question: String? = nil, answer: Nullable<String>? = nil, tagIDs: [Int64]? = nil) {
        self.question = question
        self.answer = answer
        self.tagIDs = tagIDs
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        question = try container.decodeUnlessNull(String.self, forKey: .question)
        answer = try container.decodeNullable(String.self, forKey: .answer)
        tagIDs = try container.decodeUnlessNull([Int64].self, forKey: .tagIDs)
    }

    /// Applies the changes and checks the result (the tags' existence is the store's to check).
    public func applied(to question: Question) throws(HabitsError) -> Question {
        var question = question
        if let text = self.question { question.question = text }
        if let answer { question.answer = answer.wrapped }
        if let tagIDs { question.tagIDs = tagIDs }
        return try HelpRules.checked(question)
    }
}
