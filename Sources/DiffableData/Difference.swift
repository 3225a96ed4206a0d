// The diff: identifiers are matched through the new snapshot's hash table (Heckel's symbol table;
// identifiers are unique, so one lookup per old item settles it), then each section's surviving items
// keep their places along a longest increasing run of old positions and the rest are moves.
// Expected time O(n) for n items when order is mostly kept, O(n log n) at worst; no per-item allocation.

extension DiffableSnapshot {
    /// The changes that turn `old` into this snapshot, flat and staged (see ``SnapshotDifference``).
    ///
    /// Identity is the identifier. An item found in both whose content differs by `itemContentEqual`
    /// (old, new), or that this snapshot marks reloaded or reconfigured, is an update; a section likewise
    /// by `sectionContentEqual` or its reload mark. Expected O(n) for mostly ordered input.
    @inlinable
    public func difference(
        from old: Self,
        itemContentEqual: (ItemIdentifier, ItemIdentifier) -> Bool = { _, _ in true },
        sectionContentEqual: (SectionIdentifier, SectionIdentifier) -> Bool = { _, _ in true }
    ) -> SnapshotDifference<SectionIdentifier, ItemIdentifier> {
        var differ = SnapshotDiffer(oldSections: old.sectionList, oldContents: old.sectionContents, new: self)
        return differ.run(itemContentEqual: itemContentEqual, sectionContentEqual: sectionContentEqual)
    }
}

@usableFromInline
struct SnapshotDiffer<S: Hashable & Sendable, I: Hashable & Sendable> {
    @usableFromInline typealias Snapshot = DiffableSnapshot<S, I>
    @usableFromInline typealias Batch = Changeset<S, I>
    @usableFromInline let oldSections: [S]
    @usableFromInline let oldContents: [[I]]
    @usableFromInline let new: Snapshot
    @usableFromInline var flat = Batch()
    @usableFromInline var run = LongestIncreasingRun()

    @inlinable
    init(oldSections: [S], oldContents: [[I]], new: Snapshot) {
        self.oldSections = oldSections
        self.oldContents = oldContents
        self.new = new
    }

    /// What the item pass found: where each new item came from, and the deletes and updates.
    @usableFromInline
    struct ItemMatches {
        /// For each new item (flat, in new order), its old slot; section -1 when it is inserted.
        @usableFromInline var source: [ItemSlot]
        /// Old items that are gone, at their old paths.
        @usableFromInline var deleted: [Batch.ItemChange] = []
        /// Items whose content changed or that are marked reloaded, at their old paths.
        @usableFromInline var updates: [Batch.ItemChange] = []
        /// For each old section that is deleted, whether some of its items live on elsewhere.
        @usableFromInline var survivors: [Bool]

        @inlinable
        init(source: [ItemSlot], survivors: [Bool]) {
            self.source = source
            self.survivors = survivors
        }
    }

    /// Runs the passes in order and assembles the flat changeset and its stages.
    @inlinable
    mutating func run(
        itemContentEqual: (I, I) -> Bool, sectionContentEqual: (S, S) -> Bool
    ) -> SnapshotDifference<S, I> {
        // Pass 1: pair sections by identifier.
        let (oldToNew, newToOld) = matchSections()
        // Pass 2: find each old item in the new snapshot (one hash lookup each).
        let matches = matchItems(oldToNew: oldToNew, itemContentEqual: itemContentEqual)
        // Pass 3: section inserts, deletes, reloads and moves (off the longest increasing run).
        let sectionReloads = diffSections(
            oldToNew: oldToNew, newToOld: newToOld, sectionContentEqual: sectionContentEqual
        )
        flat.itemUpdates = matches.updates
        let sectionsChange =
            !flat.sectionDeletes.isEmpty || !flat.sectionInserts.isEmpty
            || !flat.sectionMoves.isEmpty
        // Pass 4: where each old section sits during the items stage.
        let (staged, tail) = stagedPositions(oldToNew: oldToNew, survivors: matches.survivors)
        // Pass 5: item deletes, then inserts and moves section by section.
        var items = Batch()
        collectDeletes(matches.deleted, oldToNew: oldToNew, staged: staged, into: &items)
        collectInsertsAndMoves(source: matches.source, newToOld: newToOld, staged: staged, into: &items)
        // Pass 6: the stages in the order a collection view can apply them.
        var stages: [Batch] = []
        if !matches.updates.isEmpty {
            var stage = Batch()
            stage.itemUpdates = matches.updates
            stages.append(stage)
        }
        if sectionsChange {
            stages.append(
                sectionStage(oldToNew: oldToNew, newToOld: newToOld, staged: staged, survivors: matches.survivors)
            )
        }
        if !items.isEmpty { stages.append(items) }
        if !tail.isEmpty {
            var stage = Batch()
            stage.sectionDeletes = tail.enumerated().map { offset, oldIndex in
                .init(index: new.sectionList.count + offset, section: oldSections[oldIndex])
            }
            stages.append(stage)
        }
        if !sectionReloads.isEmpty {
            var stage = Batch()
            stage.sectionReloads = sectionReloads
            stages.append(stage)
        }
        return SnapshotDifference(changeset: flat, stages: stages)
    }

    /// Pairs old and new sections by identifier: each side's partner position, -1 for none.
    /// - Complexity: O(sections), one hash lookup per old section.
    @inlinable
    func matchSections() -> (oldToNew: [Int], newToOld: [Int]) {
        var oldToNew = [Int](repeating: -1, count: oldSections.count)
        var newToOld = [Int](repeating: -1, count: new.sectionList.count)
        for (oldIndex, section) in oldSections.enumerated() {
            if let newIndex = new.sectionPositions[section] {
                oldToNew[oldIndex] = newIndex
                newToOld[newIndex] = oldIndex
            }
        }
        return (oldToNew, newToOld)
    }

    /// Looks every old item up in the new snapshot's table: its new slot learns where it came from,
    /// a missing (or repeated) one is a delete, a changed or marked one is an update.
    /// - Complexity: O(old items), one hash lookup each.
    @inlinable
    func matchItems(oldToNew: [Int], itemContentEqual: (I, I) -> Bool) -> ItemMatches {
        let unset = ItemSlot(section: -1, index: 0)
        var matches = ItemMatches(
            source: [ItemSlot](repeating: unset, count: new.slots.count),
            survivors: [Bool](repeating: false, count: oldSections.count)
        )
        let checkMarks = !new.reloadedItems.isEmpty || !new.reconfiguredItems.isEmpty
        for oldSection in 0..<oldSections.count {
            let items = oldContents[oldSection]
            for (index, item) in items.enumerated() {
                let oldPath = ItemPath(item: index, section: oldSection)
                // A repeated old identifier (possible only in the array form) is a delete.
                guard let slot = new.slots[item],
                    matches.source[new.sectionStarts[Int(slot.section)] + Int(slot.index)].section < 0
                else {
                    matches.deleted.append(.init(path: oldPath, item: item))
                    continue
                }
                let newSection = Int(slot.section)
                matches.source[new.sectionStarts[newSection] + Int(slot.index)] = ItemSlot(
                    section: oldSection, index: index
                )
                let current = new.sectionContents[newSection][Int(slot.index)]
                if (checkMarks && new.isMarkedForUpdate(current)) || !itemContentEqual(item, current) {
                    matches.updates.append(.init(path: oldPath, item: current))
                }
            }
            if oldToNew[oldSection] < 0 { matches.survivors[oldSection] = hasSurvivor(items) }
        }
        return matches
    }

    /// Fills the flat changeset's section inserts, deletes, reloads and moves; returns the reloads at
    /// their new positions, for the last stage.
    /// - Complexity: O(sections log sections) at worst, for the longest increasing run.
    @inlinable
    mutating func diffSections(
        oldToNew: [Int], newToOld: [Int], sectionContentEqual: (S, S) -> Bool
    ) -> [Batch.SectionChange] {
        var sectionReloads: [Batch.SectionChange] = []
        var kept: [Int32] = []
        var keptTargets: [Int] = []
        for newIndex in 0..<new.sectionList.count {
            let section = new.sectionList[newIndex]
            let oldIndex = newToOld[newIndex]
            if oldIndex < 0 {
                flat.sectionInserts.append(.init(index: newIndex, section: section))
                continue
            }
            kept.append(Int32(oldIndex))
            keptTargets.append(newIndex)
            if new.reloadedSections.contains(section) || !sectionContentEqual(oldSections[oldIndex], section) {
                flat.sectionReloads.append(.init(index: oldIndex, section: section))
                sectionReloads.append(.init(index: newIndex, section: section))
            }
        }
        for oldIndex in 0..<oldSections.count where oldToNew[oldIndex] < 0 {
            flat.sectionDeletes.append(.init(index: oldIndex, section: oldSections[oldIndex]))
        }
        run.mark(kept)
        for (position, oldIndex) in kept.enumerated() where !run.keep[position] {
            flat.sectionMoves.append(
                .init(from: Int(oldIndex), to: keptTargets[position], section: oldSections[Int(oldIndex)])
            )
        }
        return sectionReloads
    }

    /// Where an old section sits during the items stage: its new position, or after the new sections
    /// when it is deleted but still holds survivors (those form the `tail`, deleted last).
    /// - Complexity: O(sections).
    @inlinable
    func stagedPositions(oldToNew: [Int], survivors: [Bool]) -> (staged: [Int], tail: [Int]) {
        var staged = oldToNew
        var tail: [Int] = []
        for oldIndex in 0..<oldSections.count where oldToNew[oldIndex] < 0 && survivors[oldIndex] {
            staged[oldIndex] = new.sectionList.count + tail.count
            tail.append(oldIndex)
        }
        return (staged, tail)
    }

    /// Item deletes: in the flat changeset when their section survives, in the items stage at the
    /// section's staged position.
    /// - Complexity: O(deletes).
    @inlinable
    mutating func collectDeletes(
        _ deleted: [Batch.ItemChange], oldToNew: [Int], staged: [Int], into items: inout Batch
    ) {
        items.itemDeletes.reserveCapacity(deleted.count)
        for change in deleted {
            let oldSection = change.path.section
            if oldToNew[oldSection] >= 0 { flat.itemDeletes.append(change) }
            if staged[oldSection] >= 0 {
                let stagedPath = ItemPath(item: change.path.item, section: staged[oldSection])
                items.itemDeletes.append(.init(path: stagedPath, item: change.item))
            }
        }
    }

    @inlinable
    func hasSurvivor(_ items: [I]) -> Bool {
        items.contains { new.slots[$0] != nil }
    }

    /// Inserts and moves for both the flat changeset and the items stage; O(n) for ordered input.
    @inlinable
    mutating func collectInsertsAndMoves(
        source: [ItemSlot], newToOld: [Int], staged: [Int], into items: inout Batch
    ) {
        var sequence: [Int32] = []
        var sequenceTargets: [Int32] = []
        for n in 0..<new.sectionList.count {
            let start = new.sectionStarts[n]
            let contents = new.sectionContents[n]
            let pairedOld = newToOld[n]
            sequence.removeAll(keepingCapacity: true)
            sequenceTargets.removeAll(keepingCapacity: true)
            for (index, item) in contents.enumerated() {
                let from = source[start + index]
                let to = ItemPath(item: index, section: n)
                if from.section < 0 {
                    if pairedOld >= 0 { flat.itemInserts.append(.init(path: to, item: item)) }
                    items.itemInserts.append(.init(path: to, item: item))
                } else if Int(from.section) == pairedOld {
                    sequence.append(from.index)
                    sequenceTargets.append(Int32(index))
                } else {
                    appendMove(from: from, to: to, item: item, staged: staged, into: &items)
                }
            }
            guard !sequence.isEmpty else { continue }
            run.mark(sequence)
            for k in 0..<sequence.count where !run.keep[k] {
                let index = Int(sequenceTargets[k])
                let from = ItemSlot(section: pairedOld, index: Int(sequence[k]))
                appendMove(
                    from: from, to: ItemPath(item: index, section: n), item: contents[index], staged: staged,
                    into: &items)
            }
        }
    }

    @inlinable
    mutating func appendMove(from: ItemSlot, to: ItemPath, item: I, staged: [Int], into items: inout Batch) {
        let o = Int(from.section)
        let index = Int(from.index)
        flat.itemMoves.append(.init(from: ItemPath(item: index, section: o), to: to, item: item))
        items.itemMoves.append(.init(from: ItemPath(item: index, section: staged[o]), to: to, item: item))
    }

    /// The sections stage: deletes without survivors, empty inserts, moves into the staged order.
    @inlinable
    mutating func sectionStage(oldToNew: [Int], newToOld: [Int], staged: [Int], survivors: [Bool]) -> Batch {
        var stage = Batch()
        stage.sectionInserts = flat.sectionInserts
        for o in 0..<oldSections.count where oldToNew[o] < 0 && !survivors[o] {
            stage.sectionDeletes.append(.init(index: o, section: oldSections[o]))
        }
        // Staged order: new sections, then the kept-for-now deleted ones; moves off its longest run.
        var order: [Int32] = []
        var targets: [Int] = []
        for o in 0..<oldSections.count where staged[o] >= 0 {
            order.append(Int32(o))
            targets.append(staged[o])
        }
        var byTarget = [Int](repeating: -1, count: new.sectionList.count + order.count)
        for (k, t) in targets.enumerated() { byTarget[t] = k }
        var sequence: [Int32] = []
        var sequenceTargets: [Int] = []
        for t in byTarget.indices where byTarget[t] >= 0 {
            sequence.append(order[byTarget[t]])
            sequenceTargets.append(t)
        }
        run.mark(sequence)
        for k in 0..<sequence.count where !run.keep[k] {
            let o = Int(sequence[k])
            stage.sectionMoves.append(.init(from: o, to: sequenceTargets[k], section: oldSections[o]))
        }
        return stage
    }
}

extension SnapshotDifference where SectionIdentifier == Int {
    /// The difference between two flat lists shown as section 0, without building the old side's
    /// lookup table; expected O(n) for mostly ordered input.
    ///
    /// A repeated identifier in `old` matches once and its other copies are deletes; a repeated
    /// identifier in `new` throws, since a snapshot holds each item once.
    @inlinable
    public init(
        from old: [ItemIdentifier], to new: [ItemIdentifier],
        itemContentEqual: (ItemIdentifier, ItemIdentifier) -> Bool = { _, _ in true }
    ) throws(SnapshotError<Int, ItemIdentifier>) {
        let after = try DiffableSnapshot<Int, ItemIdentifier>(section: 0, items: new)
        var differ = SnapshotDiffer(oldSections: [0], oldContents: [old], new: after)
        self = differ.run(itemContentEqual: itemContentEqual, sectionContentEqual: { _, _ in true })
    }
}
