/// Replays batches on plain arrays the way a collection view applies `performBatchUpdates`.
///
/// It is the reference that renderers mirror and the oracle of the diff's tests.
public enum BatchUpdateApplier {
    /// The data after `batch`, or the violated rule.
    ///
    /// Updates replace items at their old paths first. Then inserted and moved sections and items take
    /// their new positions, and the remaining ones fill the other positions in their old order.
    ///
    /// - Complexity: O(n + entries) expected.
    public static func apply<S, I>(
        _ batch: Changeset<S, I>, to data: SectionedItems<S, I>
    ) throws(BatchUpdateError) -> SectionedItems<S, I> {
        let before = data.itemCounts
        let after = data.sections.count - batch.sectionDeletes.count + batch.sectionInserts.count
        let sectionMap = try BatchSectionMap(batch, before: before.count, after: after)
        var afterCounts = [Int](repeating: 0, count: after)
        for newSection in 0..<after {
            let oldSection = sectionMap.newToOld[newSection]
            let tally = oldSection >= 0 ? sectionMap.tally[oldSection] : BatchSectionMap.Tally()
            let base = oldSection >= 0 ? before[oldSection] - tally.deleted - tally.movedOut : 0
            let incoming = sectionMap.incoming[newSection]
            afterCounts[newSection] = base + incoming.inserted + incoming.movedIn
        }
        try BatchUpdateValidator.checkItems(batch, sectionMap: sectionMap, before: before, after: afterCounts)

        var sections = data.sections
        var items = data.items
        for change in batch.sectionReloads { sections[change.index] = change.section }
        for change in batch.itemUpdates { items[change.path.section][change.path.item] = change.item }

        // Old items that leave their position: deleted or moved away.
        var leaving = [[Bool]](repeating: [], count: before.count)
        func markLeaving(_ path: ItemPath) {
            if leaving[path.section].isEmpty {
                leaving[path.section] = Array(repeating: false, count: before[path.section])
            }
            leaving[path.section][path.item] = true
        }
        for change in batch.itemDeletes { markLeaving(change.path) }
        for move in batch.itemMoves { markLeaving(move.from) }

        var placed = [[I?]](repeating: [], count: after)
        for newSection in 0..<after { placed[newSection] = Array(repeating: nil, count: afterCounts[newSection]) }
        for change in batch.itemInserts { placed[change.path.section][change.path.item] = change.item }
        for move in batch.itemMoves { placed[move.to.section][move.to.item] = move.item }

        var newSections: [S] = []
        newSections.reserveCapacity(after)
        var inserted = [S?](repeating: nil, count: after)
        for change in batch.sectionInserts { inserted[change.index] = change.section }
        var newItems: [[I]] = []
        newItems.reserveCapacity(after)
        for newSection in 0..<after {
            let oldSection = sectionMap.newToOld[newSection]
            guard oldSection >= 0 else {
                newSections.append(inserted[newSection]!)
                newItems.append(placed[newSection].map { $0! })
                continue
            }
            newSections.append(sections[oldSection])
            var result: [I] = []
            result.reserveCapacity(afterCounts[newSection])
            var next = 0
            let old = items[oldSection]
            let gone = leaving[oldSection]
            for slot in placed[newSection] {
                if let item = slot {
                    result.append(item)
                    continue
                }
                while !gone.isEmpty && gone[next] { next += 1 }
                result.append(old[next])
                next += 1
            }
            newItems.append(result)
        }
        return SectionedItems(sections: newSections, items: newItems)
    }

    /// The data after every stage of `difference`, in order.
    ///
    /// - Complexity: O(stages × n) expected.
    public static func apply<S, I>(
        _ difference: SnapshotDifference<S, I>, to data: SectionedItems<S, I>
    ) throws(BatchUpdateError) -> SectionedItems<S, I> {
        var current = data
        for stage in difference.stages { current = try apply(stage, to: current) }
        return current
    }
}
