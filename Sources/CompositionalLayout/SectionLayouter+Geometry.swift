extension SectionLayouter {
    /// The geometry of a section, with its headers placed: where content and boundary items go across the scroll
    /// axis, what the group resolves against, and where the first group starts.
    ///
    /// - Complexity: O(boundary items) plus one measuring call per estimated header.
    func geometry(for descriptor: LayoutSection, index: Int) -> SectionGeometry {
        let crossAxis = scrollAxis.other
        // The reference (safe area, margins…) and the section's own insets both inset the content.
        let reference = environment.insets(for: descriptor.contentInsetsReference)
        let insets = descriptor.contentInsets
        let sectionCross = scrollAxis.cross(container)
        let referenceLead = crossAxis.start(reference)
        let referenceTrail = crossAxis.end(reference)
        let crossStart = referenceLead + crossAxis.start(insets)
        let crossLength = max(
            0, sectionCross - referenceLead - referenceTrail - crossAxis.start(insets) - crossAxis.end(insets))
        let mainContainer = max(0, scrollAxis.main(container) - scrollAxis.start(insets) - scrollAxis.end(insets))
        let isOrthogonal = descriptor.orthogonalScrollingBehavior != .none
        // An orthogonal section's insets become the scroller's padding, so its groups resolve against the full
        // cross length.
        let groupContainer = scrollAxis.size(main: mainContainer, cross: isOrthogonal ? sectionCross : crossLength)
        let followsInsets = descriptor.supplementariesFollowContentInsets
        var geometry = SectionGeometry(
            crossStart: crossStart, crossLength: crossLength, sectionCross: sectionCross,
            supplementaryCrossStart: followsInsets ? crossStart : referenceLead,
            supplementaryCrossLength: followsInsets
                ? crossLength : max(0, sectionCross - referenceLead - referenceTrail),
            groupContainer: groupContainer, contentStart: 0, isOrthogonal: isOrthogonal,
            scrollLeadingPadding: referenceLead + crossAxis.start(insets),
            scrollTrailingPadding: referenceTrail + crossAxis.end(insets))
        let headers = boundaryPlacer(geometry, section: index)
            .place(descriptor.boundarySupplementaryItems, headers: true, at: 0)
        // The tallest header that extends the section sets where content starts.
        var headerExtent = 0.0
        for header in headers where header.extendsBoundary {
            headerExtent = max(headerExtent, scrollAxis.main(header.attributes.frame.size))
        }
        geometry.contentStart = headerExtent + scrollAxis.start(insets)
        geometry.headers = headers
        return geometry
    }

    /// The placer of a section's boundary items, which align in the geometry's supplementary span.
    func boundaryPlacer(_ geometry: SectionGeometry, section: Int) -> BoundaryItemPlacer {
        BoundaryItemPlacer(
            scrollAxis: scrollAxis, measure: measure,
            container: scrollAxis.size(main: scrollAxis.main(container), cross: geometry.supplementaryCrossLength),
            crossStart: geometry.supplementaryCrossStart, crossLength: geometry.supplementaryCrossLength,
            section: section)
    }
}
