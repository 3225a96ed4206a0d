/// Computes and answers a compositional layout for a container size and item counts.
///
/// Frames are kept section-relative in flat arrays with one origin per section, so a change re-lays out only the
/// changed section from the changed group on and then moves later sections by updating their origins.
public struct LayoutEngine: Sendable {
    public let layout: CompositionalLayout
    public let environment: LayoutEnvironment
    public let measure: SizeMeasurer?
    public private(set) var itemCounts: [Int]
    /// The size of the scrollable content, as `collectionViewContentSize`.
    public private(set) var contentSize = Size.zero
    /// Suspicious descriptors found while laying out, such as `fractionalWidth(160)`.
    public private(set) var diagnostics: [LayoutDiagnostic] = []
    var sections: [ComputedSection] = []
    /// Main-axis offset of each section's origin.
    var sectionOffsets: [Double] = []
    var globalItems: [BoundaryPlacement] = []
    /// Layout-wide headers, placed once: they precede every section, so re-layout never measures them again.
    var globalHeaders: [BoundaryPlacement]?
    /// How far any section's elements reach before its origin and past its length.
    var sectionReach = (before: 0.0, beyond: 0.0)
    var scrollAxis: Axis { layout.configuration.scrollDirection.axis }
    var containerSize: Size { environment.containerSize }

    /// Lays out `layout` in a container of `containerSize`. Throws `LayoutError` for invalid descriptors. O(items).
    public init(
        layout: CompositionalLayout, containerSize: Size, itemCounts: [Int], measure: SizeMeasurer? = nil
    ) throws(LayoutError) {
        try self.init(
            layout: layout, environment: LayoutEnvironment(containerSize: containerSize), itemCounts: itemCounts,
            measure: measure)
    }

    /// Lays out `layout` in `environment` (container size, safe area, margins). O(items).
    public init(
        layout: CompositionalLayout, environment: LayoutEnvironment, itemCounts: [Int], measure: SizeMeasurer? = nil
    ) throws(LayoutError) {
        let size = environment.containerSize
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw .invalidContainer(size)
        }
        for (s, n) in itemCounts.enumerated() where n < 0 { throw .negativeItemCount(section: s, count: n) }
        self.layout = layout
        self.environment = environment
        self.itemCounts = itemCounts
        self.measure = measure
        var validator = DescriptorValidator()
        try validator.check(layout.configuration)
        var descriptors: [LayoutSection?] = []
        descriptors.reserveCapacity(itemCounts.count)
        var validated: LayoutSection?
        for s in 0..<itemCounts.count {
            let d = layout.section(at: s, environment: environment)
            if let d {
                // Repeated descriptors (uniform layouts, lists) are validated once.
                if d != validated {
                    try validator.check(d, "section[\(s)]")
                    validated = d
                }
            } else {
                validator.diagnostics.append(
                    LayoutDiagnostic(
                        descriptor: "section[\(s)]", message: "the section provider returned nil; the section is empty")
                )
            }
            descriptors.append(d)
        }
        diagnostics = validator.diagnostics
        let layouter = makeLayouter()
        sections = descriptors.enumerated().map { s, d in layouter.layout(d, index: s, itemCount: itemCounts[s]) }
        restack()
    }

    func makeLayouter() -> SectionLayouter {
        SectionLayouter(scrollAxis: scrollAxis, container: containerSize, environment: environment, measure: measure)
    }

    /// Recomputes section origins, global boundary items and the content size. O(sections).
    mutating func restack() {
        let a = scrollAxis
        let config = layout.configuration
        if globalHeaders == nil { globalHeaders = globalBoundary(atStart: true, at: 0) }
        var global = globalHeaders ?? []
        var cursor = global.reduce(0.0) { max($0, a.maxMain($1.attributes.frame)) }
        sectionOffsets = []
        sectionOffsets.reserveCapacity(sections.count)
        sectionReach = (0, 0)
        for (s, section) in sections.enumerated() {
            sectionReach.before = max(sectionReach.before, -section.extentMin)
            sectionReach.beyond = max(sectionReach.beyond, section.extentMax - section.mainLength)
            sectionOffsets.append(cursor)
            cursor += section.mainLength
            if s + 1 < sections.count { cursor += config.interSectionSpacing }
        }
        let footers = globalBoundary(atStart: false, at: cursor)
        cursor = footers.reduce(cursor) { max($0, a.maxMain($1.attributes.frame)) }
        global += footers
        globalItems = global
        contentSize = a.size(main: cursor, cross: a.cross(containerSize))
    }

    private func globalBoundary(atStart: Bool, at main: Double) -> [BoundaryPlacement] {
        let a = scrollAxis
        var ordinals: [String: Int] = [:]
        var result: [BoundaryPlacement] = []
        for item in layout.configuration.boundarySupplementaryItems {
            let ordinal = ordinals[item.elementKind, default: 0]
            ordinals[item.elementKind] = ordinal + 1
            let (isStart, align) = SectionLayouter.classify(item.alignment, scrollAxis: a)
            guard isStart == atStart else { continue }
            let indexPath = ElementIndexPath(item: ordinal, section: 0)
            var size = item.layoutSize.resolved(in: containerSize)
            let wEst = item.layoutSize.widthDimension.isEstimated, hEst = item.layoutSize.heightDimension.isEstimated
            if wEst || hEst, let measure,
                let m = measure(
                    MeasurementRequest(
                        category: .supplementaryView, elementKind: item.elementKind,
                        indexPath: indexPath, proposedSize: size, isWidthEstimated: wEst, isHeightEstimated: hEst))
            {
                if wEst, m.width.isFinite, m.width >= 0 { size.width = m.width }
                if hEst, m.height.isFinite, m.height >= 0 { size.height = m.height }
            }
            let crossRoom = a.cross(containerSize) - a.cross(size)
            let cross = align < 0 ? 0 : align > 0 ? crossRoom : crossRoom / 2
            let frame = a.rect(main: main, cross: cross, mainLength: a.main(size), crossLength: a.cross(size))
                .offsetBy(dx: item.offset.x, dy: item.offset.y).inset(by: item.contentInsets)
            result.append(
                BoundaryPlacement(
                    attributes: LayoutAttributes(
                        category: .supplementaryView, elementKind: item.elementKind,
                        indexPath: indexPath, frame: frame, zIndex: item.zIndex), pins: item.pinToVisibleBounds,
                    atStart: atStart))
        }
        return result
    }

    /// The origin of section `s` in layout coordinates. O(1).
    func origin(_ s: Int) -> Point {
        scrollAxis == .vertical ? Point(x: 0, y: sectionOffsets[s]) : Point(x: sectionOffsets[s], y: 0)
    }

    // MARK: Invalidation

    /// Re-lays out after the measured size of one item changed: only its section from its group on, then later origins. O(items after it + sections).
    public mutating func invalidateItem(at indexPath: ElementIndexPath) {
        guard sections.indices.contains(indexPath.section) else { return }
        makeLayouter().resume(&sections[indexPath.section], fromItem: max(0, indexPath.item))
        restack()
    }

    /// Changes one section's item count and re-lays out from the first affected group. O(items after it + sections).
    public mutating func setItemCount(_ count: Int, inSection section: Int) throws(LayoutError) {
        guard count >= 0 else { throw .negativeItemCount(section: section, count: count) }
        guard sections.indices.contains(section) else { return }
        let old = itemCounts[section]
        itemCounts[section] = count
        sections[section].itemCount = count
        makeLayouter().resume(&sections[section], fromItem: max(0, min(old, count) - 1))
        restack()
    }

    // MARK: Queries

    /// Number of sections laid out.
    public var numberOfSections: Int { sections.count }

    /// The cell at `indexPath`, as `layoutAttributesForItem(at:)`. O(1).
    public func attributesForItem(at indexPath: ElementIndexPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let s = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < s.buffer.itemFrames.count else { return nil }
        let o = origin(indexPath.section)
        return LayoutAttributes(
            category: .cell, elementKind: nil, indexPath: indexPath,
            frame: s.buffer.itemFrames[indexPath.item].offsetBy(dx: o.x, dy: o.y),
            zIndex: s.buffer.itemZIndices[indexPath.item] ?? 0)
    }

    /// A supplementary view (section or layout boundary item, or an item's supplementary) of `kind`. O(log groups + supplementaries of one group).
    public func attributesForSupplementary(ofKind kind: String, at indexPath: ElementIndexPath) -> LayoutAttributes? {
        if sections.indices.contains(indexPath.section) {
            let s = sections[indexPath.section]
            let o = origin(indexPath.section)
            if let b = s.boundaryItems.first(where: {
                $0.attributes.elementKind == kind && $0.attributes.indexPath == indexPath
            }) {
                return b.attributes.offsetBy(o)
            }
            if !s.groupFirstItem.isEmpty, indexPath.item >= 0 {
                let g = max(0, upperBound(s.groupFirstItem, indexPath.item) - 1)
                let end =
                    g + 1 < s.groupFirstSupplementary.count
                    ? s.groupFirstSupplementary[g + 1] : s.buffer.supplementaries.count
                for i in s.groupFirstSupplementary[g]..<end {
                    let a = s.buffer.supplementaries[i]
                    if a.elementKind == kind && a.indexPath == indexPath { return a.offsetBy(o) }
                }
            }
        }
        return globalItems.first { $0.attributes.elementKind == kind && $0.attributes.indexPath == indexPath }?
            .attributes
    }

    /// A decoration view of `kind`, as `layoutAttributesForDecorationView(ofKind:at:)`. O(decorations of the section).
    public func attributesForDecoration(ofKind kind: String, at indexPath: ElementIndexPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let o = origin(indexPath.section)
        return sections[indexPath.section].decorations.first { $0.elementKind == kind && $0.indexPath == indexPath }?
            .offsetBy(o)
    }

    /// The geometry of an orthogonally scrolling section, or nil for a section that does not scroll sideways. O(groups).
    public func orthogonalSection(_ section: Int) -> OrthogonalSectionGeometry? {
        guard sections.indices.contains(section), let orth = sections[section].orthogonal,
            let d = sections[section].descriptor
        else { return nil }
        let o = origin(section)
        let frame = orth.frame.offsetBy(dx: o.x, dy: o.y)
        let groups = sections[section].groupFrames.map { $0.offsetBy(dx: o.x - frame.minX, dy: o.y - frame.minY) }
        return OrthogonalSectionGeometry(
            section: section, behavior: d.orthogonalScrollingBehavior, frame: frame,
            contentSize: orth.contentSize, groupFrames: groups)
    }

    /// The frame of a whole section (its boundary items included) in layout coordinates. O(1).
    public func sectionFrame(_ section: Int) -> Rect? {
        guard sections.indices.contains(section) else { return nil }
        let a = scrollAxis
        let o = origin(section)
        return a.rect(
            main: a == .vertical ? o.y : o.x, cross: 0, mainLength: sections[section].mainLength,
            crossLength: a.cross(containerSize))
    }

    /// Every attribute, by a full scan; the reference that `attributes(in:)` must agree with. O(all elements).
    public func allAttributes() -> [LayoutAttributes] {
        var result: [LayoutAttributes] = globalItems.map(\.attributes)
        for (si, s) in sections.enumerated() {
            let o = origin(si)
            for (i, f) in s.buffer.itemFrames.enumerated() {
                result.append(
                    LayoutAttributes(
                        category: .cell, elementKind: nil, indexPath: ElementIndexPath(item: i, section: si),
                        frame: f.offsetBy(dx: o.x, dy: o.y), zIndex: s.buffer.itemZIndices[i] ?? 0))
            }
            result += s.buffer.supplementaries.map { $0.offsetBy(o) }
            result += s.boundaryItems.map { $0.attributes.offsetBy(o) }
            result += s.decorations.map { $0.offsetBy(o) }
        }
        return result
    }
}
