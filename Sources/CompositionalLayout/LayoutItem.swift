/// A cell, as `NSCollectionLayoutItem`.
public struct LayoutItem: Hashable, Sendable {
    public var layoutSize: LayoutSize
    /// Shrinks the laid-out frame on every axis that is not estimated.
    public var contentInsets: EdgeInsets
    public var edgeSpacing: EdgeSpacing
    public var supplementaryItems: [SupplementaryItem]
    public init(
        layoutSize: LayoutSize, supplementaryItems: [SupplementaryItem] = [], contentInsets: EdgeInsets = .zero,
        edgeSpacing: EdgeSpacing = EdgeSpacing()
    ) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
    }
}
