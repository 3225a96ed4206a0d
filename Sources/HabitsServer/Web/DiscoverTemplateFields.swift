import HabitsScreens
import Mustache

// What Discover's templates read, by name (see TemplateFields.swift).

extension BannerContent: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "caption": caption
        case "image": image
        case "isJoined": isJoined
        default: nil
        }
    }
}

extension TextHeaderContent: MustacheParent {
    public func child(named name: String) -> Any? { name == "segments" ? segments : nil }

    /// The text cut at the highlights' scalar offsets: plain and highlighted runs in order.
    var segments: [TextSegment] {
        let scalars = Array(text.unicodeScalars)
        var segments: [TextSegment] = []
        var position = 0
        func take(_ end: Int, highlighted: Bool) {
            let end = min(max(end, position), scalars.count)
            guard end > position else { return }
            var run = String.UnicodeScalarView()
            run.append(contentsOf: scalars[position..<end])
            segments.append(TextSegment(text: String(run), isHighlighted: highlighted))
            position = end
        }
        for highlight in highlights.sorted(by: { $0.scalarOffset < $1.scalarOffset }) {
            take(highlight.scalarOffset, highlighted: false)
            take(highlight.scalarOffset + highlight.scalarLength, highlighted: true)
        }
        take(scalars.count, highlighted: false)
        return segments
    }
}

/// A run of a text header's text.
struct TextSegment: MustacheParent {
    var text: String
    var isHighlighted: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "text": text
        case "isHighlighted": isHighlighted
        default: nil
        }
    }
}

extension ProgramCard: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "author": author
        case "image": image
        case "ratingText": ratingText
        case "stars": stars.map(\.rawValue)
        case "reviewCount": reviewCount
        case "reviewCountText": reviewCountText
        case "price": price
        case "tag": tag
        case "isJoined": isJoined
        case "yourRating": yourRating
        default: nil
        }
    }
}
