/// A boundary item placed at a content offset by pinning.
public struct PinnedSupplementary: Hashable, Sendable {
    public var attributes: LayoutAttributes
    /// True when pinning moved it away from its unpinned position.
    public var isDisplaced: Bool
}
