/// Space between items, as `NSCollectionLayoutSpacing`.
public enum LayoutSpacing: Hashable, Sendable {
    /// Exactly this many points.
    case fixed(Double)
    /// At least this many points; leftover space in the group is shared equally among flexible spacings.
    case flexible(Double)
    /// The guaranteed minimum.
    public var minimum: Double {
        switch self {
        case .fixed(let value), .flexible(let value): return value
        }
    }
    public var isFlexible: Bool { if case .flexible = self { return true } else { return false } }
}

/// Space around an item inside its group, applied before content insets, as `NSCollectionLayoutEdgeSpacing`.
public struct EdgeSpacing: Hashable, Sendable {
    public var leading: LayoutSpacing?
    public var top: LayoutSpacing?
    public var trailing: LayoutSpacing?
    public var bottom: LayoutSpacing?
    public init(
        leading: LayoutSpacing? = nil, top: LayoutSpacing? = nil, trailing: LayoutSpacing? = nil,
        bottom: LayoutSpacing? = nil
    ) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }
    func start(_ axis: Axis) -> LayoutSpacing? { axis == .horizontal ? leading : top }
    func end(_ axis: Axis) -> LayoutSpacing? { axis == .horizontal ? trailing : bottom }
    var isEmpty: Bool { leading == nil && top == nil && trailing == nil && bottom == nil }
}
