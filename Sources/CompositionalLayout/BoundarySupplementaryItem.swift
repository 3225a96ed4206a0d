/// Which edge of a section (or of the whole layout) a boundary item sits on.
public enum BoundaryAlignment: String, Hashable, Codable, Sendable, CaseIterable {
    case top, topLeading, topTrailing, bottom, bottomLeading, bottomTrailing, leading, trailing
}

/// A header or footer of a section or of the layout, as `NSCollectionLayoutBoundarySupplementaryItem`.
public struct BoundarySupplementaryItem: Hashable, Sendable {
    public var elementKind: String
    public var layoutSize: LayoutSize
    public var alignment: BoundaryAlignment
    public var offset: Point
    /// Stays visible while any part of its section is on screen.
    public var pinToVisibleBounds: Bool
    /// When true the item takes space in the section; when false it overlaps the section's content.
    public var extendsBoundary: Bool
    public var zIndex: Int
    public var contentInsets: EdgeInsets
    public init(
        layoutSize: LayoutSize, elementKind: String, alignment: BoundaryAlignment, absoluteOffset: Point = .zero,
        pinToVisibleBounds: Bool = false, extendsBoundary: Bool = true, zIndex: Int = 1,
        contentInsets: EdgeInsets = .zero
    ) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.alignment = alignment
        offset = absoluteOffset
        self.pinToVisibleBounds = pinToVisibleBounds
        self.extendsBoundary = extendsBoundary
        self.zIndex = zIndex
        self.contentInsets = contentInsets
    }
}
