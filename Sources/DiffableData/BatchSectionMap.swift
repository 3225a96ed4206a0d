/// Where every section goes in a batch: inserted and moved sections take their targets, the rest
/// fill the remaining positions in their old order (UIKit's rule).
struct BatchSectionMap {
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
            guard index >= 0, index < before else {
                throw BatchUpdateError(.sectionOutOfRange(op, index: index, count: before))
            }
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
                before: before, after: after,
                inserted: batch.sectionInserts.count, deleted: batch.sectionDeletes.count))
        }
        var claimedNew = [BatchOperation?](repeating: nil, count: after)
        newToOld = Array(repeating: -1, count: after)
        func claimNew(_ index: Int, _ op: BatchOperation) throws(BatchUpdateError) {
            guard index >= 0, index < after else {
                throw BatchUpdateError(.sectionOutOfRange(op, index: index, count: after))
            }
            if let first = claimedNew[index] { throw BatchUpdateError(.sectionConflict(index: index, first, op)) }
            claimedNew[index] = op
        }
        for change in batch.sectionInserts { try claimNew(change.index, .insertSection) }
        for move in batch.sectionMoves {
            try claimNew(move.to, .moveSection)
            newToOld[move.to] = move.from
        }
        var next = 0
        for newPosition in 0..<after where claimedNew[newPosition] == nil {
            while oldState[next] == .deleted || oldState[next] == .moved { next += 1 }
            newToOld[newPosition] = next
            next += 1
        }
        oldToNew = Array(repeating: -1, count: before)
        for (newPosition, oldPosition) in newToOld.enumerated() where oldPosition >= 0 {
            oldToNew[oldPosition] = newPosition
        }
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
