/// Lays out sections along the scroll axis, each in its own coordinates.
///
/// A section is laid out in three passes:
/// 1. its geometry and headers, once (`geometry(for:index:)`): they depend on neither item sizes nor counts;
/// 2. its top-level groups, one after another, from the first group whose items changed (`resume(_:fromItem:)`);
/// 3. what follows the groups: the orthogonal scroller, footers, decorations and extents (`finish`).
struct SectionLayouter {
    let scrollAxis: Axis
    let container: Size
    let environment: LayoutEnvironment
    let measure: SizeMeasurer?

    /// Lays out a whole section.
    ///
    /// - Complexity: O(items).
    func layout(_ descriptor: LayoutSection?, index: Int, itemCount: Int) -> ComputedSection {
        var section = ComputedSection()
        section.descriptor = descriptor
        section.sectionIndex = index
        section.itemCount = itemCount
        guard descriptor != nil else { return section }
        resume(&section, fromItem: 0)
        return section
    }

    /// Re-lays out `section` from the top-level group holding `fromItem` on; earlier groups are kept.
    ///
    /// - Complexity: O(items from that group on).
    func resume(_ section: inout ComputedSection, fromItem: Int) {
        guard let descriptor = section.descriptor else { return }
        if section.geometry == nil { section.geometry = geometry(for: descriptor, index: section.sectionIndex) }
        guard let geometry = section.geometry else { return }
        let groupAxis = geometry.isOrthogonal ? scrollAxis.other : scrollAxis
        section.groupAxis = groupAxis
        let keptGroups = dropGroups(of: &section, fromItem: fromItem)

        // Groups follow the last kept one; the first starts after the headers (or the scroller's padding).
        let firstPosition = geometry.isOrthogonal ? geometry.scrollLeadingPadding : geometry.contentStart
        var position =
            section.groupFrames.last.map { groupAxis.maxMain($0) + descriptor.interGroupSpacing } ?? firstPosition
        let crossPosition = geometry.isOrthogonal ? geometry.contentStart : geometry.crossStart
        var placer = GroupPlacer(
            section: section.sectionIndex, itemCount: section.itemCount, measure: measure, buffer: section.buffer)
        // The section gives its buffer up, so the placer appends to a uniquely referenced one.
        section.buffer = SectionBuffer()
        let proposed = descriptor.group.layoutSize.resolved(in: geometry.groupContainer)
        // Static groups are laid out once and stamped; a lone-item row takes the short path; anything else is
        // placed group by group.
        let template = descriptor.group.isStatic ? GroupTemplate(group: descriptor.group, size: proposed) : nil
        let singleItemPlan = template == nil ? SingleItemPlan(descriptor.group) : nil
        let templateReach = template?.reach(groupAxis: groupAxis, scrollAxis: scrollAxis)
        // Kept groups keep their (possibly larger) extents, which stays correct because queries check every
        // candidate.
        var extents = SectionExtents()
        if keptGroups > 0 {
            extents = SectionExtents(
                leadOverhang: section.leadOverhang, trailOverhang: section.trailOverhang,
                low: min(0, section.extentMin), high: section.extentMax)
        }
        var nextItem = placer.buffer.itemFrames.count
        reserveCapacity(&section, buffer: &placer.buffer, itemsPerGroup: template?.frames.count ?? 1)
        while nextItem < section.itemCount {
            let origin = groupAxis.point(main: position, cross: crossPosition)
            let firstItem = nextItem
            let firstSupplementary = placer.buffer.supplementaries.count
            let size: Size
            if let template {
                placer.stamp(template, origin: origin, nextItem: &nextItem)
                size = template.size
            } else if let singleItemPlan {
                size = placer.placeSingle(singleItemPlan, size: proposed, origin: origin, nextItem: &nextItem)
            } else {
                size = placer.place(descriptor.group, size: proposed, origin: origin, nextItem: &nextItem)
            }
            // A group that takes no item (a custom group answering no frames) would repeat forever.
            guard nextItem > firstItem else { break }
            let groupFrame = Rect(origin: origin, size: size)
            section.groupFrames.append(groupFrame)
            section.groupFirstItem.append(firstItem)
            section.groupFirstSupplementary.append(firstSupplementary)
            position += groupAxis.main(size) + descriptor.interGroupSpacing
            if let templateReach {
                extents.include(templateReach, groupFrame: groupFrame, scrollAxis: scrollAxis)
            } else {
                extents.include(
                    groupFrame: groupFrame, items: firstItem..<nextItem,
                    supplementaries: firstSupplementary..<placer.buffer.supplementaries.count, of: placer.buffer,
                    groupAxis: groupAxis, scrollAxis: scrollAxis)
            }
        }
        section.leadOverhang = extents.leadOverhang
        section.trailOverhang = extents.trailOverhang
        section.extentMin = extents.low
        section.extentMax = extents.high
        section.buffer = placer.buffer
        finish(&section, descriptor: descriptor, geometry: geometry)
    }

    /// Drops the top-level groups from the one holding `fromItem` on, with their items and supplementaries;
    /// returns how many groups are kept.
    ///
    /// - Complexity: O(log groups + dropped elements).
    private func dropGroups(of section: inout ComputedSection, fromItem: Int) -> Int {
        var kept = 0
        if fromItem > 0, !section.groupFirstItem.isEmpty {
            kept = max(0, upperBound(section.groupFirstItem, fromItem) - 1)
        }
        let keptItems =
            kept < section.groupFirstItem.count ? section.groupFirstItem[kept] : section.buffer.itemFrames.count
        let keptSupplementaries =
            kept < section.groupFirstSupplementary.count
            ? section.groupFirstSupplementary[kept] : section.buffer.supplementaries.count
        section.buffer.truncate(items: keptItems, supplementaries: keptSupplementaries)
        if section.groupFrames.count > kept {
            section.groupFrames.removeSubrange(kept...)
            section.groupFirstItem.removeSubrange(kept...)
            section.groupFirstSupplementary.removeSubrange(kept...)
        }
        return kept
    }

    /// Reserves room for the section's remaining items and groups, so that appending never reallocates.
    private func reserveCapacity(_ section: inout ComputedSection, buffer: inout SectionBuffer, itemsPerGroup: Int) {
        let groups = section.groupFrames.count
        let expectedGroups = (section.itemCount - buffer.itemFrames.count) / max(1, itemsPerGroup) + 1
        buffer.itemFrames.reserveCapacity(section.itemCount)
        section.groupFrames.reserveCapacity(groups + expectedGroups)
        section.groupFirstItem.reserveCapacity(groups + expectedGroups)
        section.groupFirstSupplementary.reserveCapacity(groups + expectedGroups)
    }

    /// Places the orthogonal scroller, footers and decorations once the groups are known, and widens the extents
    /// by them.
    ///
    /// - Complexity: O(groups + boundary items + decorations).
    private func finish(_ section: inout ComputedSection, descriptor: LayoutSection, geometry: SectionGeometry) {
        let crossAxis = scrollAxis.other
        var contentEnd = geometry.contentStart
        if geometry.isOrthogonal {
            // The scroller is as deep as its deepest group and as long as its groups plus its padding.
            var depth = 0.0
            for groupFrame in section.groupFrames {
                depth = max(depth, scrollAxis.maxMain(groupFrame) - geometry.contentStart)
            }
            contentEnd = geometry.contentStart + depth
            let lastGroupEnd =
                section.groupFrames.last.map { crossAxis.maxMain($0) }
                ?? geometry.scrollLeadingPadding - descriptor.interGroupSpacing
            let scrollLength = max(lastGroupEnd, geometry.scrollLeadingPadding) + geometry.scrollTrailingPadding
            section.orthogonal = OrthogonalScroller(
                frame: scrollAxis.rect(
                    main: geometry.contentStart, cross: 0, mainLength: depth, crossLength: geometry.sectionCross),
                contentSize: scrollAxis.size(main: depth, cross: scrollLength),
                leadingPadding: geometry.scrollLeadingPadding, trailingPadding: geometry.scrollTrailingPadding)
        } else {
            section.orthogonal = nil
            if let last = section.groupFrames.last { contentEnd = scrollAxis.maxMain(last) }
        }
        let footerStart = contentEnd + scrollAxis.end(descriptor.contentInsets)
        let footers = boundaryPlacer(geometry, section: section.sectionIndex)
            .place(descriptor.boundarySupplementaryItems, headers: false, at: footerStart)
        var endExtent = 0.0
        for footer in footers where footer.extendsBoundary {
            endExtent = max(endExtent, scrollAxis.main(footer.attributes.frame.size))
        }
        section.mainLength = footerStart + endExtent
        section.boundaryItems = geometry.headers
        for var footer in footers {
            // A footer that does not extend the section ends at the section's end, over the content.
            if !footer.extendsBoundary {
                let frame = footer.attributes.frame
                let shift = section.mainLength - scrollAxis.main(frame.size) - scrollAxis.minMain(frame)
                footer.attributes.frame = scrollAxis.offset(frame, main: shift, cross: 0)
            }
            section.boundaryItems.append(footer)
        }
        section.decorations = decorations(of: descriptor, section: section, geometry: geometry)
        widenExtents(&section)
    }

    /// The section's decorations (backgrounds), covering its whole frame inset by their content insets.
    ///
    /// - Complexity: O(decorations).
    private func decorations(
        of descriptor: LayoutSection, section: ComputedSection, geometry: SectionGeometry
    ) -> [LayoutAttributes] {
        var ordinals: [String: Int] = [:]
        let sectionFrame = scrollAxis.rect(
            main: 0, cross: 0, mainLength: section.mainLength, crossLength: geometry.sectionCross)
        return descriptor.decorationItems.map { decoration in
            let ordinal = ordinals[decoration.elementKind, default: 0]
            ordinals[decoration.elementKind] = ordinal + 1
            return LayoutAttributes(
                category: .decorationView, elementKind: decoration.elementKind,
                indexPath: ElementIndexPath(item: ordinal, section: section.sectionIndex),
                frame: sectionFrame.inset(by: decoration.contentInsets), zIndex: decoration.zIndex)
        }
    }

    /// Widens the group extents found during placement by the section's length, boundary items and decorations.
    ///
    /// - Complexity: O(boundary items + decorations).
    private func widenExtents(_ section: inout ComputedSection) {
        var low = min(0, section.extentMin)
        var high = max(section.mainLength, section.extentMax)
        for boundaryItem in section.boundaryItems {
            low = min(low, scrollAxis.minMain(boundaryItem.attributes.frame))
            high = max(high, scrollAxis.maxMain(boundaryItem.attributes.frame))
        }
        for decoration in section.decorations {
            low = min(low, scrollAxis.minMain(decoration.frame))
            high = max(high, scrollAxis.maxMain(decoration.frame))
        }
        section.extentMin = low
        section.extentMax = high
    }
}

/// Index of the first element greater than `value` in an ascending array.
///
/// - Complexity: O(log n).
func upperBound(_ array: [Int], _ value: Int) -> Int {
    var low = 0
    var high = array.count
    while low < high {
        let middle = (low + high) / 2
        if array[middle] <= value { low = middle + 1 } else { high = middle }
    }
    return low
}
