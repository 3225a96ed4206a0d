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

/// What a section provider sees, as `NSCollectionLayoutEnvironment` with its container.
public struct LayoutEnvironment: Hashable, Codable, Sendable {
    public var containerSize: Size
    public var safeAreaInsets: EdgeInsets
    public var layoutMargins: EdgeInsets
    /// Leading and trailing margins of the readable content guide.
    public var readableContentInsets: EdgeInsets
    public init(
        containerSize: Size, safeAreaInsets: EdgeInsets = .zero, layoutMargins: EdgeInsets? = nil,
        readableContentInsets: EdgeInsets? = nil
    ) {
        self.containerSize = containerSize
        self.safeAreaInsets = safeAreaInsets
        let margin = containerSize.width < 375 ? 16.0 : 20.0
        let margins = layoutMargins ?? EdgeInsets(top: 0, leading: margin, bottom: 0, trailing: margin)
        self.layoutMargins = margins
        self.readableContentInsets = readableContentInsets ?? margins
    }
    /// The insets a reference adds on top of a section's own content insets.
    func insets(for reference: ContentInsetsReference) -> EdgeInsets {
        switch reference {
        case .automatic, .safeArea: return safeAreaInsets
        case .none: return .zero
        case .layoutMargins: return layoutMargins
        case .readableContent: return readableContentInsets
        }
    }
}
