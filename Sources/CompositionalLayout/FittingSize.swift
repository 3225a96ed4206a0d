/// A proposed size and which of its axes are estimated: what measuring an element starts from.
struct FittingSize {
    /// Resolved lengths on fixed axes, the estimates on estimated ones.
    var proposed: Size
    var isWidthEstimated: Bool
    var isHeightEstimated: Bool

    /// `proposed` with its estimated axes replaced by what `measure` answers. No callback, a nil answer, or a
    /// non-finite or negative length keeps the estimate; fixed axes are never changed.
    ///
    /// - Complexity: O(1) plus the callback, which is only called when an axis is estimated.
    func measured(
        by measure: SizeMeasurer?, category: ElementCategory, elementKind: String?, indexPath: ElementIndexPath
    ) -> Size {
        guard isWidthEstimated || isHeightEstimated, let measure else { return proposed }
        let request = MeasurementRequest(
            category: category, elementKind: elementKind, indexPath: indexPath, proposedSize: proposed,
            isWidthEstimated: isWidthEstimated, isHeightEstimated: isHeightEstimated)
        guard let answer = measure(request) else { return proposed }
        var size = proposed
        if isWidthEstimated, answer.width.isFinite, answer.width >= 0 { size.width = answer.width }
        if isHeightEstimated, answer.height.isFinite, answer.height >= 0 { size.height = answer.height }
        return size
    }

    /// The frame of an item of `size` at `origin`: content insets shrink it, but only on axes that were not
    /// measured (a measured length already is the content's).
    ///
    /// - Complexity: O(1).
    func itemFrame(origin: Point, size: Size, contentInsets insets: EdgeInsets) -> Rect {
        guard insets != .zero else { return Rect(origin: origin, size: size) }
        return Rect(
            x: isWidthEstimated ? origin.x : origin.x + insets.leading,
            y: isHeightEstimated ? origin.y : origin.y + insets.top,
            width: isWidthEstimated ? size.width : max(0, size.width - insets.leading - insets.trailing),
            height: isHeightEstimated ? size.height : max(0, size.height - insets.top - insets.bottom))
    }
}
