// The engine behind `difference(from:)` and `SnapshotDifference(from:to:)`. It runs these passes in order,
// each reading what the earlier ones left in the differ:
//
// 1. pair sections: each old section's new position, found by identifier;
// 2. match items: each old item is compared with the new items just after the previous one's match, and
//    only if not there looked up once on the new side (Heckel's symbol table; identifiers are unique, so
//    one lookup settles it), which gives deletes, updates and each new item's source;
// 3. section changes: inserts, deletes, reloads, and moves off a longest increasing run of old positions;
// 4. staged positions: where each old section sits while the items stage runs;
// 5. item deletes;
// 6. item inserts and moves: per section, items off a longest increasing run of old positions move;
// 7. stages: the ordered batches (see `SnapshotDifference`).
//
// Expected time O(n) for n items when order is mostly kept, O(n log n) at worst; no per-item allocation.

/// Computes a ``SnapshotDifference`` from the old side's arrays and the new side's snapshot-shaped storage.
@usableFromInline
struct SnapshotDiffer<S: Hashable & Sendable, I: Hashable & Sendable> {
    @usableFromInline typealias Batch = Changeset<S, I>

    // MARK: Inputs

    @usableFromInline let oldSections: [S]
    @usableFromInline let oldContents: [[I]]
    @usableFromInline let newSections: [S]
    @usableFromInline let newSectionPositions: [S: Int]
    @usableFromInline let newContents: [[I]]
    /// `newStarts[s]` is the flat position of the first item of new section `s`.
    @usableFromInline let newStarts: [Int]
    /// Every new item, section after section.
    @usableFromInline let newItems: [I]
    @usableFromInline var newItemCount: Int { newItems.count }
    @usableFromInline let reloadedSections: Set<S>
    @usableFromInline let reloadedItems: Set<I>
    @usableFromInline let reconfiguredItems: Set<I>

    // MARK: What the passes find

    /// New position of each old section, -1 for a deleted one (pass 1).
    @usableFromInline var oldToNew: [Int] = []
    /// Old position of each new section, -1 for an inserted one (pass 1).
    @usableFromInline var newToOld: [Int] = []
    /// Old slot of each new item by flat new position; section -1 for an inserted item (pass 2).
    @usableFromInline var sources: [ItemSlot] = []
    /// Old items without a match, in old order, at old paths (pass 2).
    @usableFromInline var deletedItems: [Batch.ItemChange] = []
    /// Matched items whose content changed or that are marked, in old order, at old paths (pass 2).
    @usableFromInline var updatedItems: [Batch.ItemChange] = []
    /// Number of old items that found their new place (pass 2).
    @usableFromInline var matchedCount = 0
    /// Whether an old section has an item that survives (pass 2).
    @usableFromInline var hasSurvivors: [Bool] = []
    /// Reloaded sections at their new positions, for the last stage (pass 3).
    @usableFromInline var sectionReloadsAtNewPositions: [Batch.SectionChange] = []
    /// Position of each old section during the items stage, -1 for one already gone (pass 4).
    @usableFromInline var stagedPositions: [Int] = []
    /// Deleted old sections with survivors, parked after the new sections until the items stage is done (pass 4).
    @usableFromInline var parkedSections: [Int] = []
    /// Whether every section keeps its position, so that the items stage repeats the flat item changes.
    @usableFromInline var sectionsStayInPlace = false
    /// Every change once (passes 3, 5 and 6).
    @usableFromInline var flat = Batch()
    /// Item deletes, inserts and moves in the positions of the items stage (passes 5 and 6).
    @usableFromInline var itemStage = Batch()
    /// Buffers reused by every longest-increasing-run search.
    @usableFromInline var increasingRun = LongestIncreasingRun()

    /// A differ from `old`'s arrays to the snapshot `new`.
    ///
    /// - Complexity: O(1).
    @inlinable
    init(oldSections: [S], oldContents: [[I]], new: DiffableSnapshot<S, I>) {
        self.oldSections = oldSections
        self.oldContents = oldContents
        newSections = new.sectionList
        newSectionPositions = new.sectionPositions
        newContents = new.sectionContents
        newStarts = new.sectionStarts
        newItems = new.itemIdentifiers
        reloadedSections = new.reloadedSections
        reloadedItems = new.reloadedItems
        reconfiguredItems = new.reconfiguredItems
    }

    /// A differ between two flat lists shown as section `section`.
    ///
    /// - Complexity: O(1).
    @inlinable
    init(oldItems: [I], newItems: [I], section: S) {
        oldSections = [section]
        oldContents = [oldItems]
        newSections = [section]
        newSectionPositions = [section: 0]
        newContents = [newItems]
        newStarts = [0]
        self.newItems = newItems
        reloadedSections = []
        reloadedItems = []
        reconfiguredItems = []
    }

    /// Runs every pass; `locate` gives an item's flat position on the new side, nil if it is not there.
    ///
    /// - Complexity: O(n) expected for n items in mostly kept order, O(n log n) at worst.
    @inlinable
    mutating func run(
        itemContentEqual: (I, I) -> Bool, sectionContentEqual: (S, S) -> Bool, locate: (I) -> Int?
    ) -> SnapshotDifference<S, I> {
        match(itemContentEqual: itemContentEqual, locate: locate)
        return finish(sectionContentEqual: sectionContentEqual)
    }

    /// Passes 1 and 2, the only ones that look items up: a caller that built a table for `locate` can
    /// free it before `finish` allocates the changes.
    ///
    /// - Complexity: O(n) expected.
    @inlinable
    mutating func match(itemContentEqual: (I, I) -> Bool, locate: (I) -> Int?) {
        pairSections()
        matchItems(itemContentEqual: itemContentEqual, locate: locate)
    }

    /// Passes 3 to 7, after `match`.
    ///
    /// - Complexity: O(n) for mostly kept order, O(n log n) at worst.
    @inlinable
    mutating func finish(sectionContentEqual: (S, S) -> Bool) -> SnapshotDifference<S, I> {
        collectSectionChanges(sectionContentEqual: sectionContentEqual)
        placeSectionsForItemsStage()
        collectItemDeletes()
        collectInsertsAndMoves()
        return assembleStages()
    }

    // MARK: Pass 1: pair sections

    /// Fills `oldToNew` and `newToOld` from the new side's section positions.
    ///
    /// - Complexity: O(sections) expected.
    @inlinable
    mutating func pairSections() {
        oldToNew = [Int](repeating: -1, count: oldSections.count)
        newToOld = [Int](repeating: -1, count: newSections.count)
        for oldPosition in oldSections.indices {
            if let newPosition = newSectionPositions[oldSections[oldPosition]] {
                oldToNew[oldPosition] = newPosition
                newToOld[newPosition] = oldPosition
            }
        }
        sectionsStayInPlace = oldSections.count == newSections.count
            && oldToNew.indices.allSatisfy { oldToNew[$0] == $0 }
    }

    // MARK: Pass 3: section changes

    /// Section inserts, deletes and reloads, and moves of the sections off a longest increasing run of
    /// old positions, into `flat`; reloads at new positions into `sectionReloadsAtNewPositions`.
    ///
    /// - Complexity: O(sections) for mostly kept order, O(sections × log sections) at worst.
    @inlinable
    mutating func collectSectionChanges(sectionContentEqual: (S, S) -> Bool) {
        var keptOldPositions: [Int32] = []
        var keptNewPositions: [Int] = []
        for newPosition in newSections.indices {
            let section = newSections[newPosition]
            let oldPosition = newToOld[newPosition]
            if oldPosition < 0 {
                flat.sectionInserts.append(.init(index: newPosition, section: section))
                continue
            }
            keptOldPositions.append(Int32(oldPosition))
            keptNewPositions.append(newPosition)
            if reloadedSections.contains(section) || !sectionContentEqual(oldSections[oldPosition], section) {
                flat.sectionReloads.append(.init(index: oldPosition, section: section))
                sectionReloadsAtNewPositions.append(.init(index: newPosition, section: section))
            }
        }
        for oldPosition in oldSections.indices where oldToNew[oldPosition] < 0 {
            flat.sectionDeletes.append(.init(index: oldPosition, section: oldSections[oldPosition]))
        }
        increasingRun.mark(keptOldPositions)
        for (runIndex, oldPosition) in keptOldPositions.enumerated() where !increasingRun.keep[runIndex] {
            let from = Int(oldPosition)
            flat.sectionMoves.append(.init(from: from, to: keptNewPositions[runIndex], section: oldSections[from]))
        }
        flat.itemUpdates = updatedItems
    }

    // MARK: Pass 4: staged positions

    /// Where each old section sits during the items stage: its new position, or after the new sections
    /// when it is deleted but still holds survivors (those are parked, then dropped by a later stage).
    ///
    /// - Complexity: O(sections).
    @inlinable
    mutating func placeSectionsForItemsStage() {
        stagedPositions = oldToNew
        for oldPosition in oldSections.indices where oldToNew[oldPosition] < 0 && hasSurvivors[oldPosition] {
            stagedPositions[oldPosition] = newSections.count + parkedSections.count
            parkedSections.append(oldPosition)
        }
    }

    // MARK: Pass 5: item deletes

    /// Item deletes into `flat` (only in kept sections) and the items stage (in sections still there).
    ///
    /// - Complexity: O(deletes).
    @inlinable
    mutating func collectItemDeletes() {
        guard !sectionsStayInPlace else {
            // Every section is paired with itself: both lists are the deleted items as found.
            flat.itemDeletes = deletedItems
            itemStage.itemDeletes = deletedItems
            return
        }
        itemStage.itemDeletes.reserveCapacity(deletedItems.count)
        for change in deletedItems {
            let oldSection = change.path.section
            if oldToNew[oldSection] >= 0 { flat.itemDeletes.append(change) }
            let stagedSection = stagedPositions[oldSection]
            if stagedSection >= 0 {
                let stagedPath = ItemPath(item: change.path.item, section: stagedSection)
                itemStage.itemDeletes.append(.init(path: stagedPath, item: change.item))
            }
        }
    }
}
