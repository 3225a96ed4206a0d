extension LayoutEngine {
    /// Every attribute whose frame intersects `rect`, as `layoutAttributesForElements(in:)`, at zero orthogonal offset.
    ///
    /// Binary searches sections by offset, then top-level groups by position; only candidates near the rect are tested.
    /// O(log sections + log groups + results).
    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        let a = scrollAxis
        var result: [LayoutAttributes] = []
        for g in globalItems where g.attributes.frame.intersects(rect) { result.append(g.attributes) }
        guard !sections.isEmpty else { return result }
        let lo = a.minMain(rect), hi = a.maxMain(rect)
        // Extents may reach before a section's origin or past its end (offset badges); the widest reach bounds the search.
        let reachBefore = sectionReach.before
        var first = lowerBoundSection(lo - sectionReach.beyond)
        while first < sections.count, sectionOffsets[first] - reachBefore <= hi {
            collect(section: first, in: rect, into: &result)
            first += 1
        }
        return result
    }

    /// First section whose end is at or after `value`. O(log sections).
    private func lowerBoundSection(_ value: Double) -> Int {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sectionOffsets[mid] + sections[mid].mainLength < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private func collect(section si: Int, in rect: Rect, into result: inout [LayoutAttributes]) {
        let s = sections[si]
        let o = origin(si)
        let local = rect.offsetBy(dx: -o.x, dy: -o.y)
        for b in s.boundaryItems where b.attributes.frame.intersects(local) { result.append(b.attributes.offsetBy(o)) }
        for d in s.decorations where d.frame.intersects(local) { result.append(d.offsetBy(o)) }
        let ga = s.groupAxis
        let lo = ga.minMain(local) - s.trailOverhang, hi = ga.maxMain(local) + s.leadOverhang
        var low = 0, high = s.groupFrames.count
        while low < high {
            let mid = (low + high) / 2
            if ga.maxMain(s.groupFrames[mid]) < lo { low = mid + 1 } else { high = mid }
        }
        var g = low
        while g < s.groupFrames.count, ga.minMain(s.groupFrames[g]) <= hi {
            let itemEnd = g + 1 < s.groupFirstItem.count ? s.groupFirstItem[g + 1] : s.buffer.itemFrames.count
            for i in s.groupFirstItem[g]..<itemEnd where s.buffer.itemFrames[i].intersects(local) {
                result.append(
                    LayoutAttributes(
                        category: .cell, elementKind: nil, indexPath: ElementIndexPath(item: i, section: si),
                        frame: s.buffer.itemFrames[i].offsetBy(dx: o.x, dy: o.y), zIndex: s.buffer.itemZIndices[i] ?? 0)
                )
            }
            let suppEnd =
                g + 1 < s.groupFirstSupplementary.count
                ? s.groupFirstSupplementary[g + 1] : s.buffer.supplementaries.count
            for i in s.groupFirstSupplementary[g]..<suppEnd where s.buffer.supplementaries[i].frame.intersects(local) {
                result.append(s.buffer.supplementaries[i].offsetBy(o))
            }
            g += 1
        }
    }
}
