extension LayoutEngine {
    /// Every attribute whose frame intersects `rect`, as `layoutAttributesForElements(in:)`, at zero orthogonal
    /// offset.
    ///
    /// Binary searches sections by offset, then top-level groups by position; only candidates near the rect are
    /// tested.
    ///
    /// - Complexity: O(log sections + log groups + results).
    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for item in globalItems where item.attributes.frame.intersects(rect) { result.append(item.attributes) }
        guard !sections.isEmpty else { return result }
        // Elements may reach before a section's origin or past its end (offset badges); the widest reach of any
        // section bounds the search.
        var section = lowerBoundSection(scrollAxis.minMain(rect) - sectionReach.beyond)
        while section < sections.count, sectionOffsets[section] - sectionReach.before <= scrollAxis.maxMain(rect) {
            collect(section: section, in: rect, into: &result)
            section += 1
        }
        return result
    }

    /// First section whose end is at or after `value`.
    ///
    /// - Complexity: O(log sections).
    func lowerBoundSection(_ value: Double) -> Int {
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if sectionOffsets[middle] + sections[middle].mainLength < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Appends the elements of section `index` that intersect `rect`.
    ///
    /// - Complexity: O(boundary items + decorations + log groups + candidates).
    private func collect(section index: Int, in rect: Rect, into result: inout [LayoutAttributes]) {
        let section = sections[index]
        let sectionOrigin = origin(index)
        let local = rect.offsetBy(dx: -sectionOrigin.x, dy: -sectionOrigin.y)
        for item in section.boundaryItems where item.attributes.frame.intersects(local) {
            result.append(item.attributes.offsetBy(sectionOrigin))
        }
        for decoration in section.decorations where decoration.frame.intersects(local) {
            result.append(decoration.offsetBy(sectionOrigin))
        }
        // Groups advance along the group axis; widened by the overhangs, the first group that can reach the rect is
        // found by binary search and the scan stops at the first that starts past it.
        let groupAxis = section.groupAxis
        let searchStart = groupAxis.minMain(local) - section.trailOverhang
        let searchEnd = groupAxis.maxMain(local) + section.leadOverhang
        var low = 0
        var high = section.groupFrames.count
        while low < high {
            let middle = (low + high) / 2
            if groupAxis.maxMain(section.groupFrames[middle]) < searchStart { low = middle + 1 } else { high = middle }
        }
        var group = low
        while group < section.groupFrames.count, groupAxis.minMain(section.groupFrames[group]) <= searchEnd {
            for item in section.items(ofGroup: group) where section.buffer.itemFrames[item].intersects(local) {
                result.append(section.itemAttributes(item, origin: sectionOrigin))
            }
            for supplementary in section.supplementaries(ofGroup: group)
            where section.buffer.supplementaries[supplementary].frame.intersects(local) {
                result.append(section.buffer.supplementaries[supplementary].offsetBy(sectionOrigin))
            }
            group += 1
        }
    }
}
