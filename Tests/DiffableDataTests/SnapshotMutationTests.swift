import DiffableData
import Testing

typealias StringIntError = SnapshotError<String, Int>

/// Every lookup agrees with the arrays: catches stale positions after a mutation.
func expectConsistent(_ snapshot: DiffableSnapshot<String, Int>, sourceLocation: SourceLocation = #_sourceLocation) {
    var flat = 0
    for (position, section) in snapshot.sectionIdentifiers.enumerated() {
        #expect(snapshot.indexOfSection(section) == position, sourceLocation: sourceLocation)
        for (index, item) in snapshot.itemIdentifiers(inSection: section).enumerated() {
            let path = ItemPath(item: index, section: position)
            #expect(snapshot.itemPath(of: item) == path, sourceLocation: sourceLocation)
            #expect(snapshot.indexOfItem(item) == flat, sourceLocation: sourceLocation)
            #expect(snapshot.sectionIdentifier(containingItem: item) == section, sourceLocation: sourceLocation)
            flat += 1
        }
    }
    #expect(snapshot.numberOfItems == flat, sourceLocation: sourceLocation)
}

@Suite struct SectionMutations {
    @Test func appendSections() throws {
        var snapshot = sampleSnapshot()
        try snapshot.tryAppendSections(["d"])
        #expect(snapshot.sectionIdentifiers == ["a", "b", "c", "d"])
        #expect(throws: StringIntError(.appendSections, .duplicateSection("a"))) {
            try snapshot.tryAppendSections(["e", "a"])
        }
        #expect(throws: StringIntError(.appendSections, .duplicateSection("e"))) {
            try snapshot.tryAppendSections(["e", "e"])
        }
        snapshot.appendSections(["e", "a"])
        #expect(snapshot.sectionIdentifiers == ["a", "b", "c", "d"], "a refused append changes nothing")
        expectConsistent(snapshot)
    }

    @Test func insertSections() throws {
        var snapshot = sampleSnapshot()
        try snapshot.tryInsertSections(["x"], beforeSection: "a")
        try snapshot.tryInsertSections(["y", "z"], afterSection: "b")
        #expect(snapshot.sectionIdentifiers == ["x", "a", "b", "y", "z", "c"])
        #expect(snapshot.indexOfItem(4) == 3)
        expectConsistent(snapshot)
        #expect(throws: StringIntError(.insertSections, .sectionNotFound("q"))) {
            try snapshot.tryInsertSections(["w"], beforeSection: "q")
        }
        #expect(throws: StringIntError(.insertSections, .duplicateSection("x"))) {
            try snapshot.tryInsertSections(["x"], afterSection: "a")
        }
        snapshot.insertSections(["w"], afterSection: "q")
        snapshot.insertSections(["v"], beforeSection: "c")
        #expect(snapshot.sectionIdentifiers == ["x", "a", "b", "y", "z", "v", "c"])
    }

    @Test func deleteSections() throws {
        var snapshot = sampleSnapshot()
        try snapshot.tryDeleteSections(["a"])
        #expect(snapshot.sectionIdentifiers == ["b", "c"])
        #expect(!snapshot.contains(item: 1))
        expectConsistent(snapshot)
        #expect(throws: StringIntError(.deleteSections, .sectionNotFound("a"))) {
            try snapshot.tryDeleteSections(["c", "a"])
        }
        #expect(snapshot.sectionIdentifiers == ["b", "c"])
        snapshot.deleteSections(["b", "b"])
        #expect(snapshot.sectionIdentifiers == ["c"])
        expectConsistent(snapshot)
    }

    @Test func moveSections() throws {
        var snapshot = sampleSnapshot()
        try snapshot.tryMoveSection("c", beforeSection: "a")
        #expect(snapshot.sectionIdentifiers == ["c", "a", "b"])
        expectConsistent(snapshot)
        try snapshot.tryMoveSection("c", afterSection: "b")
        #expect(snapshot.sectionIdentifiers == ["a", "b", "c"])
        expectConsistent(snapshot)
        #expect(throws: StringIntError(.moveSection, .sectionNotFound("q"))) {
            try snapshot.tryMoveSection("q", afterSection: "a")
        }
        #expect(throws: StringIntError(.moveSection, .sectionNotFound("q"))) {
            try snapshot.tryMoveSection("a", beforeSection: "q")
        }
        #expect(throws: StringIntError(.moveSection, .sectionMovedRelativeToItself("a"))) {
            try snapshot.tryMoveSection("a", afterSection: "a")
        }
        snapshot.moveSection("a", afterSection: "c")
        snapshot.moveSection("a", beforeSection: "zz")
        #expect(snapshot.sectionIdentifiers == ["b", "c", "a"])
    }

    @Test func reloadSections() throws {
        var snapshot = sampleSnapshot()
        #expect(throws: StringIntError(.reloadSections, .sectionNotFound("q"))) {
            try snapshot.tryReloadSections(["a", "q"])
        }
        #expect(snapshot.reloadedSectionIdentifiers == [])
        snapshot.reloadSections(["b"])
        #expect(snapshot.reloadedSectionIdentifiers == ["b"])
    }
}

@Suite struct ItemMutations {
    @Test func appendItems() throws {
        var snapshot = sampleSnapshot()
        try snapshot.tryAppendItems([6], toSection: "b")
        try snapshot.tryAppendItems([7])
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 6, 4, 5, 7])
        expectConsistent(snapshot)
        #expect(throws: StringIntError(.appendItems, .duplicateItem(6))) { try snapshot.tryAppendItems([8, 6]) }
        #expect(throws: StringIntError(.appendItems, .duplicateItem(8))) { try snapshot.tryAppendItems([8, 8]) }
        #expect(throws: StringIntError(.appendItems, .sectionNotFound("q"))) {
            try snapshot.tryAppendItems([8], toSection: "q")
        }
        var empty = DiffableSnapshot<String, Int>()
        #expect(throws: StringIntError(.appendItems, .noSections)) { try empty.tryAppendItems([1]) }
        empty.appendItems([1])
        #expect(empty.numberOfItems == 0)
    }

    @Test func insertItems() throws {
        var snapshot = sampleSnapshot()
        try snapshot.tryInsertItems([10, 11], beforeItem: 1)
        try snapshot.tryInsertItems([12], afterItem: 5)
        try snapshot.tryInsertItems([13], afterItem: 2)
        #expect(snapshot.itemIdentifiers(inSection: "a") == [10, 11, 1, 2, 13, 3])
        #expect(snapshot.itemIdentifiers(inSection: "c") == [4, 5, 12])
        expectConsistent(snapshot)
        #expect(throws: StringIntError(.insertItems, .itemNotFound(99))) {
            try snapshot.tryInsertItems([20], beforeItem: 99)
        }
        #expect(throws: StringIntError(.insertItems, .duplicateItem(4))) {
            try snapshot.tryInsertItems([4], afterItem: 1)
        }
        snapshot.insertItems([4], beforeItem: 1)
        snapshot.insertItems([20], afterItem: 99)
        #expect(snapshot.numberOfItems == 9)
    }

    @Test func deleteItems() throws {
        var snapshot = sampleSnapshot()
        try snapshot.tryDeleteItems([2, 5])
        #expect(snapshot.itemIdentifiers == [1, 3, 4])
        expectConsistent(snapshot)
        #expect(throws: StringIntError(.deleteItems, .itemNotFound(2))) { try snapshot.tryDeleteItems([1, 2]) }
        #expect(snapshot.itemIdentifiers == [1, 3, 4])
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfItems == 0 && snapshot.numberOfSections == 0)
    }

    @Test func moveItemsWithinAndAcrossSections() throws {
        var snapshot = sampleSnapshot()
        try snapshot.tryMoveItem(3, beforeItem: 1)
        #expect(snapshot.itemIdentifiers(inSection: "a") == [3, 1, 2])
        try snapshot.tryMoveItem(1, afterItem: 5)
        #expect(snapshot.itemIdentifiers(inSection: "a") == [3, 2])
        #expect(snapshot.itemIdentifiers(inSection: "c") == [4, 5, 1])
        expectConsistent(snapshot)
        try snapshot.tryMoveItem(4, afterItem: 2)
        #expect(snapshot.itemIdentifiers == [3, 2, 4, 5, 1])
        expectConsistent(snapshot)
        #expect(throws: StringIntError(.moveItem, .itemNotFound(9))) { try snapshot.tryMoveItem(9, afterItem: 1) }
        #expect(throws: StringIntError(.moveItem, .itemNotFound(9))) { try snapshot.tryMoveItem(1, beforeItem: 9) }
        #expect(throws: StringIntError(.moveItem, .itemMovedRelativeToItself(1))) {
            try snapshot.tryMoveItem(1, beforeItem: 1)
        }
        snapshot.moveItem(1, beforeItem: 3)
        snapshot.moveItem(1, afterItem: 1)
        #expect(snapshot.itemIdentifiers == [1, 3, 2, 4, 5])
    }

    @Test func reloadAndReconfigureItems() throws {
        var snapshot = sampleSnapshot()
        #expect(throws: StringIntError(.reloadItems, .itemNotFound(9))) { try snapshot.tryReloadItems([1, 9]) }
        #expect(throws: StringIntError(.reconfigureItems, .itemNotFound(9))) { try snapshot.tryReconfigureItems([9]) }
        #expect(snapshot.reloadedItemIdentifiers.isEmpty && snapshot.reconfiguredItemIdentifiers.isEmpty)
        snapshot.reloadItems([2])
        snapshot.reconfigureItems([3])
        #expect(snapshot.reloadedItemIdentifiers == [2])
        #expect(snapshot.reconfiguredItemIdentifiers == [3])
    }

    @Test func errorMessagesNameOperationAndIdentifier() {
        #expect(
            StringIntError(.appendItems, .duplicateItem(7)).description
                == "appendItems: item 7 is already in the snapshot")
        #expect(
            StringIntError(.insertSections, .duplicateSection("a")).description
                == "insertSections: section a is already in the snapshot")
        #expect(
            StringIntError(.deleteSections, .sectionNotFound("q")).description
                == "deleteSections: section q is not in the snapshot")
        #expect(
            StringIntError(.deleteItems, .itemNotFound(9)).description
                == "deleteItems: item 9 is not in the snapshot")
        #expect(
            StringIntError(.appendItems, .noSections).description
                == "appendItems: the snapshot has no section to append items to")
        #expect(
            StringIntError(.moveSection, .sectionMovedRelativeToItself("a")).description
                == "moveSection: section a cannot be moved relative to itself")
        #expect(
            StringIntError(.moveItem, .itemMovedRelativeToItself(1)).description
                == "moveItem: item 1 cannot be moved relative to itself")
    }
}
