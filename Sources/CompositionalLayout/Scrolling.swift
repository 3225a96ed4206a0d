extension LayoutEngine {
    /// Where boundary items with `pinToVisibleBounds` sit when the layout is scrolled to `contentOffset`.
    ///
    /// A pinned header stays at the top of the visible area until its section's end pushes it up; a pinned footer stays
    /// at the bottom until its section's start pushes it down. Only sections overlapping the visible area are answered.
    /// O(log sections + visible sections).
    public func pinnedSupplementaries(contentOffset: Point) -> [PinnedSupplementary] {
        let a = scrollAxis
        let viewport = a.main(containerSize)
        let top = a == .vertical ? contentOffset.y : contentOffset.x
        let bottom = top + viewport
        var result: [PinnedSupplementary] = []
        for g in globalItems where g.pins {
            var attributes = g.attributes
            let len = a.main(attributes.frame.size)
            let target =
                g.atStart ? max(a.minMain(attributes.frame), top) : min(a.minMain(attributes.frame), bottom - len)
            attributes.frame = a.offset(attributes.frame, main: target - a.minMain(attributes.frame), cross: 0)
            result.append(
                PinnedSupplementary(attributes: attributes, isDisplaced: target != a.minMain(g.attributes.frame)))
        }
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sectionOffsets[mid] + sections[mid].mainLength < top { lo = mid + 1 } else { hi = mid }
        }
        var s = lo
        while s < sections.count, sectionOffsets[s] <= bottom {
            let start = sectionOffsets[s], end = start + sections[s].mainLength
            for b in sections[s].boundaryItems where b.pins {
                var attributes = b.attributes.offsetBy(origin(s))
                let natural = a.minMain(attributes.frame), len = a.main(attributes.frame.size)
                let target =
                    b.atStart
                    ? min(max(natural, top), max(natural, end - len))
                    : max(min(natural, bottom - len), min(natural, start))
                attributes.frame = a.offset(attributes.frame, main: target - natural, cross: 0)
                attributes.zIndex = max(attributes.zIndex, 2)
                result.append(PinnedSupplementary(attributes: attributes, isDisplaced: target != natural))
            }
            s += 1
        }
        return result
    }

    /// The offset a sideways-scrolling section settles at when a drag ends at `proposed` with `velocity` (points per second,
    /// positive towards the trailing end), starting from `current`. Offsets are along the section's own scroll axis.
    ///
    /// `none`/`continuous` keep the proposal; `continuousGroupLeadingBoundary` snaps to the nearest group leading edge in the
    /// direction of the velocity; `paging` moves one container width from `current`; `groupPaging` moves one group from the
    /// group nearest `current`; `groupPagingCentered` does so with the group centred. Zero velocity settles at the candidate
    /// nearest `proposed`. Results are clamped to the scrollable range. O(groups).
    public func targetContentOffset(
        orthogonalSection section: Int, proposed: Double, current: Double, velocity: Double
    ) -> Double? {
        guard let geometry = orthogonalSection(section) else { return nil }
        let s = sections[section]
        let c = scrollAxis.other
        let viewport = c.main(geometry.frame.size)
        let maxOffset = max(0, c.main(geometry.contentSize) - viewport)
        func clamp(_ v: Double) -> Double { min(max(v, 0), maxOffset) }
        switch geometry.behavior {
        case .none, .continuous:
            return clamp(proposed)
        case .paging:
            guard viewport > 0 else { return 0 }
            let page = (current / viewport).rounded()
            let target = velocity > 0 ? page + 1 : velocity < 0 ? page - 1 : (proposed / viewport).rounded()
            return clamp(target * viewport)
        case .continuousGroupLeadingBoundary, .groupPaging, .groupPagingCentered:
            let candidates = geometry.groupFrames.map { g -> Double in
                geometry.behavior == .groupPagingCentered
                    ? clamp((c.minMain(g) + c.maxMain(g)) / 2 - viewport / 2)
                    : clamp(c.minMain(g) - s.orthogonalLeadingPadding)
            }
            guard !candidates.isEmpty else { return clamp(proposed) }
            func nearest(_ v: Double) -> Int {
                var best = 0
                for (i, x) in candidates.enumerated() where abs(x - v) < abs(candidates[best] - v) { best = i }
                return best
            }
            if geometry.behavior == .continuousGroupLeadingBoundary {
                if velocity > 0 { return candidates.first { $0 >= proposed } ?? candidates.last! }
                if velocity < 0 { return candidates.last { $0 <= proposed } ?? candidates.first! }
                return candidates[nearest(proposed)]
            }
            let from = nearest(current)
            let index = velocity > 0 ? from + 1 : velocity < 0 ? from - 1 : nearest(proposed)
            return candidates[min(max(index, 0), candidates.count - 1)]
        }
    }
}
