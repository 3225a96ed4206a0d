// The diff's public entry points; the passes are in `SnapshotDiffer`.

extension DiffableSnapshot {
    /// The changes that turn `old` into this snapshot, flat and staged (see ``SnapshotDifference``).
    ///
    /// Identity is the identifier. An item found in both whose content differs by `itemContentEqual`
    /// (old, new), or that this snapshot marks reloaded or reconfigured, is an update; a section likewise
    /// by `sectionContentEqual` or its reload mark.
    ///
    /// - Complexity: O(n) expected for n items in mostly kept order, O(n log n) at worst.
    @inlinable
    public func difference(
        from old: Self,
        itemContentEqual: (ItemIdentifier, ItemIdentifier) -> Bool = { _, _ in true },
        sectionContentEqual: (SectionIdentifier, SectionIdentifier) -> Bool = { _, _ in true }
    ) -> SnapshotDifference<SectionIdentifier, ItemIdentifier> {
        var differ = SnapshotDiffer(oldSections: old.sectionList, oldContents: old.sectionContents, new: self)
        // Small snapshots: one lookup per old item in this snapshot's own dictionary. Past a few tens of
        // thousands of items that dictionary outgrows the caches, and a compact table of positions built
        // here is faster despite hashing every new item once more (the crossover measured near 16k items).
        guard slots.count > Self.compactTableThreshold else {
            let slots = self.slots
            let starts = sectionStarts
            return differ.run(itemContentEqual: itemContentEqual, sectionContentEqual: sectionContentEqual) {
                slots[$0].map { starts[Int($0.section)] + Int($0.index) }
            }
        }
        // The table is freed before the later passes allocate the changes, which then reuse its memory.
        do {
            let table = ItemPositionTable(differ.newItems)
            differ.match(itemContentEqual: itemContentEqual) { table.position(of: $0) }
        }
        return differ.finish(sectionContentEqual: sectionContentEqual)
    }

    /// Item count above which ``difference(from:itemContentEqual:sectionContentEqual:)`` builds its own table.
    @usableFromInline static var compactTableThreshold: Int { 16_384 }
}

extension SnapshotDifference where SectionIdentifier == Int {
    /// The difference between two flat lists shown as section 0, without building a snapshot of either.
    ///
    /// A repeated identifier in `old` matches once and its other copies are deletes; a repeated
    /// identifier in `new` throws, since a snapshot holds each item once. Each item is hashed once.
    ///
    /// - Complexity: O(n) expected for n items in mostly kept order, O(n log n) at worst.
    @inlinable
    public init(
        from old: [ItemIdentifier], to new: [ItemIdentifier],
        itemContentEqual: (ItemIdentifier, ItemIdentifier) -> Bool = { _, _ in true }
    ) throws(SnapshotError<Int, ItemIdentifier>) {
        var differ = SnapshotDiffer<Int, ItemIdentifier>(oldItems: old, newItems: new, section: 0)
        // The table is freed before the later passes allocate the changes, which then reuse its memory.
        do {
            let table = ItemPositionTable(new)
            if let repeated = table.firstRepeatedItem { throw SnapshotError(.appendItems, .duplicateItem(repeated)) }
            differ.match(itemContentEqual: itemContentEqual) { table.position(of: $0) }
        }
        self = differ.finish(sectionContentEqual: { _, _ in true })
    }
}
