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
