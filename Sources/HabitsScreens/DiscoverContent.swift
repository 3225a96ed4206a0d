import HabitsDomain

/// `banner`: Discover's featured program across the screen, with its picture, title and caption.
public struct BannerContent: ItemPayload {
    public var programID: Int64
    public var title: String
    public var caption: String
    /// The path of the program's picture on this server.
    public var image: String
    public var isJoined: Bool

    public init(programID: Int64, title: String, caption: String, image: String, isJoined: Bool) {
        self.programID = programID
        self.title = title
        self.caption = caption
        self.image = image
        self.isJoined = isJoined
    }
}

/// `textHeader`: a line of text with highlighted phrases ("Newest programs in **Mindfulness**").
///
/// Highlights are ranges of the text, not markup, so a client draws them with its own styles; each
/// range is given in Unicode scalars and in UTF-16 code units, so that Swift (`unicodeScalars`),
/// JavaScript and Kotlin strings (UTF-16) all find the same characters whatever the text holds.
public struct TextHeaderContent: ItemPayload {
    public var text: String
    public var highlights: [TextHighlight]

    public init(text: String, highlights: [TextHighlight]) {
        self.text = text
        self.highlights = highlights
    }

    /// The text of `parts` joined, with the parts marked `true` highlighted: `[("Newest programs in ",
    /// false), ("Mindfulness", true)]`.
    ///
    /// - Complexity: O(n) for text of n scalars.
    public init(parts: [(text: String, isHighlighted: Bool)]) {
        var text = ""
        var highlights: [TextHighlight] = []
        var scalars = 0
        var utf16 = 0
        for part in parts {
            let partScalars = part.text.unicodeScalars.count
            let partUTF16 = part.text.utf16.count
            if part.isHighlighted, partScalars > 0 {
                highlights.append(
                    TextHighlight(
                        scalarOffset: scalars, scalarLength: partScalars, utf16Offset: utf16, utf16Length: partUTF16))
            }
            text += part.text
            scalars += partScalars
            utf16 += partUTF16
        }
        self.init(text: text, highlights: highlights)
    }
}

/// A highlighted range of a `textHeader`'s text, in two units.
public struct TextHighlight: Codable, Hashable, Sendable {
    /// Offset and length in Unicode scalars (Swift's `unicodeScalars`, Python's `str`).
    public var scalarOffset: Int
    public var scalarLength: Int
    /// Offset and length in UTF-16 code units (JavaScript, Java, Kotlin, `NSString`).
    public var utf16Offset: Int
    public var utf16Length: Int

    public init(scalarOffset: Int, scalarLength: Int, utf16Offset: Int, utf16Length: Int) {
        self.scalarOffset = scalarOffset
        self.scalarLength = scalarLength
        self.utf16Offset = utf16Offset
        self.utf16Length = utf16Length
    }
}

/// `programCard`: one program of a swimlane, as a course marketplace shows a course.
public struct ProgramCard: ItemPayload {
    public var programID: Int64
    public var title: String
    public var author: String
    /// The path of the program's picture on this server.
    public var image: String
    /// The average rating rounded to one decimal (0 when nobody rated it).
    public var rating: Double
    /// `rating` in the viewer's locale ("4.5", "4,5").
    public var ratingText: String
    /// Five stars, each `full`, `half` or `empty`: the rating rounded to the nearest half.
    public var stars: [Star]
    public var reviewCount: Int
    /// The count grouped in the viewer's locale and in parentheses: "(1,234)", "(1.234)".
    public var reviewCountText: String
    /// The price in the program's currency formatted for the viewer's locale, or "Free".
    public var price: String
    /// A chip such as "Bestseller" or "New".
    public var tag: String?
    public var isJoined: Bool
    /// The viewer's own rating, 1…5.
    public var yourRating: Int?

    public init(
        programID: Int64, title: String, author: String, image: String, rating: Double, ratingText: String,
        stars: [Star], reviewCount: Int, reviewCountText: String, price: String, tag: String?, isJoined: Bool,
        yourRating: Int?
    ) {
        self.programID = programID
        self.title = title
        self.author = author
        self.image = image
        self.rating = rating
        self.ratingText = ratingText
        self.stars = stars
        self.reviewCount = reviewCount
        self.reviewCountText = reviewCountText
        self.price = price
        self.tag = tag
        self.isJoined = isJoined
        self.yourRating = yourRating
    }

    /// One of a card's five stars.
    public enum Star: String, Codable, Hashable, Sendable {
        case full, half, empty
    }

    /// Five stars for `rating` rounded to the nearest half: 4.3 → ★★★★½, 4.2 → ★★★★☆.
    public static func stars(for rating: Double) -> [Star] {
        let halves = Int((rating * 2).rounded())
        return (0..<5).map { index in
            halves >= (index + 1) * 2 ? .full : halves == index * 2 + 1 ? .half : .empty
        }
    }
}

extension BannerContent {
    public static let type = "banner"
    public var heapBytes: Int { heapSum(title, caption, image) }
}

extension TextHeaderContent {
    public static let type = "textHeader"
    public var heapBytes: Int { heapSum(text) + highlights.count * MemoryLayout<TextHighlight>.stride + 32 }
}

extension ProgramCard {
    public static let type = "programCard"
    public var heapBytes: Int { heapSum(title, author, image, ratingText, reviewCountText, price, tag)
            + stars.count * MemoryLayout<ProgramCard.Star>.stride + 32 }
}
