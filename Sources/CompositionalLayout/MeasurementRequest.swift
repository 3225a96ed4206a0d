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
