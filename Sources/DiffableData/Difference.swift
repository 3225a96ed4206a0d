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

    @inlinable
    mutating func run(
        itemContentEqual: (I, I) -> Bool, sectionContentEqual: (S, S) -> Bool
    ) -> SnapshotDifference<S, I> {
        let oldCount = oldSections.count
        let newCount = new.sectionList.count
        var oldToNew = [Int](repeating: -1, count: oldCount)
        var newToOld = [Int](repeating: -1, count: newCount)
        for (o, section) in oldSections.enumerated() {
            if let n = new.sectionPositions[section] {
                oldToNew[o] = n
                newToOld[n] = o
            }
        }

        // Items: where each new item came from, which old items are gone, which changed.
        let unset = ItemSlot(section: -1, index: 0)
        var source = [ItemSlot](repeating: unset, count: new.slots.count)
        var deleted: [Batch.ItemChange] = []
        var updates: [Batch.ItemChange] = []
        var survivors = [Bool](repeating: false, count: oldCount)
        let checkMarks = !new.reloadedItems.isEmpty || !new.reconfiguredItems.isEmpty
        for o in 0..<oldCount {
            let items = oldContents[o]
            for (index, item) in items.enumerated() {
                // A repeated old identifier (possible only in the array form) is a delete.
                guard let slot = new.slots[item], source[new.sectionStarts[Int(slot.section)] + Int(slot.index)].section < 0 else {
                    deleted.append(.init(path: ItemPath(item: index, section: o), item: item))
                    continue
                }
                let n = Int(slot.section)
                source[new.sectionStarts[n] + Int(slot.index)] = ItemSlot(section: o, index: index)
                let current = new.sectionContents[n][Int(slot.index)]
                if (checkMarks && new.isMarkedForUpdate(current)) || !itemContentEqual(item, current) {
                    updates.append(.init(path: ItemPath(item: index, section: o), item: current))
                }
            }
            if oldToNew[o] < 0 { survivors[o] = hasSurvivor(items) }
        }

        // Sections.
        var sectionReloads: [Batch.SectionChange] = []
        var kept: [Int32] = []
        var keptTargets: [Int] = []
        for n in 0..<newCount {
            let section = new.sectionList[n]
            let o = newToOld[n]
            if o < 0 {
                flat.sectionInserts.append(.init(index: n, section: section))
                continue
            }
            kept.append(Int32(o))
            keptTargets.append(n)
            if new.reloadedSections.contains(section) || !sectionContentEqual(oldSections[o], section) {
                flat.sectionReloads.append(.init(index: o, section: section))
                sectionReloads.append(.init(index: n, section: section))
            }
        }
        for o in 0..<oldCount where oldToNew[o] < 0 {
            flat.sectionDeletes.append(.init(index: o, section: oldSections[o]))
        }
        run.mark(kept)
        for (k, o) in kept.enumerated() where !run.keep[k] {
            flat.sectionMoves.append(.init(from: Int(o), to: keptTargets[k], section: oldSections[Int(o)]))
        }
        flat.itemUpdates = updates

        let sectionsChange = !flat.sectionDeletes.isEmpty || !flat.sectionInserts.isEmpty
            || !flat.sectionMoves.isEmpty
        // Where an old section sits during the items stage: its new position, or after the new
        // sections when it is deleted but still holds survivors.
        var staged = oldToNew
        var tail: [Int] = []
        for o in 0..<oldCount where oldToNew[o] < 0 && survivors[o] {
            staged[o] = newCount + tail.count
            tail.append(o)
        }

        var items = Batch()
        items.itemDeletes.reserveCapacity(deleted.count)
        for change in deleted {
            let o = change.path.section
            if oldToNew[o] >= 0 { flat.itemDeletes.append(change) }
            if staged[o] >= 0 {
                items.itemDeletes.append(.init(path: ItemPath(item: change.path.item, section: staged[o]), item: change.item))
            }
        }
        collectInsertsAndMoves(source: source, newToOld: newToOld, staged: staged, into: &items)

        var stages: [Batch] = []
        if !updates.isEmpty {
            var stage = Batch()
            stage.itemUpdates = updates
            stages.append(stage)
        }
        if sectionsChange {
            stages.append(sectionStage(oldToNew: oldToNew, newToOld: newToOld, staged: staged, survivors: survivors))
        }
        if !items.isEmpty { stages.append(items) }
        if !tail.isEmpty {
            var stage = Batch()
            stage.sectionDeletes = tail.enumerated().map { .init(index: newCount + $0.offset, section: oldSections[$0.element]) }
            stages.append(stage)
        }
        if !sectionReloads.isEmpty {
            var stage = Batch()
            stage.sectionReloads = sectionReloads
            stages.append(stage)
        }
        return SnapshotDifference(changeset: flat, stages: stages)
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
                appendMove(from: from, to: ItemPath(item: index, section: n), item: contents[index], staged: staged, into: &items)
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
