// Section mutations. Each `try…` form validates all input before changing anything, so a thrown
// error leaves the snapshot as it was; the Apple-shaped form calls it and ignores the error.

extension DiffableSnapshot {
    /// Throws unless every section in `sections` is new and listed once; O(k) expected.
    @inlinable
    func checkNewSections(_ sections: [S], _ op: SnapshotOperation) throws(MutationError) {
        var seen = Set<S>(minimumCapacity: sections.count)
        for section in sections where sectionPositions[section] != nil || !seen.insert(section).inserted {
            throw MutationError(op, .duplicateSection(section))
        }
    }

    private func position(of section: S, _ op: SnapshotOperation) throws(MutationError) -> Int {
        guard let position = sectionPositions[section] else { throw MutationError(op, .sectionNotFound(section)) }
        return position
    }

    /// Appends sections at the end, or throws on a duplicate.
    ///
    /// - Complexity: O(k) expected.
    @inlinable
    public mutating func tryAppendSections(_ sections: [SectionIdentifier]) throws(MutationError) {
        try checkNewSections(sections, .appendSections)
        let first = sectionList.count
        sectionList.append(contentsOf: sections)
        sectionContents.append(contentsOf: repeatElement([], count: sections.count))
        refreshSections(from: first)
    }

    /// Inserts sections before `anchor`, or throws.
    ///
    /// - Complexity: O(k + items after the anchor) expected.
    public mutating func tryInsertSections(
        _ sections: [SectionIdentifier], beforeSection anchor: SectionIdentifier
    ) throws(MutationError) {
        let at = try position(of: anchor, .insertSections)
        try checkNewSections(sections, .insertSections)
        insertSections(sections, at: at)
    }

    /// Inserts sections after `anchor`, or throws.
    ///
    /// - Complexity: O(k + items after the anchor) expected.
    public mutating func tryInsertSections(
        _ sections: [SectionIdentifier], afterSection anchor: SectionIdentifier
    ) throws(MutationError) {
        let at = try position(of: anchor, .insertSections) + 1
        try checkNewSections(sections, .insertSections)
        insertSections(sections, at: at)
    }

    private mutating func insertSections(_ sections: [S], at position: Int) {
        sectionList.insert(contentsOf: sections, at: position)
        sectionContents.insert(contentsOf: repeatElement([], count: sections.count), at: position)
        refreshSections(from: position)
        reindexItems(inSections: (position + sections.count)..<sectionList.count)
    }

    /// Deletes sections and their items, or throws on an unknown section.
    ///
    /// - Complexity: O(n) expected.
    public mutating func tryDeleteSections(_ sections: [SectionIdentifier]) throws(MutationError) {
        var doomed = Set<Int>(minimumCapacity: sections.count)
        for section in sections { doomed.insert(try position(of: section, .deleteSections)) }
        guard let first = doomed.min() else { return }
        var keptList: [S] = []
        var keptContents: [[I]] = []
        keptList.reserveCapacity(sectionList.count - doomed.count)
        keptContents.reserveCapacity(sectionList.count - doomed.count)
        for position in first..<sectionList.count {
            if doomed.contains(position) {
                sectionPositions[sectionList[position]] = nil
                reloadedSections.remove(sectionList[position])
                for item in sectionContents[position] { forget(item) }
            } else {
                keptList.append(sectionList[position])
                keptContents.append(sectionContents[position])
            }
        }
        sectionList.replaceSubrange(first..., with: keptList)
        sectionContents.replaceSubrange(first..., with: keptContents)
        refreshSections(from: first)
        reindexItems(inSections: first..<sectionList.count)
    }

    /// Drops an item's slot and marks; O(1) expected.
    mutating func forget(_ item: I) {
        slots[item] = nil
        reloadedItems.remove(item)
        reconfiguredItems.remove(item)
    }

    /// Moves `section` before `anchor`, or throws.
    ///
    /// - Complexity: O(items between them) expected.
    public mutating func tryMoveSection(
        _ section: SectionIdentifier, beforeSection anchor: SectionIdentifier
    ) throws(MutationError) {
        try moveSection(section, relativeTo: anchor, after: false)
    }

    /// Moves `section` after `anchor`, or throws.
    ///
    /// - Complexity: O(items between them) expected.
    public mutating func tryMoveSection(
        _ section: SectionIdentifier, afterSection anchor: SectionIdentifier
    ) throws(MutationError) {
        try moveSection(section, relativeTo: anchor, after: true)
    }

    private mutating func moveSection(_ section: S, relativeTo anchor: S, after: Bool) throws(MutationError) {
        let from = try position(of: section, .moveSection)
        _ = try position(of: anchor, .moveSection)
        guard section != anchor else { throw MutationError(.moveSection, .sectionMovedRelativeToItself(section)) }
        let items = sectionContents.remove(at: from)
        sectionList.remove(at: from)
        let anchorPosition = sectionList.firstIndex(of: anchor)!
        let to = after ? anchorPosition + 1 : anchorPosition
        sectionList.insert(section, at: to)
        sectionContents.insert(items, at: to)
        let low = min(from, to)
        let high = max(from, to)
        refreshSections(from: low)
        reindexItems(inSections: low..<(high + 1))
    }

    /// Marks sections for reload, or throws on an unknown section.
    ///
    /// - Complexity: O(k) expected.
    public mutating func tryReloadSections(_ sections: [SectionIdentifier]) throws(MutationError) {
        for section in sections { _ = try position(of: section, .reloadSections) }
        reloadedSections.formUnion(sections)
    }

    // MARK: Apple-shaped forms: never trap, ignore bad input.

    /// Appends sections; does nothing if any is already present (see ``tryAppendSections(_:)``).
    ///
    /// - Complexity: That of ``tryAppendSections(_:)``.
    @inlinable
    public mutating func appendSections(_ sections: [SectionIdentifier]) { try? tryAppendSections(sections) }

    /// Inserts sections before `anchor`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryInsertSections(_:beforeSection:)``.
    public mutating func insertSections(_ sections: [SectionIdentifier], beforeSection anchor: SectionIdentifier) {
        try? tryInsertSections(sections, beforeSection: anchor)
    }

    /// Inserts sections after `anchor`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryInsertSections(_:afterSection:)``.
    public mutating func insertSections(_ sections: [SectionIdentifier], afterSection anchor: SectionIdentifier) {
        try? tryInsertSections(sections, afterSection: anchor)
    }

    /// Deletes sections and their items; does nothing if any section is unknown.
    ///
    /// - Complexity: That of ``tryDeleteSections(_:)``.
    public mutating func deleteSections(_ sections: [SectionIdentifier]) { try? tryDeleteSections(sections) }

    /// Moves `section` before `anchor`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryMoveSection(_:beforeSection:)``.
    public mutating func moveSection(_ section: SectionIdentifier, beforeSection anchor: SectionIdentifier) {
        try? tryMoveSection(section, beforeSection: anchor)
    }

    /// Moves `section` after `anchor`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryMoveSection(_:afterSection:)``.
    public mutating func moveSection(_ section: SectionIdentifier, afterSection anchor: SectionIdentifier) {
        try? tryMoveSection(section, afterSection: anchor)
    }

    /// Marks sections for reload; does nothing if any section is unknown.
    ///
    /// - Complexity: That of ``tryReloadSections(_:)``.
    public mutating func reloadSections(_ sections: [SectionIdentifier]) { try? tryReloadSections(sections) }
}
