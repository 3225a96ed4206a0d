import DiffableData
import Testing

/// Sections "a" [1, 2, 3], "b" [], "c" [4, 5].
func sampleSnapshot() -> DiffableSnapshot<String, Int> {
    var snapshot = DiffableSnapshot<String, Int>()
    snapshot.appendSections(["a", "b", "c"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4, 5])
    return snapshot
}

@Suite struct SnapshotQueries {
    @Test func countsAndIdentifiers() {
        let snapshot = sampleSnapshot()
        #expect(snapshot.numberOfSections == 3)
        #expect(snapshot.numberOfItems == 5)
        #expect(snapshot.numberOfItems(inSection: "a") == 3)
        #expect(snapshot.numberOfItems(inSection: "b") == 0)
        #expect(snapshot.numberOfItems(inSection: "zzz") == 0)
        #expect(snapshot.sectionIdentifiers == ["a", "b", "c"])
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(snapshot.itemIdentifiers(inSection: "c") == [4, 5])
        #expect(snapshot.itemIdentifiers(inSection: "zzz") == [])
    }

    @Test func lookups() {
        let snapshot = sampleSnapshot()
        #expect(snapshot.sectionIdentifier(containingItem: 4) == "c")
        #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
        #expect(snapshot.indexOfItem(1) == 0)
        #expect(snapshot.indexOfItem(5) == 4)
        #expect(snapshot.indexOfItem(9) == nil)
        #expect(snapshot.indexOfSection("c") == 2)
        #expect(snapshot.indexOfSection("zzz") == nil)
        #expect(snapshot.itemPath(of: 5) == ItemPath(item: 1, section: 2))
        #expect(snapshot.contains(item: 2) && !snapshot.contains(item: 9))
        #expect(snapshot.contains(section: "b") && !snapshot.contains(section: "zzz"))
    }

    @Test func emptySnapshot() {
        let snapshot = DiffableSnapshot<String, Int>()
        #expect(snapshot.numberOfSections == 0)
        #expect(snapshot.numberOfItems == 0)
        #expect(snapshot.itemIdentifiers.isEmpty)
        #expect(snapshot.sectionedItems == SectionedItems(sections: [], items: []))
    }

    @Test func marksComeBackInSnapshotOrder() throws {
        var snapshot = sampleSnapshot()
        try snapshot.tryReloadSections(["c", "a"])
        try snapshot.tryReloadItems([5, 1])
        try snapshot.tryReconfigureItems([4, 2])
        #expect(snapshot.reloadedSectionIdentifiers == ["a", "c"])
        #expect(snapshot.reloadedItemIdentifiers == [1, 5])
        #expect(snapshot.reconfiguredItemIdentifiers == [2, 4])
        #expect(snapshot.isMarkedForUpdate(4) && !snapshot.isMarkedForUpdate(3))
        #expect(snapshot.isMarkedForReload("a") && !snapshot.isMarkedForReload("b"))
        snapshot.deleteItems([5])
        snapshot.deleteSections(["a"])
        #expect(snapshot.reloadedItemIdentifiers == [])
        #expect(snapshot.reloadedSectionIdentifiers == ["c"])
        #expect(snapshot.reconfiguredItemIdentifiers == [4])
    }

    @Test func buildsFromSectionsAndRejectsDuplicates() throws {
        let snapshot = try DiffableSnapshot<String, Int>(sections: [("a", [1, 2]), ("b", [3])])
        #expect(snapshot.sectionedItems == SectionedItems(sections: ["a", "b"], items: [[1, 2], [3]]))
        #expect(throws: SnapshotError<String, Int>(.appendItems, .duplicateItem(1))) {
            try DiffableSnapshot<String, Int>(sections: [("a", [1]), ("b", [1])])
        }
        #expect(throws: SnapshotError<String, Int>(.appendItems, .duplicateItem(7))) {
            try DiffableSnapshot<String, Int>(section: "a", items: [7, 7])
        }
    }
}
