extension LayoutEngine {
    /// The offset a sideways-scrolling section settles at when a drag ends at `proposed` with `velocity` (points per
    /// second, positive towards the trailing end), starting from `current`. Offsets are along the section's own
    /// scroll axis.
    ///
    /// `none`/`continuous` keep the proposal; `continuousGroupLeadingBoundary` snaps to the nearest group leading
    /// edge in the direction of the velocity; `paging` moves one container width from `current`; `groupPaging`
    /// moves one group from the group nearest `current`; `groupPagingCentered` does so with the group centred. Zero
    /// velocity settles at the candidate nearest `proposed`. Results are clamped to the scrollable range.
    ///
    /// - Complexity: O(groups).
    public func targetContentOffset(
        orthogonalSection section: Int, proposed: Double, current: Double, velocity: Double
    ) -> Double? {
        guard let geometry = orthogonalSection(section) else { return nil }
        let sideways = scrollAxis.other
        let viewport = sideways.main(geometry.frame.size)
        let maxOffset = max(0, sideways.main(geometry.contentSize) - viewport)
        func clamp(_ offset: Double) -> Double { min(max(offset, 0), maxOffset) }
        switch geometry.behavior {
        case .none, .continuous:
            return clamp(proposed)
        case .paging:
            guard viewport > 0 else { return 0 }
            let page = (current / viewport).rounded()
            let target = velocity > 0 ? page + 1 : velocity < 0 ? page - 1 : (proposed / viewport).rounded()
            return clamp(target * viewport)
        case .continuousGroupLeadingBoundary, .groupPaging, .groupPagingCentered:
            let leadingPadding = sections[section].orthogonal?.leadingPadding ?? 0
            // The offsets that show a group at the leading edge (after the padding) or centred.
            let candidates = geometry.groupFrames.map { group -> Double in
                geometry.behavior == .groupPagingCentered
                    ? clamp((sideways.minMain(group) + sideways.maxMain(group)) / 2 - viewport / 2)
                    : clamp(sideways.minMain(group) - leadingPadding)
            }
            guard let firstCandidate = candidates.first, let lastCandidate = candidates.last else {
                return clamp(proposed)
            }
            func nearest(_ offset: Double) -> Int {
                var best = 0
                for (index, candidate) in candidates.enumerated()
                where abs(candidate - offset) < abs(candidates[best] - offset) {
                    best = index
                }
                return best
            }
            if geometry.behavior == .continuousGroupLeadingBoundary {
                if velocity > 0 { return candidates.first { $0 >= proposed } ?? lastCandidate }
                if velocity < 0 { return candidates.last { $0 <= proposed } ?? firstCandidate }
                return candidates[nearest(proposed)]
            }
            let from = nearest(current)
            let index = velocity > 0 ? from + 1 : velocity < 0 ? from - 1 : nearest(proposed)
            return candidates[min(max(index, 0), candidates.count - 1)]
        }
    }
}
