/// What kind of view an attributes value describes, as `UICollectionView.ElementCategory`.
public enum ElementCategory: String, Hashable, Codable, Sendable {
    case cell, supplementaryView, decorationView
}

/// The computed placement of one view, as `UICollectionViewLayoutAttributes`.
public struct LayoutAttributes: Hashable, Sendable, CustomStringConvertible {
    public var category: ElementCategory
    /// The element kind of supplementary and decoration views; nil for cells.
    public var elementKind: String?
    public var indexPath: ElementIndexPath
    /// The frame in the layout's coordinates (orthogonal sections at zero orthogonal offset).
    public var frame: Rect
    public var zIndex: Int
    public init(category: ElementCategory, elementKind: String?, indexPath: ElementIndexPath, frame: Rect, zIndex: Int)
    {
        self.category = category
        self.elementKind = elementKind
        self.indexPath = indexPath
        self.frame = frame
        self.zIndex = zIndex
    }
    public var description: String {
        let what = category == .cell ? "cell" : "\(category.rawValue)(\(elementKind ?? ""))"
        return "\(what) \(indexPath) \(frame) z\(zIndex)"
    }
    /// The attributes with the frame moved by `offset`.
    func offsetBy(_ offset: Point) -> LayoutAttributes {
        var moved = self
        moved.frame = frame.offsetBy(dx: offset.x, dy: offset.y)
        return moved
    }
}

/// What the measuring callback is asked: the fitting size of a cell, header or footer.
public struct MeasurementRequest: Hashable, Sendable {
    public var category: ElementCategory
    public var elementKind: String?
    public var indexPath: ElementIndexPath
    /// The size before measuring: resolved on fixed axes, the estimate on estimated axes.
    public var proposedSize: Size
    public var isWidthEstimated: Bool
    public var isHeightEstimated: Bool
}

/// Returns the fitting size of an element, or nil to keep the estimate. Only estimated axes of the answer are used.
public typealias SizeMeasurer = @Sendable (MeasurementRequest) -> Size?

/// The geometry of a section that scrolls across the layout's scroll direction.
public struct OrthogonalSectionGeometry: Hashable, Sendable {
    public var section: Int
    public var behavior: OrthogonalScrollingBehavior
    /// The frame of the sideways scroller in layout coordinates.
    public var frame: Rect
    /// The scrollable content size of the sideways scroller, including leading and trailing insets as padding.
    public var contentSize: Size
    /// Frames of the top-level groups, in the scroller's own content coordinates.
    public var groupFrames: [Rect]
}

/// A boundary item placed at a content offset by pinning.
public struct PinnedSupplementary: Hashable, Sendable {
    public var attributes: LayoutAttributes
    /// True when pinning moved it away from its unpinned position.
    public var isDisplaced: Bool
}
