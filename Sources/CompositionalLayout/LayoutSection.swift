/// Which outer margins a section's content insets are measured from, as `UIContentInsetsReference`.
public enum ContentInsetsReference: String, Hashable, Codable, Sendable, CaseIterable {
    case automatic, none, safeArea, layoutMargins, readableContent
}

/// How a section scrolls across the layout's scroll direction, as
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
public enum OrthogonalScrollingBehavior: String, Hashable, Codable, Sendable, CaseIterable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// A section, as `NSCollectionLayoutSection`.
public struct LayoutSection: Hashable, Sendable {
    public var group: LayoutGroup
    public var contentInsets: EdgeInsets
    public var contentInsetsReference: ContentInsetsReference
    public var interGroupSpacing: Double
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
    public var boundarySupplementaryItems: [BoundarySupplementaryItem]
    public var decorationItems: [DecorationItem]
    /// When true, boundary items are inset on the cross axis like the content; when false they span the section's full
    /// width.
    public var supplementariesFollowContentInsets: Bool

    public init(
        group: LayoutGroup, contentInsets: EdgeInsets = .zero,
        contentInsetsReference: ContentInsetsReference = .automatic,
        interGroupSpacing: Double = 0, orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none,
        boundarySupplementaryItems: [BoundarySupplementaryItem] = [], decorationItems: [DecorationItem] = [],
        supplementariesFollowContentInsets: Bool = true
    ) {
        self.group = group
        self.contentInsets = contentInsets
        self.contentInsetsReference = contentInsetsReference
        self.interGroupSpacing = interGroupSpacing
        self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.decorationItems = decorationItems
        self.supplementariesFollowContentInsets = supplementariesFollowContentInsets
    }
}
