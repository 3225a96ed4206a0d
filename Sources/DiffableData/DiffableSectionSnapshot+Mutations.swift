// Section snapshot mutations. Each `try…` form validates all input first, so a thrown error leaves
// the section snapshot as it was; the Apple-shaped form calls it and ignores the error.

extension DiffableSectionSnapshot {
    private func checkNew(_ items: [I], _ op: SectionSnapshotOperation) throws(OperationError) {
        var seen = Set<I>(minimumCapacity: items.count)
        for item in items where positions[item] != nil || !seen.insert(item).inserted {
            throw OperationError(op, .duplicateItem(item))
        }
    }

    private func position(of item: I, _ op: SectionSnapshotOperation) throws(OperationError) -> Int {
        guard let position = positions[item] else { throw OperationError(op, .itemNotFound(item)) }
        return position
    }

    /// Appends items as the last children of `parent` (roots if nil), or throws.
    ///
    /// - Complexity: O(k + subtree + items after).
    public mutating func tryAppend(_ items: [ItemIdentifier], to parent: ItemIdentifier? = nil) throws(OperationError) {
        try tryAppend(Self(roots: items), to: parent)
    }

    /// Appends a section snapshot's trees under `parent` (roots if nil), or throws.
    ///
    /// - Complexity: O(k + subtree + items after).
    public mutating func tryAppend(_ snapshot: Self, to parent: ItemIdentifier? = nil) throws(OperationError) {
        var at = order.count
        var level = 0
        if let parent {
            let parentPosition = try position(of: parent, .append)
            at = parentPosition + subtreeCount(at: parentPosition)
            level = levels[parentPosition] + 1
        }
        try checkNew(snapshot.order, .append)
        insertBlock(
            snapshot.order, levels: snapshot.levels, at: at, level: level, parent: parent, expanded: snapshot.expanded)
    }

    /// Inserts items as siblings before `anchor`, or throws.
    ///
    /// - Complexity: O(k + items after).
    public mutating func tryInsert(_ items: [ItemIdentifier], before anchor: ItemIdentifier) throws(OperationError) {
        try tryInsert(Self(roots: items), before: anchor)
    }

    /// Inserts items as siblings after `anchor` and its descendants, or throws.
    ///
    /// - Complexity: O(k + items after).
    public mutating func tryInsert(_ items: [ItemIdentifier], after anchor: ItemIdentifier) throws(OperationError) {
        try tryInsert(Self(roots: items), after: anchor)
    }

    /// Inserts a section snapshot's trees as siblings before `anchor`, or throws.
    ///
    /// - Complexity: O(k + items after).
    public mutating func tryInsert(_ snapshot: Self, before anchor: ItemIdentifier) throws(OperationError) {
        let anchorPosition = try position(of: anchor, .insert)
        try checkNew(snapshot.order, .insert)
        insertBlock(
            snapshot.order, levels: snapshot.levels, at: anchorPosition, level: levels[anchorPosition],
            parent: parents[anchor], expanded: snapshot.expanded)
    }

    /// Inserts a section snapshot's trees as siblings after `anchor`, or throws.
    ///
    /// - Complexity: O(k + items after).
    public mutating func tryInsert(_ snapshot: Self, after anchor: ItemIdentifier) throws(OperationError) {
        let anchorPosition = try position(of: anchor, .insert)
        try checkNew(snapshot.order, .insert)
        insertBlock(
            snapshot.order, levels: snapshot.levels, at: anchorPosition + subtreeCount(at: anchorPosition),
            level: levels[anchorPosition], parent: parents[anchor], expanded: snapshot.expanded)
    }

    /// Deletes items with all their descendants, or throws on an unknown item.
    ///
    /// - Complexity: O(n).
    public mutating func tryDelete(_ items: [ItemIdentifier]) throws(OperationError) {
        var doomed = [Bool](repeating: false, count: order.count)
        for item in items {
            let itemPosition = try position(of: item, .delete)
            for position in itemPosition..<(itemPosition + subtreeCount(at: itemPosition)) { doomed[position] = true }
        }
        guard let first = doomed.firstIndex(of: true) else { return }
        var keptOrder: [I] = []
        var keptLevels: [Int] = []
        for position in first..<order.count {
            if doomed[position] {
                positions[order[position]] = nil
                parents[order[position]] = nil
                expanded.remove(order[position])
            } else {
                keptOrder.append(order[position])
                keptLevels.append(levels[position])
            }
        }
        order.replaceSubrange(first..., with: keptOrder)
        levels.replaceSubrange(first..., with: keptLevels)
        reindex(from: first)
    }

    /// Deletes every item.
    ///
    /// - Complexity: O(n).
    public mutating func deleteAll() { self = Self() }

    /// Replaces the children of `parent` by a section snapshot's trees, or throws.
    ///
    /// - Complexity: O(n).
    public mutating func tryReplace(childrenOf parent: ItemIdentifier, using snapshot: Self) throws(OperationError) {
        let parentPosition = try position(of: parent, .replaceChildren)
        let subtree = order[(parentPosition + 1)..<(parentPosition + subtreeCount(at: parentPosition))]
        let children = Set(subtree)
        for item in snapshot.order where positions[item] != nil && !children.contains(item) {
            throw OperationError(.replaceChildren, .duplicateItem(item))
        }
        var seen = Set<I>(minimumCapacity: snapshot.order.count)
        for item in snapshot.order where !seen.insert(item).inserted {
            throw OperationError(.replaceChildren, .duplicateItem(item))
        }
        let directChildren = subtree.filter { parents[$0] == parent }
        try? tryDelete(Array(directChildren))
        try? tryAppend(snapshot, to: parent)
    }

    /// Expands items so their children show, or throws on an unknown item.
    ///
    /// - Complexity: O(k) expected.
    public mutating func tryExpand(_ items: [ItemIdentifier]) throws(OperationError) {
        for item in items { _ = try position(of: item, .expand) }
        expanded.formUnion(items)
    }

    /// Collapses items so their children hide, or throws on an unknown item.
    ///
    /// - Complexity: O(k) expected.
    public mutating func tryCollapse(_ items: [ItemIdentifier]) throws(OperationError) {
        for item in items { _ = try position(of: item, .collapse) }
        expanded.subtract(items)
    }

    /// A flat section snapshot of root items; O(k) expected.
    init(roots items: [I]) {
        self.init()
        order = items
        levels = Array(repeating: 0, count: items.count)
        // Duplicates are caught by the caller's check of `order`; positions must not hide them.
        for (position, item) in items.enumerated() where positions[item] == nil { positions[item] = position }
    }

    // MARK: Apple-shaped forms: never trap, ignore bad input.

    /// Appends items under `parent` (roots if nil); does nothing on bad input.
    ///
    /// - Complexity: That of ``tryAppend(_:to:)``.
    public mutating func append(_ items: [ItemIdentifier], to parent: ItemIdentifier? = nil) {
        try? tryAppend(items, to: parent)
    }

    /// Appends a section snapshot's trees under `parent` (roots if nil); does nothing on bad input.
    ///
    /// - Complexity: That of ``tryAppend(_:to:)``.
    public mutating func append(_ snapshot: Self, to parent: ItemIdentifier? = nil) {
        try? tryAppend(snapshot, to: parent)
    }

    /// Inserts items before `anchor`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryInsert(_:before:)``.
    public mutating func insert(_ items: [ItemIdentifier], before anchor: ItemIdentifier) {
        try? tryInsert(items, before: anchor)
    }

    /// Inserts items after `anchor`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryInsert(_:after:)``.
    public mutating func insert(_ items: [ItemIdentifier], after anchor: ItemIdentifier) {
        try? tryInsert(items, after: anchor)
    }

    /// Inserts a section snapshot's trees before `anchor`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryInsert(_:before:)``.
    public mutating func insert(_ snapshot: Self, before anchor: ItemIdentifier) {
        try? tryInsert(snapshot, before: anchor)
    }

    /// Inserts a section snapshot's trees after `anchor`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryInsert(_:after:)``.
    public mutating func insert(_ snapshot: Self, after anchor: ItemIdentifier) {
        try? tryInsert(snapshot, after: anchor)
    }

    /// Deletes items and their descendants; does nothing if any item is unknown.
    ///
    /// - Complexity: That of ``tryDelete(_:)``.
    public mutating func delete(_ items: [ItemIdentifier]) { try? tryDelete(items) }

    /// Replaces the children of `parent`; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryReplace(childrenOf:using:)``.
    public mutating func replace(childrenOf parent: ItemIdentifier, using snapshot: Self) {
        try? tryReplace(childrenOf: parent, using: snapshot)
    }

    /// Expands items; does nothing if any item is unknown.
    ///
    /// - Complexity: That of ``tryExpand(_:)``.
    public mutating func expand(_ items: [ItemIdentifier]) { try? tryExpand(items) }

    /// Collapses items; does nothing if any item is unknown.
    ///
    /// - Complexity: That of ``tryCollapse(_:)``.
    public mutating func collapse(_ items: [ItemIdentifier]) { try? tryCollapse(items) }
}

extension DiffableSnapshot {
    /// Replaces the items of `section` (appended if new) by the section snapshot's visible items.
    ///
    /// Throws if one of them is in another section.
    ///
    /// - Complexity: O(n) expected.
    public mutating func tryApply(
        _ sectionSnapshot: DiffableSectionSnapshot<ItemIdentifier>, to section: SectionIdentifier
    ) throws(MutationError) {
        let visible = sectionSnapshot.visibleItems
        for item in visible {
            if let slot = slots[item], sectionList[Int(slot.section)] != section {
                throw MutationError(.applySectionSnapshot, .duplicateItem(item))
            }
        }
        if sectionPositions[section] == nil {
            try tryAppendSections([section])
        } else {
            try tryDeleteItems(itemIdentifiers(inSection: section))
        }
        try tryAppendItems(visible, toSection: section)
    }

    /// Replaces the items of `section` by the section snapshot's visible items; does nothing on bad input.
    ///
    /// - Complexity: That of ``tryApply(_:to:)``.
    public mutating func apply(
        _ sectionSnapshot: DiffableSectionSnapshot<ItemIdentifier>, to section: SectionIdentifier
    ) {
        try? tryApply(sectionSnapshot, to: section)
    }
}
