// Item mutations. Each `try…` form validates all input before changing anything, so a thrown
// error leaves the snapshot as it was; the Apple-shaped form calls it and ignores the error.

extension DiffableSnapshot {
    /// Throws unless every item in `items` is new and listed once; O(k) expected.
    private func checkNewItems(_ items: [I], _ op: SnapshotOperation) throws(MutationError) {
        if items.count == 1 {
            if slots[items[0]] != nil { throw MutationError(op, .duplicateItem(items[0])) }
            return
        }
        var seen = Set<I>(minimumCapacity: items.count)
        for item in items where slots[item] != nil || !seen.insert(item).inserted {
            throw MutationError(op, .duplicateItem(item))
        }
    }

    private func slot(of item: I, _ op: SnapshotOperation) throws(MutationError) -> ItemSlot {
        guard let slot = slots[item] else { throw MutationError(op, .itemNotFound(item)) }
        return slot
    }

    /// Appends items to `section` (the last section if nil), or throws.
    ///
    /// - Complexity: O(k + sections after it) expected.
    @inlinable
    public mutating func tryAppendItems(
        _ items: [ItemIdentifier], toSection section: SectionIdentifier? = nil
    ) throws(MutationError) {
        let target: Int
        if let section {
            guard let position = sectionPositions[section] else {
                throw MutationError(.appendItems, .sectionNotFound(section))
            }
            target = position
        } else {
            guard !sectionList.isEmpty else { throw MutationError(.appendItems, .noSections) }
            target = sectionList.count - 1
        }
        // One hash per item: claim each slot, and on a duplicate undo the claims made so far.
        let start = sectionContents[target].count
        slots.reserveCapacity(slots.count + items.count)
        for (offset, item) in items.enumerated() {
            if let existing = slots.updateValue(ItemSlot(section: target, index: start + offset), forKey: item) {
                slots[item] = existing
                for claimed in items[..<offset] { slots[claimed] = nil }
                throw MutationError(.appendItems, .duplicateItem(item))
            }
        }
        sectionContents[target].append(contentsOf: items)
        shiftStarts(after: target, by: items.count)
    }

    /// Inserts items before `anchor`, or throws.
    ///
    /// - Complexity: O(k + items after the anchor in its section) expected.
    public mutating func tryInsertItems(
        _ items: [ItemIdentifier], beforeItem anchor: ItemIdentifier
    ) throws(MutationError) {
        let at = try slot(of: anchor, .insertItems)
        try checkNewItems(items, .insertItems)
        insertItems(items, section: Int(at.section), index: Int(at.index))
    }

    /// Inserts items after `anchor`, or throws.
    ///
    /// - Complexity: O(k + items after the anchor in its section) expected.
    public mutating func tryInsertItems(
        _ items: [ItemIdentifier], afterItem anchor: ItemIdentifier
    ) throws(MutationError) {
        let at = try slot(of: anchor, .insertItems)
        try checkNewItems(items, .insertItems)
        insertItems(items, section: Int(at.section), index: Int(at.index) + 1)
    }

    private mutating func insertItems(_ items: [I], section s: Int, index: Int) {
        sectionContents[s].insert(contentsOf: items, at: index)
        reindexItems(inSection: s, from: index)
        shiftStarts(after: s, by: items.count)
    }

    /// Deletes items, or throws on an unknown item.
    ///
    /// - Complexity: O(k + items of the touched sections) expected.
    public mutating func tryDeleteItems(_ items: [ItemIdentifier]) throws(MutationError) {
        var touched = Set<Int>()
        for item in items { touched.insert(Int(try slot(of: item, .deleteItems).section)) }
        for item in items { forget(item) }
        for section in touched.sorted() {
            sectionContents[section].removeAll { slots[$0] == nil }
            reindexItems(inSection: section, from: 0)
        }
        if let first = touched.min() { refreshSections(from: first) }
    }

    /// Deletes every section and item.
    ///
    /// - Complexity: O(n).
    public mutating func deleteAllItems() { self = Self() }

    /// Moves `item` before `anchor`, possibly into another section, or throws.
    ///
    /// - Complexity: O(items of both sections) expected.
    public mutating func tryMoveItem(_ item: ItemIdentifier, beforeItem anchor: ItemIdentifier) throws(MutationError) {
        try moveItem(item, relativeTo: anchor, after: false)
    }

    /// Moves `item` after `anchor`, possibly into another section, or throws.
    ///
    /// - Complexity: O(items of both sections) expected.
    public mutating func tryMoveItem(_ item: ItemIdentifier, afterItem anchor: ItemIdentifier) throws(MutationError) {
        try moveItem(item, relativeTo: anchor, after: true)
    }

    private mutating func moveItem(_ item: I, relativeTo anchor: I, after: Bool) throws(MutationError) {
        let from = try slot(of: item, .moveItem)
        _ = try slot(of: anchor, .moveItem)
        guard item != anchor else { throw MutationError(.moveItem, .itemMovedRelativeToItself(item)) }
        let fromSection = Int(from.section)
        sectionContents[fromSection].remove(at: Int(from.index))
        reindexItems(inSection: fromSection, from: Int(from.index))
        let to = slots[anchor]!
        let toSection = Int(to.section)
        let index = Int(to.index) + (after ? 1 : 0)
        sectionContents[toSection].insert(item, at: index)
        reindexItems(inSection: toSection, from: index)
        if fromSection != toSection { refreshSections(from: min(fromSection, toSection)) }
    }

    /// Marks items for reload, or throws on an unknown item.
    ///
    /// - Complexity: O(k) expected.
    public mutating func tryReloadItems(_ items: [ItemIdentifier]) throws(MutationError) {
        for item in items { _ = try slot(of: item, .reloadItems) }
        reloadedItems.formUnion(items)
    }

    /// Marks items for reconfiguration, or throws on an unknown item.
    ///
    /// - Complexity: O(k) expected.
    public mutating func tryReconfigureItems(_ items: [ItemIdentifier]) throws(MutationError) {
        for item in items { _ = try slot(of: item, .reconfigureItems) }
        reconfiguredItems.formUnion(items)
    }

    // MARK: Apple-shaped forms: never trap, ignore bad input.

    /// Appends items to `section` (the last section if nil); does nothing on bad input.
    ///
    /// - Complexity: That of ``tryAppendItems(_:toSection:)``.
    @inlinable
    public mutating func appendItems(_ items: [ItemIdentifier], toSection section: SectionIdentifier? = nil) {
        try? tryAppendItems(items, toSection: section)
    }

    /// Inserts items before `anchor`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryInsertItems(_:beforeItem:)``.
    public mutating func insertItems(_ items: [ItemIdentifier], beforeItem anchor: ItemIdentifier) {
        try? tryInsertItems(items, beforeItem: anchor)
    }

    /// Inserts items after `anchor`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryInsertItems(_:afterItem:)``.
    public mutating func insertItems(_ items: [ItemIdentifier], afterItem anchor: ItemIdentifier) {
        try? tryInsertItems(items, afterItem: anchor)
    }

    /// Deletes items; does nothing if any item is unknown.
    ///
    /// - Complexity: That of ``tryDeleteItems(_:)``.
    public mutating func deleteItems(_ items: [ItemIdentifier]) { try? tryDeleteItems(items) }

    /// Moves `item` before `anchor`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryMoveItem(_:beforeItem:)``.
    public mutating func moveItem(_ item: ItemIdentifier, beforeItem anchor: ItemIdentifier) {
        try? tryMoveItem(item, beforeItem: anchor)
    }

    /// Moves `item` after `anchor`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryMoveItem(_:afterItem:)``.
    public mutating func moveItem(_ item: ItemIdentifier, afterItem anchor: ItemIdentifier) {
        try? tryMoveItem(item, afterItem: anchor)
    }

    /// Marks items for reload; does nothing if any item is unknown.
    ///
    /// - Complexity: That of ``tryReloadItems(_:)``.
    public mutating func reloadItems(_ items: [ItemIdentifier]) { try? tryReloadItems(items) }

    /// Marks items for reconfiguration; does nothing if any item is unknown.
    ///
    /// - Complexity: That of ``tryReconfigureItems(_:)``.
    public mutating func reconfigureItems(_ items: [ItemIdentifier]) { try? tryReconfigureItems(items) }
}
