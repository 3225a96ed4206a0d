import Foundation

/// A habit program, the way a course marketplace shows a course: Discover's cards and banner.
public struct ProgramResource: Codable, Hashable, Sendable {
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
    public var imagePath: String { "/images/programs/\(id)" }
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
