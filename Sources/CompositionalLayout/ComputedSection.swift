/// One section after layout; every frame is relative to the section's origin.
struct ComputedSection: Sendable {
    var descriptor: LayoutSection?
    var sectionIndex = 0
    var itemCount = 0
    /// Length along the scroll axis, including boundary items that extend it.
    var mainLength = 0.0
    /// Item frames and item- or group-anchored supplementaries.
    var buffer = SectionBuffer()
    /// Top-level group frames; they advance along `groupAxis` and never go backwards.
    var groupFrames: [Rect] = []
    /// The first item and the first supplementary of each top-level group, for binary search.
    var groupFirstItem: [Int] = []
    var groupFirstSupplementary: [Int] = []
    /// How far any element of a group reaches before / past the group's frame along `groupAxis` (for binary search).
    var leadOverhang = 0.0
    var trailOverhang = 0.0
    /// Smallest and largest main-axis coordinate of any element, for the section-level search.
    var extentMin = 0.0
    var extentMax = 0.0
    /// Headers, then footers.
    var boundaryItems: [BoundaryPlacement] = []
    var decorations: [LayoutAttributes] = []
    /// The sideways scroller of an orthogonal section; nil for a section that scrolls with the layout.
    var orthogonal: OrthogonalScroller?
    /// The axis top-level groups follow one another along: the scroll axis, or across it when orthogonal.
    var groupAxis: Axis = .vertical
    /// The geometry and headers of the first layout, reused on re-layout: they precede every item and depend on
    /// neither item sizes nor counts, so an invalidation never measures them again.
    var geometry: SectionGeometry?
}

/// The sideways scroller of an orthogonal section.
struct OrthogonalScroller: Sendable {
    /// The scroller's frame in the section.
    var frame: Rect
    /// Its scrollable content size, padding included.
    var contentSize: Size
    /// Space before the first and after the last group along the sideways scroll (used by paging).
    var leadingPadding: Double
    var trailingPadding: Double
}

extension ComputedSection {
    /// The items of top-level group `group`.
    ///
    /// - Complexity: O(1).
    func items(ofGroup group: Int) -> Range<Int> {
        let end = group + 1 < groupFirstItem.count ? groupFirstItem[group + 1] : buffer.itemFrames.count
        return groupFirstItem[group]..<end
    }

    /// The supplementaries (in `buffer`) of top-level group `group`.
    ///
    /// - Complexity: O(1).
    func supplementaries(ofGroup group: Int) -> Range<Int> {
        let end =
            group + 1 < groupFirstSupplementary.count
            ? groupFirstSupplementary[group + 1] : buffer.supplementaries.count
        return groupFirstSupplementary[group]..<end
    }

    /// The attributes of item `item`, offset by the section's `origin`.
    ///
    /// - Complexity: O(1).
    func itemAttributes(_ item: Int, origin: Point) -> LayoutAttributes {
        LayoutAttributes(
            category: .cell, elementKind: nil, indexPath: ElementIndexPath(item: item, section: sectionIndex),
            frame: buffer.itemFrames[item].offsetBy(dx: origin.x, dy: origin.y),
            zIndex: buffer.itemZIndices[item] ?? 0)
    }
}
