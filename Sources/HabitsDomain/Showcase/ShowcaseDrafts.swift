import Foundation

/// A new program as a client sends it; the server sets its id, `createdAt` and rating.
public struct ProgramDraft: Decodable, Hashable, Sendable {
    public var title: String
    public var author: String
    public var summary: String?
    public var categoryID: Int64
    public var price: Price
    public var tag: String?
    public var habitIDs: [Int64]?
    public var featured: Bool?

    public init(
        title: String, author: String, summary: String? = nil, categoryID: Int64, price: Price, tag: String? = nil,
        habitIDs: [Int64]? = nil, featured: Bool? = nil
    ) {
        self.title = title
        self.author = author
        self.summary = summary
        self.categoryID = categoryID
        self.price = price
        self.tag = tag
        self.habitIDs = habitIDs
        self.featured = featured
    }

    /// The program this draft describes, created at `now`, checked.
    public func program(createdAt now: Date) throws(HabitsError) -> Program {
        try ShowcaseRules.checked(
            Program(
                id: 0, title: title, author: author, summary: summary ?? "", categoryID: categoryID, price: price,
                tag: tag, habitIDs: habitIDs ?? [], featured: featured ?? false, createdAt: now))
    }
}

/// Changes to a program; absent fields stay, `"tag": null` removes the chip.
public struct ProgramPatch: Decodable, Hashable, Sendable {
    public var title: String?
    public var author: String?
    public var summary: String?
    public var categoryID: Int64?
    public var price: Price?
    public var tag: Nullable<String>?
    public var habitIDs: [Int64]?
    public var featured: Bool?

    enum CodingKeys: String, CodingKey { case title, author, summary, categoryID, price, tag, habitIDs, featured }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeUnlessNull(String.self, forKey: .title)
        author = try container.decodeUnlessNull(String.self, forKey: .author)
        summary = try container.decodeUnlessNull(String.self, forKey: .summary)
        categoryID = try container.decodeUnlessNull(Int64.self, forKey: .categoryID)
        price = try container.decodeUnlessNull(Price.self, forKey: .price)
        tag = try container.decodeNullable(String.self, forKey: .tag)
        habitIDs = try container.decodeUnlessNull([Int64].self, forKey: .habitIDs)
        featured = try container.decodeUnlessNull(Bool.self, forKey: .featured)
    }

    /// Applies the changes and checks the result (references are the store's to check).
    public func applied(to program: Program) throws(HabitsError) -> Program {
        var program = program
        if let title { program.title = title }
        if let author { program.author = author }
        if let summary { program.summary = summary }
        if let categoryID { program.categoryID = categoryID }
        if let price { program.price = price }
        if let tag { program.tag = tag.wrapped }
        if let habitIDs { program.habitIDs = habitIDs }
        if let featured { program.featured = featured }
        return try ShowcaseRules.checked(program)
    }
}

/// A user's rating of a program.
public struct RatingDraft: Codable, Hashable, Sendable {
    /// 1…5.
    public var stars: Int

    public init(stars: Int) { self.stars = stars }
}

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
        try ShowcaseRules.checked(
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
        return try ShowcaseRules.checked(question)
    }
}

/// A pick in the emoji picker: the habit whose icon it becomes.
public struct EmojiPick: Codable, Hashable, Sendable {
    public var habitID: Int64
    public var emoji: String

    public init(habitID: Int64, emoji: String) {
        self.habitID = habitID
        self.emoji = emoji
    }
}

/// A user's recent emoji, most recent first.
public struct RecentEmojiList: Codable, Hashable, Sendable {
    public var items: [String]

    public init(items: [String]) { self.items = items }
}
