/// Checks a batch the way UIKit checks `performBatchUpdates`, throwing the first violated rule.
///
/// It is a headless model of a collection view's item counts.
public enum BatchUpdateValidator {
    /// Checks `batch` against item counts per section before and after it, as the data source reports them.
    ///
    /// - Complexity: O(sections + entries) expected.
    public static func validate<S, I>(
        _ batch: Changeset<S, I>, beforeCounts: [Int], afterCounts: [Int]
    ) throws(BatchUpdateError) {
        let sectionMap = try BatchSectionMap(batch, before: beforeCounts.count, after: afterCounts.count)
        try checkItems(batch, sectionMap: sectionMap, before: beforeCounts, after: afterCounts)
        for newSection in 0..<afterCounts.count {
            let oldSection = sectionMap.newToOld[newSection]
            guard oldSection >= 0 else { continue }
            let tally = sectionMap.tally[oldSection]
            let incoming = sectionMap.incoming[newSection]
            let expected = beforeCounts[oldSection] - tally.deleted - tally.movedOut + incoming.inserted
                + incoming.movedIn
            if expected != afterCounts[newSection] {
                throw BatchUpdateError(.itemCount(
                    section: newSection, before: beforeCounts[oldSection], after: afterCounts[newSection],
                    inserted: sectionMap.incoming[newSection].inserted,
                    deleted: tally.deleted, movedIn: sectionMap.incoming[newSection].movedIn, movedOut: tally.movedOut))
            }
        }
    }

    /// Checks every item entry for range, section state and conflicts; fills the per-section tallies.
    static func checkItems<S, I>(
        _ batch: Changeset<S, I>, sectionMap: BatchSectionMap, before: [Int], after: [Int]
    ) throws(BatchUpdateError) {
        var oldSide = [ItemPath: BatchOperation](minimumCapacity: batch.itemDeletes.count + batch.itemMoves.count)
        func claimOld(_ path: ItemPath, _ op: BatchOperation) throws(BatchUpdateError) {
            guard path.section >= 0, path.section < before.count else {
                throw BatchUpdateError(.sectionOutOfRange(op, index: path.section, count: before.count))
            }
            if sectionMap.oldState[path.section] == .deleted {
                throw BatchUpdateError(.itemInDeletedSection(op, path: path))
            }
            if sectionMap.oldState[path.section] == .reloaded {
                throw BatchUpdateError(.itemInReloadedSection(op, path: path))
            }
            guard path.item >= 0, path.item < before[path.section] else {
                throw BatchUpdateError(.itemOutOfRange(op, path: path, count: before[path.section]))
            }
            if let first = oldSide.updateValue(op, forKey: path) {
                throw BatchUpdateError(.itemConflict(path: path, first, op))
            }
        }
        var newSide = [ItemPath: BatchOperation](minimumCapacity: batch.itemInserts.count + batch.itemMoves.count)
        func claimNew(_ path: ItemPath, _ op: BatchOperation) throws(BatchUpdateError) {
            guard path.section >= 0, path.section < after.count else {
                throw BatchUpdateError(.sectionOutOfRange(op, index: path.section, count: after.count))
            }
            if sectionMap.newToOld[path.section] < 0 { throw BatchUpdateError(.itemInInsertedSection(op, path: path)) }
            if sectionMap.oldState[sectionMap.newToOld[path.section]] == .reloaded {
                throw BatchUpdateError(.itemInReloadedSection(op, path: path))
            }
            guard path.item >= 0, path.item < after[path.section] else {
                throw BatchUpdateError(.itemOutOfRange(op, path: path, count: after[path.section]))
            }
            if let first = newSide.updateValue(op, forKey: path) {
                throw BatchUpdateError(.itemConflict(path: path, first, op))
            }
        }
        for change in batch.itemDeletes { try claimOld(change.path, .deleteItem) }
        for change in batch.itemUpdates { try claimOld(change.path, .reloadItem) }
        for move in batch.itemMoves { try claimOld(move.from, .moveItem) }
        for change in batch.itemInserts { try claimNew(change.path, .insertItem) }
        for move in batch.itemMoves { try claimNew(move.to, .moveItem) }
    }
}
