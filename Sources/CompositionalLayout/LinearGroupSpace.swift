/// What stays fixed while one linear group places its children: its axis, the area inside its content insets, its
/// spacing, and which of its axes are estimated.
struct LinearGroupSpace {
    let group: LayoutGroup
    /// The axis children follow one another along.
    let axis: Axis
    /// The group's size inside its content insets, and where that area starts.
    let inner: Size
    let innerOrigin: Point
    /// The length along `axis` the children share.
    let available: Double
    /// Spacing between consecutive children; fixed 0 when the group sets none.
    let spacing: LayoutSpacing
    /// An estimated axis grows to fit the children instead of limiting them.
    let isMainEstimated: Bool
    let isCrossEstimated: Bool

    init(group: LayoutGroup, axis: Axis, size: Size, origin: Point) {
        self.group = group
        self.axis = axis
        let insets = group.contentInsets
        inner = Size(
            width: max(0, size.width - insets.leading - insets.trailing),
            height: max(0, size.height - insets.top - insets.bottom))
        innerOrigin = Point(x: origin.x + insets.leading, y: origin.y + insets.top)
        available = axis.main(inner)
        spacing = group.interItemSpacing ?? .fixed(0)
        isMainEstimated = group.layoutSize.dimension(axis).isEstimated
        isCrossEstimated = group.layoutSize.dimension(axis.other).isEstimated
    }

    /// The child at `slot`, or nil once the group is complete: a count repeats its one subitem that many times, an
    /// estimated length takes each subitem once, and otherwise the subitems repeat for as long as they fit.
    ///
    /// - Complexity: O(1).
    func child(at slot: Int) -> LayoutGroupChild? {
        if let count = group.count { return slot < count ? group.subitems[0] : nil }
        if isMainEstimated && slot >= group.subitems.count { return nil }
        return group.subitems[slot % group.subitems.count]
    }

    /// The size offered to `child` before it is placed: its own resolved size, limited so that the child and its
    /// edge spacing fit the group on every axis the group does not estimate.
    ///
    /// - Complexity: O(1).
    func proposedSize(of child: LayoutGroupChild, margins: ChildMargins) -> Size {
        var proposed = child.layoutSize.resolved(in: inner)
        if let count = group.count {
            // Edge spacing of the repeated subitem is space too, so the copies still fit the group.
            let copies = Double(count)
            let shared = available - spacing.minimum * (copies - 1) - copies * (margins.lead + margins.trail)
            proposed = axis.size(main: max(0, shared / copies), cross: axis.cross(proposed))
        } else if !isMainEstimated {
            // Edge spacing is space too: a child is at most as long as the group leaves it, so even a first child
            // (which always goes in) ends inside the group.
            let room = max(0, available - margins.lead - margins.trail)
            proposed = axis.size(main: min(axis.main(proposed), room), cross: axis.cross(proposed))
        }
        if !isCrossEstimated {
            let room = max(0, axis.cross(inner) - margins.crossLead - margins.crossTrail)
            proposed = axis.size(main: axis.main(proposed), cross: min(axis.cross(proposed), room))
        }
        return proposed
    }

    /// Where a child starts, given its position along the axis and its edge spacing across it.
    func childOrigin(mainPosition: Double, crossLead: Double) -> Point {
        axis == .horizontal
            ? Point(x: innerOrigin.x + mainPosition, y: innerOrigin.y + crossLead)
            : Point(x: innerOrigin.x + crossLead, y: innerOrigin.y + mainPosition)
    }
}
