// Lookups of single elements and whole-layout listings; `attributes(in:)` lives in LayoutEngine+RectQuery.swift.
extension LayoutEngine {
    /// Number of sections laid out.
    public var numberOfSections: Int { sections.count }

    /// The cell at `indexPath`, as `layoutAttributesForItem(at:)`.
    ///
    /// - Complexity: O(1).
    public func attributesForItem(at indexPath: ElementIndexPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < section.buffer.itemFrames.count else { return nil }
        return section.itemAttributes(indexPath.item, origin: origin(indexPath.section))
    }

    /// A supplementary view of `kind`: a section's or the layout's boundary item, or an item's or group's
    /// supplementary.
    ///
    /// - Complexity: O(log groups + boundary items + supplementaries of one group).
    public func attributesForSupplementary(ofKind kind: String, at indexPath: ElementIndexPath) -> LayoutAttributes? {
        func matches(_ attributes: LayoutAttributes) -> Bool {
            attributes.elementKind == kind && attributes.indexPath == indexPath
        }
        if sections.indices.contains(indexPath.section) {
            let section = sections[indexPath.section]
            let sectionOrigin = origin(indexPath.section)
            if let boundaryItem = section.boundaryItems.first(where: { matches($0.attributes) }) {
                return boundaryItem.attributes.offsetBy(sectionOrigin)
            }
            // Item and group supplementaries live with the top-level group holding their item.
            if !section.groupFirstItem.isEmpty, indexPath.item >= 0 {
                let group = max(0, upperBound(section.groupFirstItem, indexPath.item) - 1)
                for index in section.supplementaries(ofGroup: group)
                where matches(section.buffer.supplementaries[index]) {
                    return section.buffer.supplementaries[index].offsetBy(sectionOrigin)
                }
            }
        }
        return globalItems.first { matches($0.attributes) }?.attributes
    }

    /// A decoration view of `kind`, as `layoutAttributesForDecorationView(ofKind:at:)`.
    ///
    /// - Complexity: O(decorations of the section).
    public func attributesForDecoration(ofKind kind: String, at indexPath: ElementIndexPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let decoration = sections[indexPath.section].decorations.first {
            $0.elementKind == kind && $0.indexPath == indexPath
        }
        return decoration?.offsetBy(origin(indexPath.section))
    }

    /// The geometry of an orthogonally scrolling section, or nil for a section that does not scroll sideways.
    ///
    /// - Complexity: O(groups).
    public func orthogonalSection(_ section: Int) -> OrthogonalSectionGeometry? {
        guard sections.indices.contains(section), let scroller = sections[section].orthogonal,
            let descriptor = sections[section].descriptor
        else { return nil }
        let sectionOrigin = origin(section)
        let frame = scroller.frame.offsetBy(dx: sectionOrigin.x, dy: sectionOrigin.y)
        // Group frames in the scroller's own content coordinates.
        let groups = sections[section].groupFrames.map {
            $0.offsetBy(dx: sectionOrigin.x - frame.minX, dy: sectionOrigin.y - frame.minY)
        }
        return OrthogonalSectionGeometry(
            section: section, behavior: descriptor.orthogonalScrollingBehavior, frame: frame,
            contentSize: scroller.contentSize, groupFrames: groups)
    }

    /// The frame of a whole section (its boundary items included) in layout coordinates.
    ///
    /// - Complexity: O(1).
    public func sectionFrame(_ section: Int) -> Rect? {
        guard sections.indices.contains(section) else { return nil }
        return scrollAxis.rect(
            main: sectionOffsets[section], cross: 0, mainLength: sections[section].mainLength,
            crossLength: scrollAxis.cross(containerSize))
    }

    /// Every attribute, by a full scan; the reference that `attributes(in:)` must agree with.
    ///
    /// - Complexity: O(all elements).
    public func allAttributes() -> [LayoutAttributes] {
        var result: [LayoutAttributes] = globalItems.map(\.attributes)
        for (index, section) in sections.enumerated() {
            let sectionOrigin = origin(index)
            for item in section.buffer.itemFrames.indices {
                result.append(section.itemAttributes(item, origin: sectionOrigin))
            }
            result += section.buffer.supplementaries.map { $0.offsetBy(sectionOrigin) }
            result += section.boundaryItems.map { $0.attributes.offsetBy(sectionOrigin) }
            result += section.decorations.map { $0.offsetBy(sectionOrigin) }
        }
        return result
    }
}
