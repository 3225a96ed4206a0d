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
        try ProgramRules.checked(
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

    public init(
        title: String? = nil, author: String? = nil, summary: String? = nil, categoryID: Int64? = nil,
        price: Price? = nil, tag: Nullable<String>? = nil, habitIDs: [Int64]? = nil, featured: Bool? = nil
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
        return try ProgramRules.checked(program)
    }
}

/// A user's rating of a program.
public struct RatingDraft: Codable, Hashable, Sendable {
    /// 1…5.
    public var stars: Int

    public init(stars: Int) { self.stars = stars }
}
