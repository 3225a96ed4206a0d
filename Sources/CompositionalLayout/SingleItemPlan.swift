/// A group that always holds exactly one plain item (a list row), reduced to plain values so that laying it out
/// copies no arrays; none of the spacing and alignment bookkeeping of `GroupPlacer.place` can apply to a lone child.
struct SingleItemPlan {
    var itemSize: LayoutSize
    /// The item's content insets (the group has none).
    var insets: EdgeInsets
    /// The group's axis.
    var axis: Axis
    /// True for a group with `count == 1`, which fixes the item's length along the axis.
    var counted: Bool
    var mainEstimated: Bool
    var crossEstimated: Bool

    /// The plan of `group`, or nil when the group may hold anything but one plain item with no supplementaries,
    /// edge spacing or group insets.
    ///
    /// - Complexity: O(1).
    init?(_ group: LayoutGroup) {
        guard group.subitems.count == 1, case .item(let item) = group.subitems[0], group.contentInsets == .zero,
            item.edgeSpacing.isEmpty, item.supplementaryItems.isEmpty, group.supplementaryItems.isEmpty
        else { return nil }
        switch group.kind {
        case .custom: return nil
        case .horizontal: axis = .horizontal
        case .vertical: axis = .vertical
        }
        mainEstimated = group.layoutSize.dimension(axis).isEstimated
        // Without a count, only an estimated length stops the group after one item.
        guard group.count == 1 || (group.count == nil && mainEstimated) else { return nil }
        itemSize = item.layoutSize
        insets = item.contentInsets
        counted = group.count != nil
        crossEstimated = group.layoutSize.dimension(axis.other).isEstimated
    }
}

extension GroupPlacer {
    /// Lays out a group described by `plan` at `origin`: the same result as `place`, without its bookkeeping.
    ///
    /// - Complexity: O(1) plus one measuring call.
    mutating func placeSingle(_ plan: SingleItemPlan, size: Size, origin: Point, nextItem: inout Int) -> Size {
        let axis = plan.axis
        var proposed = plan.itemSize.resolved(in: size)
        if plan.counted { proposed = axis.size(main: axis.main(size), cross: axis.cross(proposed)) }
        if !plan.crossEstimated {
            proposed = axis.size(main: axis.main(proposed), cross: min(axis.cross(proposed), axis.cross(size)))
        }
        // A count fixes the length along the axis, so that axis is not measured.
        let fitting = FittingSize(
            proposed: proposed,
            isWidthEstimated: plan.itemSize.widthDimension.isEstimated && !(plan.counted && axis == .horizontal),
            isHeightEstimated: plan.itemSize.heightDimension.isEstimated && !(plan.counted && axis == .vertical))
        let indexPath = ElementIndexPath(item: nextItem, section: section)
        let measured = fitting.measured(by: measure, category: .cell, elementKind: nil, indexPath: indexPath)
        buffer.itemFrames.append(fitting.itemFrame(origin: origin, size: measured, contentInsets: plan.insets))
        nextItem += 1
        return axis.size(
            main: plan.mainEstimated ? axis.main(measured) : axis.main(size),
            cross: plan.crossEstimated ? axis.cross(measured) : axis.cross(size))
    }
}
