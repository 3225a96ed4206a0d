import DiffableData
import HabitsTestSupport
import Testing

/// A random old list with repeated items and a new list made from it by runs of inserts and deletes,
/// swaps and block moves: the edits that the diff's guesses of the next position follow or lose.
func randomListPair(seed: UInt64) -> (old: [Int], new: [Int]) {
    var random = SplitMix(seed: seed)
    let count = Int.random(in: 0...60, using: &random)
    var old = Array(0..<count)
    var new = old
    var nextItem = 1_000
    for _ in 0..<Int.random(in: 0...8, using: &random) {
        switch Int.random(in: 0...4, using: &random) {
        case 0 where !new.isEmpty:
            let start = Int.random(in: 0..<new.count, using: &random)
            new.removeSubrange(start..<min(new.count, start + Int.random(in: 1...7, using: &random)))
        case 1:
            let run = Int.random(in: 1...7, using: &random)
            new.insert(contentsOf: nextItem..<(nextItem + run), at: Int.random(in: 0...new.count, using: &random))
            nextItem += run
        case 2 where !new.isEmpty:
            new.swapAt(Int.random(in: 0..<new.count, using: &random), Int.random(in: 0..<new.count, using: &random))
        case 3 where !new.isEmpty:
            let start = Int.random(in: 0..<new.count, using: &random)
            let block = Array(new[start..<min(new.count, start + Int.random(in: 1...10, using: &random))])
            new.removeSubrange(start..<(start + block.count))
            new.insert(contentsOf: block, at: Int.random(in: 0...new.count, using: &random))
        case 4 where !old.isEmpty:
            // A copy of an old item, before or after the original.
            let copy = old[Int.random(in: 0..<old.count, using: &random)]
            old.insert(copy, at: Int.random(in: 0...old.count, using: &random))
        default:
            break
        }
    }
    return (old, new)
}

/// The flat-list diff against plain rules: the first old copy of an item is the one kept, every later copy
/// and every item missing from the new list is deleted, and the fewest items move.
@Suite struct ArrayDifferenceProperties {
    @Test func firstCopiesAreKeptAndTheFewestItemsMove() throws {
        var pairsWithCopies = 0
        for seed in PropertySeeds.current.seeds(defaultCount: 3_000) {
            let (old, new) = randomListPair(seed: seed)
            let difference = try SnapshotDifference<Int, Int>(from: old, to: new)
            let firstIndex = Dictionary(old.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
            if firstIndex.count < old.count { pairsWithCopies += 1 }
            let newItems = Set(new)
            let expectedDeletes = old.indices.filter { !newItems.contains(old[$0]) || firstIndex[old[$0]] != $0 }
            #expect(difference.changeset.itemDeletes.map(\.path.item) == expectedDeletes, "seed \(seed)")
            let expectedInserts = new.filter { firstIndex[$0] == nil }
            #expect(difference.changeset.itemInserts.map(\.item) == expectedInserts, "seed \(seed)")
            #expect(
                difference.changeset.itemMoves.allSatisfy { firstIndex[$0.item] == $0.from.item }, "seed \(seed)")
            // Kept items in new order, by old position: all but a longest increasing run of them move.
            let keptOldPositions = new.compactMap { firstIndex[$0] }
            let expectedMoves = keptOldPositions.count - longestIncreasingLength(keptOldPositions)
            #expect(difference.changeset.itemMoves.count == expectedMoves, "seed \(seed)")
            var data = SectionedItems(sections: [0], items: [old])
            for stage in difference.stages { data = try BatchUpdateApplier.apply(stage, to: data) }
            #expect(data.items == [new], "seed \(seed)")
        }
        #expect(pairsWithCopies > 300)
    }

    /// Every place of a repeat in the new list, in the first items and the last ones, which the position
    /// table hashes in different loops; the first item met a second time is the one reported.
    @Test func theFirstRepeatedNewItemThrows() {
        for count in 2...13 {
            for first in 0..<count {
                for second in (first + 1)..<count {
                    var new = Array(0..<count)
                    new[second] = first
                    // A later repeat of another item must not be the one reported.
                    if second + 1 < count - 1 { new[count - 1] = new[second + 1] }
                    #expect(throws: SnapshotError<Int, Int>(.appendItems, .duplicateItem(first))) {
                        try SnapshotDifference<Int, Int>(from: [0, 1], to: new)
                    }
                }
            }
        }
    }

    @Test func uniqueListsDiffAsTheirSnapshotsDo() throws {
        for seed in PropertySeeds.current.seeds(defaultCount: 1_000) {
            var (old, new) = randomListPair(seed: seed)
            var seen = Set<Int>()
            old = old.filter { seen.insert($0).inserted }
            let oldSnapshot = try DiffableSnapshot<Int, Int>(section: 0, items: old)
            let newSnapshot = try DiffableSnapshot<Int, Int>(section: 0, items: new)
            let flat = try SnapshotDifference(from: old, to: new)
            #expect(flat == newSnapshot.difference(from: oldSnapshot), "seed \(seed)")
        }
    }
}

/// Length of a longest strictly increasing subsequence, by the quadratic textbook method.
func longestIncreasingLength(_ values: [Int]) -> Int {
    var lengths = [Int](repeating: 1, count: values.count)
    for index in values.indices {
        for earlier in 0..<index where values[earlier] < values[index] {
            lengths[index] = max(lengths[index], lengths[earlier] + 1)
        }
    }
    return lengths.max() ?? 0
}
