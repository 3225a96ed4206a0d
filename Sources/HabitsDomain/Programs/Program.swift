import Foundation

/// A habit program, the way a course marketplace shows a course: Discover's cards and banner.
public struct Program: Codable, Hashable, Sendable {
    public var id: Int64
    public var title: String
    public var author: String
    /// One line under the title on the banner.
    public var summary: String
    public var categoryID: Int64
    public var price: Price
    /// A chip on the card ("Bestseller", "New"); nil for none.
    public var tag: String?
    /// The habits joining the program adds to the member's favourites, in the program's order.
    public var habitIDs: [Int64]
    /// Whether the banner may show it (the newest featured program is shown).
    public var featured: Bool
    public var createdAt: Date
    /// The average and count of members' ratings, kept in the rating's transaction (read-only).
    public var rating: RatingSummary

    public init(
        id: Int64, title: String, author: String, summary: String, categoryID: Int64, price: Price, tag: String?,
        habitIDs: [Int64], featured: Bool, createdAt: Date, rating: RatingSummary = RatingSummary()
    ) {
        self.id = id
        self.title = title
        self.author = author
        self.summary = summary
        self.categoryID = categoryID
        self.price = price
        self.tag = tag
        self.habitIDs = habitIDs
        self.featured = featured
        self.createdAt = createdAt
        self.rating = rating
    }

    /// Where the server serves the program's picture.
    public var imagePath: String { Routes.programImage.path(id) }

    private enum CodingKeys: String, CodingKey {
        case id, title, author, summary, categoryID, price, tag, habitIDs, featured, createdAt, rating, image
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id),
            title: try container.decode(String.self, forKey: .title),
            author: try container.decode(String.self, forKey: .author),
            summary: try container.decode(String.self, forKey: .summary),
            categoryID: try container.decode(Int64.self, forKey: .categoryID),
            price: try container.decode(Price.self, forKey: .price),
            tag: try container.decodeIfPresent(String.self, forKey: .tag),
            habitIDs: try container.decode([Int64].self, forKey: .habitIDs),
            featured: try container.decode(Bool.self, forKey: .featured),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            rating: try container.decode(RatingSummary.self, forKey: .rating))
    }

    /// The fields, and `image`: the picture's path, which follows from the id.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(author, forKey: .author)
        try container.encode(summary, forKey: .summary)
        try container.encode(categoryID, forKey: .categoryID)
        try container.encode(price, forKey: .price)
        try container.encodeIfPresent(tag, forKey: .tag)
        try container.encode(habitIDs, forKey: .habitIDs)
        try container.encode(featured, forKey: .featured)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(rating, forKey: .rating)
        try container.encode(imagePath, forKey: .image)
    }
}

/// The ratings of one program: how many users rated it, and the sum of their stars.
public struct RatingSummary: Codable, Hashable, Sendable {
    public var count: Int
    /// The sum of every rating's stars (1…5 each).
    public var starTotal: Int

    public init(count: Int = 0, starTotal: Int = 0) {
        self.count = count
        self.starTotal = starTotal
    }

    /// The mean of the ratings, 0 when there are none.
    public var average: Double { count == 0 ? 0 : Double(starTotal) / Double(count) }

    private enum CodingKeys: String, CodingKey {
        case count, average
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(Int.self, forKey: .count)
        let average = try container.decode(Double.self, forKey: .average)
        starTotal = Int((average * Double(count)).rounded())
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(average, forKey: .average)
    }
}
