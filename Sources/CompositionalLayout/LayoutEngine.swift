/// Computes and answers a compositional layout for a container size and item counts.
///
/// Frames are kept section-relative in flat arrays with one origin per section, so a change re-lays out only the
/// changed section from the changed group on and then moves later sections by updating their origins.
public struct LayoutEngine: Sendable {
    /// The layout being computed.
    public let layout: CompositionalLayout
    /// The container and its insets the layout was computed for.
    public let environment: LayoutEnvironment
    /// Answers the fitting size of estimated elements; nil keeps the estimates.
    public let measure: SizeMeasurer?
    /// The number of items of each section.
    public private(set) var itemCounts: [Int]
    /// The size of the scrollable content, as `collectionViewContentSize`.
    public private(set) var contentSize = Size.zero
    /// Suspicious descriptors found while laying out, such as `fractionalWidth(160)`.
    public private(set) var diagnostics: [LayoutDiagnostic] = []
    var sections: [ComputedSection] = []
    /// Main-axis offset of each section's origin.
    var sectionOffsets: [Double] = []
    /// Layout-wide headers and footers, in layout coordinates.
    var globalItems: [BoundaryPlacement] = []
    /// Layout-wide headers, placed once: they precede every section, so re-layout never measures them again.
    var globalHeaders: [BoundaryPlacement]?
    /// How far any section's elements reach before its origin and past its length.
    var sectionReach = SectionReach()
    var scrollAxis: Axis { layout.configuration.scrollDirection.axis }
    var containerSize: Size { environment.containerSize }

    /// Lays out `layout` in a container of `containerSize`. Throws `LayoutError` for invalid descriptors.
    ///
    /// - Complexity: O(items).
    public init(
        layout: CompositionalLayout, containerSize: Size, itemCounts: [Int], measure: SizeMeasurer? = nil
    ) throws(LayoutError) {
        try self.init(
            layout: layout, environment: LayoutEnvironment(containerSize: containerSize), itemCounts: itemCounts,
            measure: measure)
    }

    /// Lays out `layout` in `environment` (container size, safe area, margins). Throws `LayoutError` for invalid
    /// descriptors.
    ///
    /// - Complexity: O(items).
    public init(
        layout: CompositionalLayout, environment: LayoutEnvironment, itemCounts: [Int], measure: SizeMeasurer? = nil
    ) throws(LayoutError) {
        let size = environment.containerSize
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw .invalidContainer(size)
        }
        for (section, count) in itemCounts.enumerated() where count < 0 {
            throw .negativeItemCount(section: section, count: count)
        }
        self.layout = layout
        self.environment = environment
        self.itemCounts = itemCounts
        self.measure = measure
        let descriptors = try validatedDescriptors()
        let layouter = makeLayouter()
        sections = descriptors.enumerated().map { index, descriptor in
            layouter.layout(descriptor, index: index, itemCount: itemCounts[index])
        }
        restack()
    }

    /// Asks the layout for every section's descriptor and validates them, collecting diagnostics.
    ///
    /// - Complexity: O(sections + distinct descriptors' nodes).
    private mutating func validatedDescriptors() throws(LayoutError) -> [LayoutSection?] {
        var validator = DescriptorValidator()
        try validator.check(layout.configuration)
        var descriptors: [LayoutSection?] = []
        descriptors.reserveCapacity(itemCounts.count)
        var lastValidated: LayoutSection?
        for index in 0..<itemCounts.count {
            let descriptor = layout.section(at: index, environment: environment)
            if let descriptor {
                // Repeated descriptors (uniform layouts, lists) are validated once.
                if descriptor != lastValidated {
                    try validator.check(descriptor, "section[\(index)]")
                    lastValidated = descriptor
                }
            } else {
                validator.diagnostics.append(
                    LayoutDiagnostic(
                        descriptor: "section[\(index)]",
                        message: "the section provider returned nil; the section is empty"
                    ))
            }
            descriptors.append(descriptor)
        }
        diagnostics = validator.diagnostics
        return descriptors
    }

    func makeLayouter() -> SectionLayouter {
        SectionLayouter(scrollAxis: scrollAxis, container: containerSize, environment: environment, measure: measure)
    }

    /// Recomputes section origins, layout-wide boundary items and the content size.
    ///
    /// - Complexity: O(sections).
    mutating func restack() {
        if globalHeaders == nil { globalHeaders = globalBoundaryItems(headers: true, at: 0) }
        var global = globalHeaders ?? []
        var cursor = global.reduce(0.0) { max($0, scrollAxis.maxMain($1.attributes.frame)) }
        sectionOffsets = []
        sectionOffsets.reserveCapacity(sections.count)
        sectionReach = SectionReach()
        for (index, section) in sections.enumerated() {
            sectionReach.before = max(sectionReach.before, -section.extentMin)
            sectionReach.beyond = max(sectionReach.beyond, section.extentMax - section.mainLength)
            sectionOffsets.append(cursor)
            cursor += section.mainLength
            if index + 1 < sections.count { cursor += layout.configuration.interSectionSpacing }
        }
        let footers = globalBoundaryItems(headers: false, at: cursor)
        cursor = footers.reduce(cursor) { max($0, scrollAxis.maxMain($1.attributes.frame)) }
        global += footers
        globalItems = global
        contentSize = scrollAxis.size(main: cursor, cross: scrollAxis.cross(containerSize))
    }

    /// The layout-wide headers or footers, spanning the whole container across the scroll axis.
    private func globalBoundaryItems(headers: Bool, at mainPosition: Double) -> [BoundaryPlacement] {
        let placer = BoundaryItemPlacer(
            scrollAxis: scrollAxis, measure: measure, container: containerSize, crossStart: 0,
            crossLength: scrollAxis.cross(containerSize), section: 0)
        return placer.place(layout.configuration.boundarySupplementaryItems, headers: headers, at: mainPosition)
    }

    /// The origin of section `index` in layout coordinates.
    ///
    /// - Complexity: O(1).
    func origin(_ index: Int) -> Point {
        scrollAxis.point(main: sectionOffsets[index], cross: 0)
    }

    // MARK: Invalidation

    /// Re-lays out after the measured size of one item changed: only its section from its group on, then later
    /// origins.
    ///
    /// - Complexity: O(items after it + sections).
    public mutating func invalidateItem(at indexPath: ElementIndexPath) {
        guard sections.indices.contains(indexPath.section) else { return }
        makeLayouter().resume(&sections[indexPath.section], fromItem: max(0, indexPath.item))
        restack()
    }

    /// Changes one section's item count and re-lays out from the first affected group.
    ///
    /// - Complexity: O(items after it + sections).
    public mutating func setItemCount(_ count: Int, inSection section: Int) throws(LayoutError) {
        guard count >= 0 else { throw .negativeItemCount(section: section, count: count) }
        guard sections.indices.contains(section) else { return }
        let oldCount = itemCounts[section]
        itemCounts[section] = count
        sections[section].itemCount = count
        makeLayouter().resume(&sections[section], fromItem: max(0, min(oldCount, count) - 1))
        restack()
    }
}

/// How far any section's elements reach outside the section, for rect queries.
struct SectionReach: Sendable {
    /// How far before a section's origin, and how far past its length, along the scroll axis.
    var before = 0.0
    var beyond = 0.0
}
