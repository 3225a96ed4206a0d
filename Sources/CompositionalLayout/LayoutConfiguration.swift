/// The direction the whole layout scrolls.
public enum ScrollDirection: String, Hashable, Codable, Sendable, CaseIterable {
    case vertical, horizontal
    var axis: Axis { self == .vertical ? .vertical : .horizontal }
}

/// Layout-wide settings, as `UICollectionViewCompositionalLayoutConfiguration`.
public struct LayoutConfiguration: Hashable, Sendable {
    public var scrollDirection: ScrollDirection
    public var interSectionSpacing: Double
    /// Headers and footers of the whole layout (before the first and after the last section).
    public var boundarySupplementaryItems: [BoundarySupplementaryItem]
    public var contentInsetsReference: ContentInsetsReference
    public init(
        scrollDirection: ScrollDirection = .vertical, interSectionSpacing: Double = 0,
        boundarySupplementaryItems: [BoundarySupplementaryItem] = [],
        contentInsetsReference: ContentInsetsReference = .automatic
    ) {
        self.scrollDirection = scrollDirection
        self.interSectionSpacing = interSectionSpacing
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.contentInsetsReference = contentInsetsReference
    }
}
