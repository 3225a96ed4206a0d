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
