/// One axis of a layout size, as `NSCollectionLayoutDimension`.
public enum LayoutDimension: Hashable, Sendable {
    /// A fraction of the containing group's (or section container's) width.
    case fractionalWidth(Double)
    /// A fraction of the containing group's (or section container's) height.
    case fractionalHeight(Double)
    /// A fixed number of points.
    case absolute(Double)
    /// A first guess replaced by the measured size when a measuring callback answers.
    case estimated(Double)
    /// Estimated, then every sibling in the same group takes the largest measured value on the group's cross axis.
    case uniformAcrossSiblings(estimate: Double)

    /// True for `estimated` and `uniformAcrossSiblings`, whose final value comes from measuring.
    public var isEstimated: Bool {
        switch self {
        case .estimated, .uniformAcrossSiblings: return true
        default: return false
        }
    }
    /// The raw number the dimension carries.
    public var value: Double {
        switch self {
        case .fractionalWidth(let value), .fractionalHeight(let value), .absolute(let value), .estimated(let value):
            return value
        case .uniformAcrossSiblings(let value): return value
        }
    }
    /// The dimension's value in points inside a container of `container` size. O(1).
    public func resolved(in container: Size) -> Double {
        switch self {
        case .fractionalWidth(let fraction): return fraction * container.width
        case .fractionalHeight(let fraction): return fraction * container.height
        case .absolute(let value), .estimated(let value): return value
        case .uniformAcrossSiblings(let value): return value
        }
    }
}

/// A width and a height dimension, as `NSCollectionLayoutSize`.
public struct LayoutSize: Hashable, Sendable {
    public var widthDimension: LayoutDimension
    public var heightDimension: LayoutDimension
    public init(widthDimension: LayoutDimension, heightDimension: LayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }
    /// The size in points inside a container of `container` size. O(1).
    public func resolved(in container: Size) -> Size {
        Size(width: widthDimension.resolved(in: container), height: heightDimension.resolved(in: container))
    }
    func dimension(_ axis: Axis) -> LayoutDimension { axis == .horizontal ? widthDimension : heightDimension }
}
