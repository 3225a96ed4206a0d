import DiffableData
import Testing

typealias Difference = SnapshotDifference<String, Int>

func snapshot(_ sections: [(String, [Int])]) -> DiffableSnapshot<String, Int> {
    try! DiffableSnapshot(sections: sections)
}

/// Replays the stages and checks each with the validator; returns the final data.
func replay(_ difference: Difference, on old: DiffableSnapshot<String, Int>) throws -> SectionedItems<String, Int> {
    var current = old.sectionedItems
    for stage in difference.stages {
        let next = try BatchUpdateApplier.apply(stage, to: current)
        try BatchUpdateValidator.validate(stage, beforeCounts: current.itemCounts, afterCounts: next.itemCounts)
        current = next
    }
    return current
}

@Suite struct DifferenceExamples {
    @Test func identicalSnapshotsHaveNoChanges() {
        let old = snapshot([("a", [1, 2]), ("b", [3])])
        let difference = old.difference(from: old)
        #expect(difference.changeset.isEmpty)
        #expect(difference.stages.isEmpty)
    }

    @Test func deletesAndInsertsUseOldAndNewPaths() throws {
        let old = snapshot([("a", [1, 2, 3])])
        let new = snapshot([("a", [0, 1, 3, 4])])
        let changeset = new.difference(from: old).changeset
        #expect(changeset.itemDeletes == [.init(path: ItemPath(item: 1, section: 0), item: 2)])
        #expect(changeset.itemInserts == [
            .init(path: ItemPath(item: 0, section: 0), item: 0), .init(path: ItemPath(item: 3, section: 0), item: 4),
        ])
        #expect(changeset.itemMoves.isEmpty)
        #expect(try replay(new.difference(from: old), on: old) == new.sectionedItems)
    }

    @Test func swapIsTheFewestMoves() throws {
        let old = snapshot([("a", Array(0..<10))])
        let new = snapshot([("a", [0, 8, 2, 3, 4, 5, 6, 7, 1, 9])])
        let difference = new.difference(from: old)
        #expect(difference.changeset.itemMoves.count == 2)
        #expect(Set(difference.changeset.itemMoves.map(\.item)) == [1, 8])
        #expect(difference.changeset.itemDeletes.isEmpty && difference.changeset.itemInserts.isEmpty)
        #expect(try replay(difference, on: old) == new.sectionedItems)
    }

    @Test func itemsMovingBetweenSectionsAreMoves() throws {
        let old = snapshot([("a", [1, 2]), ("b", [3])])
        let new = snapshot([("a", [1]), ("b", [2, 3])])
        let changeset = new.difference(from: old).changeset
        #expect(changeset.itemMoves == [
            .init(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 0, section: 1), item: 2),
        ])
        #expect(changeset.itemDeletes.isEmpty && changeset.itemInserts.isEmpty)
    }

    @Test func contentChangesAndMarksAreUpdatesAtOldPaths() throws {
        let old = DiffableSnapshot<String, VersionedItem>()
        var before = old
        before.appendSections(["a"])
        before.appendItems([VersionedItem(id: 1), VersionedItem(id: 2), VersionedItem(id: 3)])
        var after = DiffableSnapshot<String, VersionedItem>()
        after.appendSections(["a"])
        after.appendItems([VersionedItem(id: 3), VersionedItem(id: 1, version: 1), VersionedItem(id: 2)])
        after.reconfigureItems([VersionedItem(id: 3)])
        let difference = after.difference(from: before) { $0.version == $1.version }
        let updatedPaths = difference.changeset.itemUpdates.map(\.path)
        #expect(updatedPaths == [ItemPath(item: 0, section: 0), ItemPath(item: 2, section: 0)])
        #expect(difference.changeset.itemUpdates[0].item.version == 1, "the update carries the new content")
        #expect(difference.stages.first?.itemUpdates.count == 2)
        #expect(difference.stages.first?.itemMoves.isEmpty == true, "updates never share a batch with moves")
        #expect(
            after.difference(from: before).changeset.itemUpdates.count == 1, "without a predicate only the mark counts")
    }

    @Test func sectionDeletesInsertsMovesAndReloads() throws {
        let old = snapshot([("a", [1]), ("b", [2]), ("c", [3]), ("d", [4])])
        var new = snapshot([("d", [4]), ("b", [2]), ("x", [5]), ("c", [3])])
        new.reloadSections(["c"])
        let difference = new.difference(from: old)
        let changeset = difference.changeset
        #expect(changeset.sectionDeletes == [.init(index: 0, section: "a")])
        #expect(changeset.sectionInserts == [.init(index: 2, section: "x")])
        #expect(changeset.sectionMoves.count == 1)
        #expect(changeset.sectionReloads == [.init(index: 2, section: "c")])
        #expect(changeset.itemDeletes.isEmpty, "items of a deleted section go with it")
        #expect(changeset.itemInserts.isEmpty, "items of an inserted section come with it")
        #expect(try replay(difference, on: old) == new.sectionedItems)
        #expect(
            difference.stages.last?.sectionReloads == [.init(index: 3, section: "c")],
            "reloads run last, at final positions")
    }

    @Test func survivorsOfADeletedSectionMoveOutBeforeItGoes() throws {
        let old = snapshot([("a", [1, 2]), ("b", [3])])
        let new = snapshot([("b", [3, 2]), ("n", [1])])
        let difference = new.difference(from: old)
        #expect(difference.changeset.itemMoves.count == 2)
        #expect(difference.changeset.sectionDeletes == [.init(index: 0, section: "a")])
        #expect(difference.stages.count == 3)
        #expect(difference.stages[0].sectionInserts == [.init(index: 1, section: "n")])
        #expect(difference.stages[0].sectionMoves.count == 1, "a and b swap places with one move")
        #expect(difference.stages[2].sectionDeletes == [.init(index: 2, section: "a")])
        #expect(try replay(difference, on: old) == new.sectionedItems)
    }

    @Test func emptySnapshots() throws {
        let empty = DiffableSnapshot<String, Int>()
        let full = snapshot([("a", [1, 2]), ("b", [])])
        let growing = full.difference(from: empty)
        #expect(growing.changeset.sectionInserts.count == 2 && growing.changeset.itemInserts.isEmpty)
        #expect(try replay(growing, on: empty) == full.sectionedItems)
        let shrinking = empty.difference(from: full)
        #expect(shrinking.changeset.sectionDeletes.count == 2 && shrinking.changeset.itemDeletes.isEmpty)
        #expect(try replay(shrinking, on: full) == empty.sectionedItems)
    }
}

@Suite struct ArrayDifference {
    @Test func flatListsDiffAsSectionZero() throws {
        let difference = try SnapshotDifference<Int, Int>(from: [1, 2, 3, 4], to: [4, 2, 3, 5])
        #expect(difference.changeset.itemDeletes.map(\.item) == [1])
        #expect(difference.changeset.itemInserts.map(\.path) == [ItemPath(item: 3, section: 0)])
        #expect(difference.changeset.itemMoves.map(\.item) == [4])
        var data = SectionedItems(sections: [0], items: [[1, 2, 3, 4]])
        for stage in difference.stages { data = try BatchUpdateApplier.apply(stage, to: data) }
        #expect(data.items == [[4, 2, 3, 5]])
    }

    @Test func repeatedOldItemsAreDeletedAndRepeatedNewItemsThrow() throws {
        let difference = try SnapshotDifference<Int, Int>(from: [1, 2, 1], to: [1, 3])
        #expect(difference.changeset.itemDeletes.map(\.path.item) == [1, 2])
        var data = SectionedItems(sections: [0], items: [[1, 2, 1]])
        for stage in difference.stages { data = try BatchUpdateApplier.apply(stage, to: data) }
        #expect(data.items == [[1, 3]])
        #expect(throws: SnapshotError<Int, Int>(.appendItems, .duplicateItem(3))) {
            try SnapshotDifference<Int, Int>(from: [1], to: [3, 1, 3])
        }
    }

    @Test func aRefusedAppendLeavesTheSnapshotAsItWas() throws {
        var snapshot = try DiffableSnapshot<String, Int>(section: "a", items: [1, 2])
        #expect(throws: StringIntError(.appendItems, .duplicateItem(4))) { try snapshot.tryAppendItems([3, 4, 5, 4]) }
        #expect(throws: StringIntError(.appendItems, .duplicateItem(2))) { try snapshot.tryAppendItems([3, 2]) }
        #expect(snapshot.itemIdentifiers == [1, 2])
        #expect(!snapshot.contains(item: 3) && !snapshot.contains(item: 4))
        #expect(snapshot.indexOfItem(2) == 1)
        try snapshot.tryAppendItems([3, 4])
        #expect(snapshot.indexOfItem(4) == 3)
    }
}
