/// A headless model of a collection view's item counts that checks a batch the way UIKit checks
/// `performBatchUpdates`, throwing the first violated rule.
public enum BatchUpdateValidator {
    /// Checks `batch` against item counts per section before and after it (what the data source
    /// reports); O(sections + entries) expected.
    public static func validate<S, I>(
        _ batch: Changeset<S, I>, beforeCounts: [Int], afterCounts: [Int]
    ) throws(BatchUpdateError) {
        let layout = try SectionLayout(batch, before: beforeCounts.count, after: afterCounts.count)
        try checkItems(batch, layout: layout, before: beforeCounts, after: afterCounts)
        for n in 0..<afterCounts.count {
            let o = layout.newToOld[n]
            guard o >= 0 else { continue }
            let tally = layout.tally[o]
            let expected = beforeCounts[o] - tally.deleted - tally.movedOut + layout.incoming[n].inserted
                + layout.incoming[n].movedIn
            if expected != afterCounts[n] {
                throw BatchUpdateError(.itemCount(
                    section: n, before: beforeCounts[o], after: afterCounts[n], inserted: layout.incoming[n].inserted,
                    deleted: tally.deleted, movedIn: layout.incoming[n].movedIn, movedOut: tally.movedOut))
            }
        }
    }

    /// Checks every item entry for range, section state and conflicts; fills the per-section tallies.
    static func checkItems<S, I>(
        _ batch: Changeset<S, I>, layout: SectionLayout, before: [Int], after: [Int]
    ) throws(BatchUpdateError) {
        var oldSide = [ItemPath: BatchOperation](minimumCapacity: batch.itemDeletes.count + batch.itemMoves.count)
        func claimOld(_ path: ItemPath, _ op: BatchOperation) throws(BatchUpdateError) {
            guard path.section >= 0, path.section < before.count else {
                throw BatchUpdateError(.sectionOutOfRange(op, index: path.section, count: before.count))
            }
            if layout.oldState[path.section] == .deleted { throw BatchUpdateError(.itemInDeletedSection(op, path: path)) }
            if layout.oldState[path.section] == .reloaded { throw BatchUpdateError(.itemInReloadedSection(op, path: path)) }
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
            if layout.newToOld[path.section] < 0 { throw BatchUpdateError(.itemInInsertedSection(op, path: path)) }
            if layout.oldState[layout.newToOld[path.section]] == .reloaded {
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

/// Where every section goes in a batch: inserted and moved sections take their targets, the rest
/// fill the remaining positions in their old order (UIKit's rule).
struct SectionLayout {
    enum OldState: Equatable { case kept, deleted, moved, reloaded }
    struct Tally { var deleted = 0, movedOut = 0 }
    struct Incoming { var inserted = 0, movedIn = 0 }

    var oldState: [OldState]
    /// Old position of each new section, -1 for an inserted one.
    var newToOld: [Int]
    var oldToNew: [Int]
    var tally: [Tally]
    var incoming: [Incoming]

    init<S, I>(_ batch: Changeset<S, I>, before: Int, after: Int) throws(BatchUpdateError) {
        oldState = Array(repeating: .kept, count: before)
        var claimedOld = [BatchOperation?](repeating: nil, count: before)
        func claimOld(_ index: Int, _ op: BatchOperation) throws(BatchUpdateError) {
            guard index >= 0, index < before else { throw BatchUpdateError(.sectionOutOfRange(op, index: index, count: before)) }
            if let first = claimedOld[index] { throw BatchUpdateError(.sectionConflict(index: index, first, op)) }
            claimedOld[index] = op
        }
        for change in batch.sectionDeletes {
            try claimOld(change.index, .deleteSection)
            oldState[change.index] = .deleted
        }
        for change in batch.sectionReloads {
            try claimOld(change.index, .reloadSection)
            oldState[change.index] = .reloaded
        }
        for move in batch.sectionMoves {
            try claimOld(move.from, .moveSection)
            oldState[move.from] = .moved
        }
        let expected = before - batch.sectionDeletes.count + batch.sectionInserts.count
        guard expected == after else {
            throw BatchUpdateError(.sectionCount(
                before: before, after: after, inserted: batch.sectionInserts.count, deleted: batch.sectionDeletes.count))
        }
        var claimedNew = [BatchOperation?](repeating: nil, count: after)
        newToOld = Array(repeating: -1, count: after)
        func claimNew(_ index: Int, _ op: BatchOperation) throws(BatchUpdateError) {
            guard index >= 0, index < after else { throw BatchUpdateError(.sectionOutOfRange(op, index: index, count: after)) }
            if let first = claimedNew[index] { throw BatchUpdateError(.sectionConflict(index: index, first, op)) }
            claimedNew[index] = op
        }
        for change in batch.sectionInserts { try claimNew(change.index, .insertSection) }
        for move in batch.sectionMoves {
            try claimNew(move.to, .moveSection)
            newToOld[move.to] = move.from
        }
        var next = 0
        for n in 0..<after where claimedNew[n] == nil {
            while oldState[next] == .deleted || oldState[next] == .moved { next += 1 }
            newToOld[n] = next
            next += 1
        }
        oldToNew = Array(repeating: -1, count: before)
        for (n, o) in newToOld.enumerated() where o >= 0 { oldToNew[o] = n }
        tally = Array(repeating: Tally(), count: before)
        incoming = Array(repeating: Incoming(), count: after)
        // Tallies only count entries whose sections are in range; out-of-range entries are reported later.
        for change in batch.itemDeletes where change.path.section >= 0 && change.path.section < before {
            tally[change.path.section].deleted += 1
        }
        for move in batch.itemMoves {
            if move.from.section >= 0 && move.from.section < before { tally[move.from.section].movedOut += 1 }
            if move.to.section >= 0 && move.to.section < after { incoming[move.to.section].movedIn += 1 }
        }
        for change in batch.itemInserts where change.path.section >= 0 && change.path.section < after {
            incoming[change.path.section].inserted += 1
        }
    }
}
