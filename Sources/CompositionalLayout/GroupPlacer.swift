/// Places the groups and items of one section into a `SectionBuffer`, in section-relative coordinates.
///
/// A linear (horizontal or vertical) group is laid out in passes:
/// 1. children are placed one after another along the group's axis while they fit (`placeLinear`), each leaving a
///    `ChildRecord`;
/// 2. `uniformAcrossSiblings` children take the largest length among them (`applyUniformMain`, `applyUniformCross`);
/// 3. leftover space along the axis is shared among flexible spacings (`distributeFlexibleSpace`);
/// 4. children with flexible edge spacing across the axis are aligned there (`alignCross`).
///
/// A custom group takes its frames from its closure. Static groups are laid out once as a `GroupTemplate` and
/// stamped; single-row groups take the shortcut of `SingleItemPlan`.
struct GroupPlacer {
    /// The section whose items are placed, for index paths and measuring requests.
    let section: Int
    /// How many items the section holds; placement stops there.
    let itemCount: Int
    /// Answers the fitting size of estimated elements; nil keeps the estimates.
    let measure: SizeMeasurer?
    /// Where frames and supplementaries go.
    var buffer: SectionBuffer
    /// Records of the children of the linear groups being laid out. A nested group's records sit above its parent's
    /// and are removed once it is done, so each group reads `records[base...]`.
    var records: [ChildRecord] = []

    init(section: Int, itemCount: Int, measure: SizeMeasurer?, buffer: SectionBuffer = SectionBuffer()) {
        self.section = section
        self.itemCount = itemCount
        self.measure = measure
        self.buffer = buffer
    }

    /// Lays out `group` with `size` (estimates on estimated axes) at `origin`, taking items from `nextItem` on, and
    /// returns the group's final size.
    ///
    /// - Complexity: O(slots of the group's tree).
    mutating func place(_ group: LayoutGroup, size: Size, origin: Point, nextItem: inout Int) -> Size {
        let firstItem = nextItem
        let finalSize: Size
        switch group.kind {
        case .custom(let custom):
            placeCustom(custom, size: size, origin: origin, nextItem: &nextItem)
            finalSize = size
        case .horizontal:
            finalSize = placeLinear(group, axis: .horizontal, size: size, origin: origin, nextItem: &nextItem)
        case .vertical:
            finalSize = placeLinear(group, axis: .vertical, size: size, origin: origin, nextItem: &nextItem)
        }
        // A group's supplementaries exist only while it holds an item; they take its first item's index path.
        // UIKit anchors them to the group's frame after its content insets, as badges anchor to an inset item.
        if nextItem > firstItem {
            let anchorFrame = Rect(origin: origin, size: finalSize).inset(by: group.contentInsets)
            let indexPath = ElementIndexPath(item: firstItem, section: section)
            appendSupplementaries(group.supplementaryItems, around: anchorFrame, indexPath: indexPath)
        }
        return finalSize
    }

    /// Appends the frames a custom group's closure gives, while items remain.
    private mutating func placeCustom(_ custom: CustomGroupLayout, size: Size, origin: Point, nextItem: inout Int) {
        for slot in custom.itemProvider(size) {
            guard nextItem < itemCount else { break }
            if slot.zIndex != 0 { buffer.itemZIndices[buffer.itemFrames.count] = slot.zIndex }
            buffer.itemFrames.append(slot.frame.offsetBy(dx: origin.x, dy: origin.y))
            nextItem += 1
        }
    }

    /// First pass of a linear group: places children along `axis` while items remain and they fit, then runs the
    /// adjusting passes over what was placed. Returns the group's final size.
    private mutating func placeLinear(
        _ group: LayoutGroup, axis: Axis, size: Size, origin: Point, nextItem: inout Int
    ) -> Size {
        let space = LinearGroupSpace(group: group, axis: axis, size: size, origin: origin)
        let base = records.count
        // End of the last child's trailing edge spacing along the axis, and the deepest child across it.
        var mainEnd = 0.0
        var crossExtent = 0.0
        var slot = 0
        var uniformRun = UniformRun()
        // Where the current round of subitems began: a repeating group whose round took no room along its
        // axis (children of no length, as in a viewport narrower than the insets) would repeat forever.
        var roundStart = 0.0
        while nextItem < itemCount, let child = space.child(at: slot) {
            if group.count == nil, slot > 0, slot % group.subitems.count == 0 {
                guard mainEnd > roundStart else { break }
                roundStart = mainEnd
            }
            let margins = ChildMargins(child.edgeSpacing, axis: axis)
            let proposed = space.proposedSize(of: child, margins: margins)
            let mainPosition = mainEnd + (slot == 0 ? 0 : space.spacing.minimum) + margins.lead
            let childOrigin = space.childOrigin(mainPosition: mainPosition, crossLead: margins.crossLead)
            let framesStart = buffer.itemFrames.count
            let supplementariesStart = buffer.supplementaries.count
            let itemBefore = nextItem
            let placedSize: Size
            var isUniformCross = false
            var isUniformMain = false
            var badges: [SupplementaryItem] = []
            switch child {
            case .item(let item):
                // A count fixes the length along the group's axis, so that axis is no longer measured.
                placedSize = placeItem(
                    item, size: proposed, origin: childOrigin, fixedAxis: group.count != nil ? axis : nil,
                    nextItem: &nextItem)
                if case .uniformAcrossSiblings = item.layoutSize.dimension(axis.other) { isUniformCross = true }
                if group.count == nil, case .uniformAcrossSiblings = item.layoutSize.dimension(axis) {
                    isUniformMain = true
                }
                if isUniformCross || isUniformMain { badges = item.supplementaryItems }
            case .group(let subgroup):
                placedSize = place(subgroup, size: proposed, origin: childOrigin, nextItem: &nextItem)
            }
            let childEnd = mainPosition + axis.main(placedSize) + margins.trail
            // Uniform siblings will all take the largest length, so a child fits only if the row still fits with
            // every uniform sibling (itself included) at that length. The first child always goes in.
            let runWithChild = isUniformMain ? uniformRun.adding(axis.main(placedSize)) : uniformRun
            let mustFit = group.count == nil && !space.isMainEstimated && slot > 0
            if mustFit && childEnd + runWithChild.growth > space.available + 1e-9 {
                buffer.truncate(items: framesStart, supplementaries: supplementariesStart)
                nextItem = itemBefore
                break
            }
            uniformRun = runWithChild
            records.append(
                ChildRecord(
                    frames: framesStart..<buffer.itemFrames.count,
                    supplementaries: supplementariesStart..<buffer.supplementaries.count,
                    mainLength: axis.main(placedSize), crossLead: margins.crossLead,
                    crossLength: axis.cross(placedSize), crossTrail: margins.crossTrail,
                    flexibleGapBefore: slot > 0 && space.spacing.isFlexible,
                    flexibleLead: margins.isLeadFlexible, flexibleTrail: margins.isTrailFlexible,
                    flexibleCrossLead: margins.isCrossLeadFlexible, flexibleCrossTrail: margins.isCrossTrailFlexible,
                    uniformMain: isUniformMain, uniformCross: isUniformCross, badges: badges))
            mainEnd = childEnd
            crossExtent = max(crossExtent, margins.crossLead + axis.cross(placedSize) + margins.crossTrail)
            slot += 1
        }
        if uniformRun.count > 0 { mainEnd += applyUniformMain(from: base, axis: axis, length: uniformRun.longest) }
        if records.count > base { crossExtent = applyUniformCross(from: base, axis: axis, crossExtent: crossExtent) }
        let innerCross = space.isCrossEstimated ? crossExtent : axis.cross(space.inner)
        let leftover = space.isMainEstimated ? 0 : space.available - mainEnd
        distributeFlexibleSpace(from: base, axis: axis, leftover: leftover)
        alignCross(from: base, axis: axis, innerCross: innerCross)
        records.removeSubrange(base...)
        let insets = group.contentInsets
        let main = space.isMainEstimated ? mainEnd + axis.start(insets) + axis.end(insets) : axis.main(size)
        let cross =
            space.isCrossEstimated
            ? crossExtent + axis.other.start(insets) + axis.other.end(insets) : axis.cross(size)
        return axis.size(main: main, cross: cross)
    }

    /// Lays out one item: measures estimated axes, then applies content insets on the others, and anchors its
    /// badges to the result. Returns the item's size before content insets.
    ///
    /// - Complexity: O(supplementaries of the item).
    private mutating func placeItem(
        _ item: LayoutItem, size: Size, origin: Point, fixedAxis: Axis?, nextItem: inout Int
    ) -> Size {
        let isWidthEstimated = item.layoutSize.widthDimension.isEstimated && fixedAxis != .horizontal
        let isHeightEstimated = item.layoutSize.heightDimension.isEstimated && fixedAxis != .vertical
        let indexPath = ElementIndexPath(item: nextItem, section: section)
        let fitting = FittingSize(
            proposed: size, isWidthEstimated: isWidthEstimated, isHeightEstimated: isHeightEstimated)
        let measured = fitting.measured(by: measure, category: .cell, elementKind: nil, indexPath: indexPath)
        let frame = fitting.itemFrame(origin: origin, size: measured, contentInsets: item.contentInsets)
        buffer.itemFrames.append(frame)
        appendSupplementaries(item.supplementaryItems, around: frame, indexPath: indexPath)
        nextItem += 1
        return measured
    }

    /// Appends `supplementaries` anchored to `frame`, all with `indexPath`.
    private mutating func appendSupplementaries(
        _ supplementaries: [SupplementaryItem], around frame: Rect, indexPath: ElementIndexPath
    ) {
        for supplementary in supplementaries {
            buffer.supplementaries.append(
                LayoutAttributes(
                    category: .supplementaryView, elementKind: supplementary.elementKind, indexPath: indexPath,
                    frame: supplementary.frame(in: frame), zIndex: supplementary.zIndex))
        }
    }
}
