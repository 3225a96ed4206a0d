extension ComputedSection {
    #if DEBUG
    /// Traps when the section breaks an invariant that queries and re-layout rely on. Debug builds only; the
    /// property tests run it over random layouts.
    ///
    /// - Complexity: O(elements of the section).
    func _checkInvariants(scrollAxis: Axis) {
        let tolerance = 1e-6
        precondition(mainLength.isFinite && mainLength >= 0, "section \(sectionIndex): main length \(mainLength)")
        guard let descriptor else {
            precondition(buffer.itemFrames.isEmpty && groupFrames.isEmpty, "section \(sectionIndex): no descriptor")
            return
        }
        _checkGroupIndex()
        // Custom groups place items where their closure says (even with negative sizes, and possibly not at all).
        let hasCustomGroup = descriptor.group.containsCustomGroup
        precondition(
            buffer.itemFrames.count <= itemCount && (hasCustomGroup || buffer.itemFrames.count == itemCount),
            "section \(sectionIndex): \(buffer.itemFrames.count) frames for \(itemCount) items")
        precondition(
            (orthogonal != nil) == (descriptor.orthogonalScrollingBehavior != .none)
                && groupAxis == (orthogonal != nil ? scrollAxis.other : scrollAxis),
            "section \(sectionIndex): orthogonal scroller and group axis disagree with the descriptor")
        if !hasCustomGroup {
            for (item, frame) in buffer.itemFrames.enumerated() {
                precondition(frame._isValidFrame, "section \(sectionIndex): item \(item) has frame \(frame)")
            }
        }
        let elements =
            buffer.supplementaries + boundaryItems.map(\.attributes) + decorations
        for element in elements {
            precondition(element.frame._isValidFrame, "section \(sectionIndex): \(element)")
            precondition(element.indexPath.section == sectionIndex, "section \(sectionIndex): \(element)")
        }
        // Headers come first, footers after them.
        let firstFooter = boundaryItems.firstIndex { !$0.atStart } ?? boundaryItems.count
        precondition(
            boundaryItems[firstFooter...].allSatisfy { !$0.atStart }, "section \(sectionIndex): header after a footer")
        precondition(
            buffer.itemZIndices._keysAreBelow(buffer.itemFrames.count),
            "section \(sectionIndex): z-index of a missing item")
        _checkSearchBounds(scrollAxis: scrollAxis, tolerance: tolerance)
    }

    /// The per-group index: one first item and first supplementary per group, ascending, covering the buffer.
    private func _checkGroupIndex() {
        precondition(
            groupFirstItem.count == groupFrames.count && groupFirstSupplementary.count == groupFrames.count,
            "section \(sectionIndex): group index sizes differ")
        guard !groupFrames.isEmpty else {
            precondition(buffer.itemFrames.isEmpty, "section \(sectionIndex): items without groups")
            return
        }
        precondition(groupFirstItem[0] == 0, "section \(sectionIndex): the first group does not start at item 0")
        for group in groupFrames.indices {
            let items = items(ofGroup: group)
            // Every group holds at least one item, or layout would have stopped.
            precondition(!items.isEmpty, "section \(sectionIndex): group \(group) holds no item")
            precondition(items.upperBound <= buffer.itemFrames.count, "section \(sectionIndex): group \(group) items")
            let supplementaries = supplementaries(ofGroup: group)
            precondition(
                supplementaries.lowerBound <= supplementaries.upperBound
                    && supplementaries.upperBound <= buffer.supplementaries.count,
                "section \(sectionIndex): group \(group) supplementaries")
            // A supplementary belongs to an item of its group (the group's first item for a group's own).
            for index in supplementaries {
                let indexPath = buffer.supplementaries[index].indexPath
                precondition(
                    items.contains(indexPath.item),
                    "section \(sectionIndex): supplementary \(indexPath) stored with group \(group) (items \(items))")
            }
        }
    }

    /// What rect queries rely on: groups advance along the group axis, every element of a group lies within the
    /// group's frame widened by the overhangs, and every element lies within the section's extents.
    private func _checkSearchBounds(scrollAxis: Axis, tolerance: Double) {
        for group in groupFrames.indices {
            let frame = groupFrames[group]
            precondition(frame._isValidFrame, "section \(sectionIndex): group \(group) has frame \(frame)")
            if group > 0 {
                precondition(
                    groupAxis.minMain(frame) >= groupAxis.maxMain(groupFrames[group - 1]) - tolerance,
                    "section \(sectionIndex): group \(group) starts before the previous one ends")
            }
            let reachStart = groupAxis.minMain(frame) - leadOverhang - tolerance
            let reachEnd = groupAxis.maxMain(frame) + trailOverhang + tolerance
            let elementFrames =
                items(ofGroup: group).map { buffer.itemFrames[$0] }
                + supplementaries(ofGroup: group).map { buffer.supplementaries[$0].frame }
            for element in elementFrames {
                precondition(
                    groupAxis.minMain(element) >= reachStart && groupAxis.maxMain(element) <= reachEnd,
                    "section \(sectionIndex): \(element) outside group \(group) \(frame) and its overhangs")
            }
        }
        precondition(extentMin <= 0 && extentMax >= mainLength, "section \(sectionIndex): extents miss the section")
        let everyFrame =
            buffer.itemFrames + buffer.supplementaries.map(\.frame) + boundaryItems.map(\.attributes.frame)
            + decorations.map(\.frame)
        for frame in everyFrame where frame._isValidFrame {
            precondition(
                scrollAxis.minMain(frame) >= extentMin - tolerance
                    && scrollAxis.maxMain(frame) <= extentMax + tolerance,
                "section \(sectionIndex): \(frame) outside the extents \(extentMin)...\(extentMax)")
        }
    }
    #else
    @inline(__always)
    func _checkInvariants(scrollAxis: Axis) {}
    #endif
}

#if DEBUG
extension Rect {
    /// Finite, with no negative length.
    fileprivate var _isValidFrame: Bool {
        minX.isFinite && minY.isFinite && width.isFinite && height.isFinite && width >= 0 && height >= 0
    }
}

extension Dictionary where Key == Int {
    fileprivate func _keysAreBelow(_ bound: Int) -> Bool { keys.allSatisfy { $0 >= 0 && $0 < bound } }
}

extension LayoutGroup {
    /// True when this group or a nested one is custom.
    fileprivate var containsCustomGroup: Bool {
        if case .custom = kind { return true }
        return subitems.contains {
            if case .group(let group) = $0 { return group.containsCustomGroup }
            return false
        }
    }
}
#endif
