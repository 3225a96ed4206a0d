/// Edges of a rectangle an anchor refers to, as `NSDirectionalRectEdge`.
public struct RectEdges: OptionSet, Hashable, Codable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = RectEdges(rawValue: 1)
    public static let leading = RectEdges(rawValue: 2)
    public static let bottom = RectEdges(rawValue: 4)
    public static let trailing = RectEdges(rawValue: 8)
    public static let all: RectEdges = [.top, .leading, .bottom, .trailing]

    /// The point of `rect` these edges name; an axis with both or neither edge uses its middle.
    func point(in rect: Rect) -> Point {
        let horizontal =
            contains(.leading) == contains(.trailing) ? rect.midX : (contains(.leading) ? rect.minX : rect.maxX)
        let vertical = contains(.top) == contains(.bottom) ? rect.midY : (contains(.top) ? rect.minY : rect.maxY)
        return Point(x: horizontal, y: vertical)
    }
}

/// Where a supplementary item attaches to its container, as `NSCollectionLayoutAnchor`.
public struct LayoutAnchor: Hashable, Sendable {
    public var edges: RectEdges
    /// The offset in points, or in multiples of the supplementary's own size when `isFractionalOffset`.
    public var offset: Point
    public var isFractionalOffset: Bool
    public init(edges: RectEdges, absoluteOffset: Point = .zero) {
        self.edges = edges
        offset = absoluteOffset
        isFractionalOffset = false
    }
    public init(edges: RectEdges, fractionalOffset: Point) {
        self.edges = edges
        offset = fractionalOffset
        isFractionalOffset = true
    }
    func offset(for size: Size) -> Point {
        isFractionalOffset ? Point(x: offset.x * size.width, y: offset.y * size.height) : offset
    }
}

/// A view attached to an item (a badge), as `NSCollectionLayoutSupplementaryItem`.
public struct SupplementaryItem: Hashable, Sendable {
    public var elementKind: String
    public var layoutSize: LayoutSize
    public var containerAnchor: LayoutAnchor
    /// The point of the supplementary placed on the container anchor; nil aligns the same edges inside the container.
    public var itemAnchor: LayoutAnchor?
    public var zIndex: Int
    public init(
        layoutSize: LayoutSize, elementKind: String, containerAnchor: LayoutAnchor, itemAnchor: LayoutAnchor? = nil,
        zIndex: Int = 1
    ) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        self.zIndex = zIndex
    }

    /// The frame of this supplementary around `container`. O(1).
    func frame(in container: Rect) -> Rect {
        let size = layoutSize.resolved(in: container.size)
        let anchorPoint = containerAnchor.edges.point(in: container)
        let own = Rect(origin: .zero, size: size)
        let ownAnchor = (itemAnchor?.edges ?? containerAnchor.edges).point(in: own)
        let containerOffset = containerAnchor.offset(for: size)
        let itemOffset = itemAnchor?.offset(for: size) ?? .zero
        return Rect(
            x: anchorPoint.x - ownAnchor.x + containerOffset.x - itemOffset.x,
            y: anchorPoint.y - ownAnchor.y + containerOffset.y - itemOffset.y,
            width: size.width, height: size.height)
    }
}
