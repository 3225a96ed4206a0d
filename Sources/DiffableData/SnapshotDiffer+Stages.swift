// The differ's last passes: item inserts and moves (pass 6) and the ordered stages (pass 7).

extension SnapshotDiffer {
    // MARK: Pass 6: item inserts and moves

    /// Inserts and moves into `flat` and the items stage. In each new section, items from its paired old
    /// section stay along a longest increasing run of old positions and the rest move; items from any other
    /// section always move.
    ///
    /// - Complexity: O(n) for mostly kept order, O(n log n) at worst.
    @inlinable
    mutating func collectInsertsAndMoves() {
        let mirrorFlat = sectionsStayInPlace
        if mirrorFlat { flat.itemInserts.reserveCapacity(newItemCount - matchedCount) }
        // Buffers for one section's paired items, sized once for the largest section.
        let largestSection = newContents.reduce(0) { max($0, $1.count) }
        var pairedOldIndices: [Int32] = []
        var pairedNewIndices: [Int32] = []
        pairedOldIndices.reserveCapacity(largestSection)
        pairedNewIndices.reserveCapacity(largestSection)
        for newSection in newSections.indices {
            let start = newStarts[newSection]
            let newItems = newContents[newSection]
            let pairedOld = newToOld[newSection]
            pairedOldIndices.removeAll(keepingCapacity: true)
            pairedNewIndices.removeAll(keepingCapacity: true)
            // Inserts, cross-section moves, and the paired items as candidates for staying.
            for newIndex in newItems.indices {
                let source = sources[start + newIndex]
                if source.section < 0 {
                    let path = ItemPath(item: newIndex, section: newSection)
                    let change = Batch.ItemChange(path: path, item: newItems[newIndex])
                    if pairedOld >= 0 { flat.itemInserts.append(change) }
                    if !mirrorFlat { itemStage.itemInserts.append(change) }
                } else if Int(source.section) == pairedOld {
                    pairedOldIndices.append(source.index)
                    pairedNewIndices.append(Int32(newIndex))
                } else {
                    appendMove(from: source, toSection: newSection, index: newIndex, item: newItems[newIndex])
                }
            }
            guard !pairedOldIndices.isEmpty else { continue }
            // Paired items off the longest increasing run of old positions move.
            increasingRun.mark(pairedOldIndices)
            for runIndex in pairedOldIndices.indices where !increasingRun.keep[runIndex] {
                let newIndex = Int(pairedNewIndices[runIndex])
                let source = ItemSlot(section: pairedOld, index: Int(pairedOldIndices[runIndex]))
                appendMove(from: source, toSection: newSection, index: newIndex, item: newItems[newIndex])
            }
        }
        if mirrorFlat {
            itemStage.itemInserts = flat.itemInserts
            itemStage.itemMoves = flat.itemMoves
        }
    }

    /// Records a move in `flat` and, unless the items stage mirrors it, in the items stage.
    ///
    /// - Complexity: O(1) amortized.
    @inlinable
    mutating func appendMove(from source: ItemSlot, toSection newSection: Int, index newIndex: Int, item: I) {
        let oldSection = Int(source.section)
        let oldIndex = Int(source.index)
        let to = ItemPath(item: newIndex, section: newSection)
        flat.itemMoves.append(.init(from: ItemPath(item: oldIndex, section: oldSection), to: to, item: item))
        guard !sectionsStayInPlace else { return }
        let stagedFrom = ItemPath(item: oldIndex, section: stagedPositions[oldSection])
        itemStage.itemMoves.append(.init(from: stagedFrom, to: to, item: item))
    }

    // MARK: Pass 7: stages

    /// The ordered stages: updates, sections, items, the drop of parked sections, section reloads; empty
    /// ones left out.
    ///
    /// - Complexity: O(sections + changes).
    @inlinable
    mutating func assembleStages() -> SnapshotDifference<S, I> {
        var stages: [Batch] = []
        // Updates alone, at old paths.
        if !updatedItems.isEmpty {
            var stage = Batch()
            stage.itemUpdates = updatedItems
            stages.append(stage)
        }
        // Section deletes, inserts and moves, when there are any.
        if !flat.sectionDeletes.isEmpty || !flat.sectionInserts.isEmpty || !flat.sectionMoves.isEmpty {
            stages.append(sectionStage())
        }
        // Item deletes, inserts and moves.
        if !itemStage.isEmpty { stages.append(itemStage) }
        // Deletes of the parked sections, now empty.
        if !parkedSections.isEmpty {
            var stage = Batch()
            let first = newSections.count
            stage.sectionDeletes = parkedSections.enumerated().map {
                .init(index: first + $0.offset, section: oldSections[$0.element])
            }
            stages.append(stage)
        }
        // Section reloads at final positions.
        if !sectionReloadsAtNewPositions.isEmpty {
            var stage = Batch()
            stage.sectionReloads = sectionReloadsAtNewPositions
            stages.append(stage)
        }
        return SnapshotDifference(changeset: flat, stages: stages)
    }

    /// The sections stage: deletes of sections without survivors, inserts (empty), and moves into the
    /// staged order off its longest increasing run.
    ///
    /// - Complexity: O(sections) for mostly kept order, O(sections × log sections) at worst.
    @inlinable
    mutating func sectionStage() -> Batch {
        var stage = Batch()
        stage.sectionInserts = flat.sectionInserts
        for oldPosition in oldSections.indices where oldToNew[oldPosition] < 0 && !hasSurvivors[oldPosition] {
            stage.sectionDeletes.append(.init(index: oldPosition, section: oldSections[oldPosition]))
        }
        // Staged order: the new sections, then the parked ones; each staged position's old section.
        var oldByStagedPosition = [Int32](repeating: -1, count: newSections.count + parkedSections.count)
        for oldPosition in oldSections.indices where stagedPositions[oldPosition] >= 0 {
            oldByStagedPosition[stagedPositions[oldPosition]] = Int32(oldPosition)
        }
        var stagedOld: [Int32] = []
        var stagedTargets: [Int] = []
        for target in oldByStagedPosition.indices where oldByStagedPosition[target] >= 0 {
            stagedOld.append(oldByStagedPosition[target])
            stagedTargets.append(target)
        }
        increasingRun.mark(stagedOld)
        for runIndex in stagedOld.indices where !increasingRun.keep[runIndex] {
            let oldPosition = Int(stagedOld[runIndex])
            let target = stagedTargets[runIndex]
            stage.sectionMoves.append(.init(from: oldPosition, to: target, section: oldSections[oldPosition]))
        }
        return stage
    }
}
