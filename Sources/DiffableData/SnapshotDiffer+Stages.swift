// The differ's last passes: item inserts and moves (pass 6) and the ordered stages (pass 7).

extension SnapshotDiffer {
    // MARK: Pass 6: item inserts and moves

    /// Inserts and moves into `flat` and the items stage. In each new section, items from its paired old
    /// section stay along a longest increasing run of old positions and the rest move; items from any other
    /// section always move.
    ///
    /// The only pass that writes inserts and moves: it collects them in local arrays and reads `sources`
    /// and the section's items through buffers, so the loop over every new item neither checks `self`'s
    /// arrays for sharing nor their bounds.
    ///
    /// - Complexity: O(n) for mostly kept order, O(n log n) at worst.
    @inlinable
    mutating func collectInsertsAndMoves() {
        let mirrorFlat = sectionsStayInPlace
        let stagedPositions = self.stagedPositions
        var flatInserts: [Batch.ItemChange] = []
        var flatMoves: [Batch.ItemMove] = []
        var stageInserts: [Batch.ItemChange] = []
        var stageMoves: [Batch.ItemMove] = []
        flatInserts.reserveCapacity(newItemCount - matchedCount)
        if !mirrorFlat { stageInserts.reserveCapacity(newItemCount - matchedCount) }
        /// Records a move in the flat changeset and, unless the items stage mirrors it, in the items stage.
        func appendMove(from source: ItemSlot, to path: ItemPath, item: I) {
            let oldSection = Int(source.section)
            let oldIndex = Int(source.index)
            flatMoves.append(.init(from: ItemPath(item: oldIndex, section: oldSection), to: path, item: item))
            guard !mirrorFlat else { return }
            let stagedFrom = ItemPath(item: oldIndex, section: stagedPositions[oldSection])
            stageMoves.append(.init(from: stagedFrom, to: path, item: item))
        }
        // Buffers for one section's paired items, sized once for the largest section.
        let largestSection = newContents.reduce(0) { max($0, $1.count) }
        var pairedOldIndices = [Int32](repeating: 0, count: largestSection)
        var pairedNewIndices = [Int32](repeating: 0, count: largestSection)
        // Taken out of `self` for the loop (and put back), so that its buffers stay unshared.
        var increasingRun = LongestIncreasingRun()
        swap(&increasingRun, &self.increasingRun)
        sources.withUnsafeBufferPointer { sources in
            for newSection in newSections.indices {
                let start = newStarts[newSection]
                let pairedOld = newToOld[newSection]
                var pairedCount = 0
                newContents[newSection].withUnsafeBufferPointer { newItems in
                    // Inserts, cross-section moves, and the paired items as candidates for staying.
                    for newIndex in newItems.indices {
                        let source = sources[start + newIndex]
                        if source.section < 0 {
                            let path = ItemPath(item: newIndex, section: newSection)
                            let change = Batch.ItemChange(path: path, item: newItems[newIndex])
                            if pairedOld >= 0 { flatInserts.append(change) }
                            if !mirrorFlat { stageInserts.append(change) }
                        } else if Int(source.section) == pairedOld {
                            pairedOldIndices[pairedCount] = source.index
                            pairedNewIndices[pairedCount] = Int32(truncatingIfNeeded: newIndex)
                            pairedCount += 1
                        } else {
                            let path = ItemPath(item: newIndex, section: newSection)
                            appendMove(from: source, to: path, item: newItems[newIndex])
                        }
                    }
                    guard pairedCount > 0 else { return }
                    // Paired items off the longest increasing run of old positions move.
                    pairedOldIndices.withUnsafeBufferPointer { paired in
                        increasingRun.mark(UnsafeBufferPointer(rebasing: paired[0..<pairedCount]))
                    }
                    for runIndex in 0..<pairedCount where !increasingRun.keep[runIndex] {
                        let newIndex = Int(pairedNewIndices[runIndex])
                        let source = ItemSlot(section: pairedOld, index: Int(pairedOldIndices[runIndex]))
                        let path = ItemPath(item: newIndex, section: newSection)
                        appendMove(from: source, to: path, item: newItems[newIndex])
                    }
                }
            }
        }
        swap(&increasingRun, &self.increasingRun)
        flat.itemInserts = flatInserts
        flat.itemMoves = flatMoves
        itemStage.itemInserts = mirrorFlat ? flatInserts : stageInserts
        itemStage.itemMoves = mirrorFlat ? flatMoves : stageMoves
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
