/// Measures and places the boundary items (headers and footers) of a section or of the whole layout; the section
/// layouter and the engine's layout-wide items share it.
struct BoundaryItemPlacer {
    let scrollAxis: Axis
    let measure: SizeMeasurer?
    /// What fractional dimensions resolve against.
    let container: Size
    /// The span across the scroll axis boundary items align in.
    let crossStart: Double
    let crossLength: Double
    /// The section of the items' index paths (0 for layout-wide items).
    let section: Int

    /// Places those of `items` that sit at the start (`headers`) or the end of the scroll axis, starting at
    /// `mainPosition` along it. Index paths count items of the same element kind over both ends, in order.
    ///
    /// - Complexity: O(items) plus one measuring call per estimated item placed.
    func place(_ items: [BoundarySupplementaryItem], headers: Bool, at mainPosition: Double) -> [BoundaryPlacement] {
        var ordinals: [String: Int] = [:]
        var placements: [BoundaryPlacement] = []
        for item in items {
            let ordinal = ordinals[item.elementKind, default: 0]
            ordinals[item.elementKind] = ordinal + 1
            let position = BoundaryPosition(item.alignment, scrollAxis: scrollAxis)
            guard position.isHeader == headers else { continue }
            let indexPath = ElementIndexPath(item: ordinal, section: section)
            let size = measuredSize(of: item, indexPath: indexPath)
            let room = crossLength - scrollAxis.cross(size)
            let frame = scrollAxis.rect(
                main: mainPosition, cross: crossStart + position.crossAlignment.offset(room: room),
                mainLength: scrollAxis.main(size), crossLength: scrollAxis.cross(size)
            )
            .offsetBy(dx: item.offset.x, dy: item.offset.y)
            .inset(by: item.contentInsets)
            let attributes = LayoutAttributes(
                category: .supplementaryView, elementKind: item.elementKind, indexPath: indexPath, frame: frame,
                zIndex: item.zIndex)
            placements.append(
                BoundaryPlacement(
                    attributes: attributes, pins: item.pinToVisibleBounds, atStart: headers,
                    extendsBoundary: item.extendsBoundary))
        }
        return placements
    }

    /// The item's size in `container`, with estimated axes measured.
    private func measuredSize(of item: BoundarySupplementaryItem, indexPath: ElementIndexPath) -> Size {
        let fitting = FittingSize(
            proposed: item.layoutSize.resolved(in: container),
            isWidthEstimated: item.layoutSize.widthDimension.isEstimated,
            isHeightEstimated: item.layoutSize.heightDimension.isEstimated)
        return fitting.measured(
            by: measure, category: .supplementaryView, elementKind: item.elementKind, indexPath: indexPath)
    }
}
