import DiffableData
import Testing

typealias Batch = Changeset<String, Int>

func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(item: item, section: section) }

@Suite struct BatchUpdateValidation {
    let counts = [3, 2]

    func rejection(_ batch: Batch, before: [Int]? = nil, after: [Int]) -> BatchUpdateRule? {
        do {
            try BatchUpdateValidator.validate(batch, beforeCounts: before ?? counts, afterCounts: after)
            return nil
        } catch {
            return error.rule
        }
    }

    @Test func acceptsAConsistentBatch() {
        var batch = Batch()
        batch.itemDeletes = [.init(path: path(0, 0), item: 1)]
        batch.itemInserts = [.init(path: path(1, 2), item: 9)]
        batch.itemMoves = [.init(from: path(0, 1), to: path(1, 0), item: 2)]
        #expect(rejection(batch, after: [1, 4]) == nil)
    }

    @Test func itemCountMustAddUp() {
        var batch = Batch()
        batch.itemInserts = [.init(path: path(0, 0), item: 9)]
        #expect(
            rejection(batch, after: [3, 2])
                == .itemCount(section: 0, before: 3, after: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0))
    }

    @Test func sectionCountMustAddUp() {
        var batch = Batch()
        batch.sectionInserts = [.init(index: 0, section: "x")]
        #expect(rejection(batch, after: [3, 2]) == .sectionCount(before: 2, after: 2, inserted: 1, deleted: 0))
    }

    @Test func indicesMustBeInRange() {
        var batch = Batch()
        batch.itemDeletes = [.init(path: path(0, 3), item: 1)]
        #expect(rejection(batch, after: [2, 2]) == .itemOutOfRange(.deleteItem, path: path(0, 3), count: 3))
        batch = Batch()
        batch.itemInserts = [.init(path: path(1, 5), item: 1)]
        #expect(rejection(batch, after: [3, 3]) == .itemOutOfRange(.insertItem, path: path(1, 5), count: 3))
        batch = Batch()
        batch.sectionDeletes = [.init(index: 4, section: "x")]
        #expect(rejection(batch, after: [3]) == .sectionOutOfRange(.deleteSection, index: 4, count: 2))
        batch = Batch()
        batch.itemUpdates = [.init(path: path(7, 0), item: 1)]
        #expect(rejection(batch, after: counts) == .sectionOutOfRange(.reloadItem, index: 7, count: 2))
    }

    @Test func samePathTwiceIsRejected() {
        var batch = Batch()
        batch.itemDeletes = [.init(path: path(0, 0), item: 1), .init(path: path(0, 0), item: 1)]
        #expect(rejection(batch, after: [1, 2]) == .itemConflict(path: path(0, 0), .deleteItem, .deleteItem))
        batch = Batch()
        batch.itemDeletes = [.init(path: path(0, 1), item: 2)]
        batch.itemUpdates = [.init(path: path(0, 1), item: 2)]
        #expect(rejection(batch, after: [2, 2]) == .itemConflict(path: path(0, 1), .deleteItem, .reloadItem))
        batch = Batch()
        batch.itemUpdates = [.init(path: path(0, 1), item: 2)]
        batch.itemMoves = [.init(from: path(0, 1), to: path(0, 0), item: 2)]
        #expect(rejection(batch, after: counts) == .itemConflict(path: path(0, 1), .reloadItem, .moveItem))
        batch = Batch()
        batch.itemInserts = [.init(path: path(1, 0), item: 8), .init(path: path(1, 0), item: 9)]
        #expect(rejection(batch, after: [3, 4]) == .itemConflict(path: path(1, 0), .insertItem, .insertItem))
        batch = Batch()
        batch.sectionDeletes = [.init(index: 1, section: "b")]
        batch.sectionReloads = [.init(index: 1, section: "b")]
        #expect(rejection(batch, after: [3]) == .sectionConflict(index: 1, .deleteSection, .reloadSection))
    }

    @Test func itemsInsideChangingSectionsAreRejected() {
        var batch = Batch()
        batch.sectionDeletes = [.init(index: 1, section: "b")]
        batch.itemDeletes = [.init(path: path(1, 0), item: 4)]
        #expect(rejection(batch, after: [3]) == .itemInDeletedSection(.deleteItem, path: path(1, 0)))
        batch = Batch()
        batch.sectionInserts = [.init(index: 0, section: "x")]
        batch.itemInserts = [.init(path: path(0, 0), item: 9)]
        #expect(rejection(batch, after: [1, 3, 2]) == .itemInInsertedSection(.insertItem, path: path(0, 0)))
        batch = Batch()
        batch.sectionReloads = [.init(index: 0, section: "a")]
        batch.itemUpdates = [.init(path: path(0, 0), item: 1)]
        #expect(rejection(batch, after: counts) == .itemInReloadedSection(.reloadItem, path: path(0, 0)))
    }

    @Test func messagesNameTheRule() {
        #expect(BatchUpdateError(.itemConflict(path: path(0, 1), .deleteItem, .reloadItem)).description
            == "deleteItem and reloadItem of the same index path [0, 1]")
        let rule = BatchUpdateRule.itemCount(
            section: 2, before: 3, after: 5, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)
        #expect(
            BatchUpdateError(rule).description
                == "invalid number of items in section 2: 5 after the update must equal 3 before, plus 1 inserted, "
                + "minus 0 deleted, plus 0 moved in, minus 0 moved out")
        #expect(BatchUpdateError(.sectionCount(before: 2, after: 2, inserted: 1, deleted: 0)).description
            == "invalid number of sections: 2 after the update must equal 2 before, plus 1 inserted, minus 0 deleted")
        #expect(BatchUpdateError(.itemOutOfRange(.insertItem, path: path(1, 5), count: 3)).description
            == "insertItem: item [1, 5] is out of range, section 1 has 3 items")
        #expect(BatchUpdateError(.sectionOutOfRange(.deleteSection, index: 4, count: 2)).description
            == "deleteSection: section 4 is out of range, there are 2 sections")
        #expect(BatchUpdateError(.sectionConflict(index: 1, .deleteSection, .moveSection)).description
            == "deleteSection and moveSection of the same section 1")
        #expect(BatchUpdateError(.itemInDeletedSection(.moveItem, path: path(1, 0))).description
            == "moveItem: item [1, 0] is in a section being deleted")
        #expect(BatchUpdateError(.itemInInsertedSection(.insertItem, path: path(0, 0))).description
            == "insertItem: item [0, 0] is in a section being inserted")
        #expect(BatchUpdateError(.itemInReloadedSection(.reloadItem, path: path(0, 0))).description
            == "reloadItem: item [0, 0] is in a section being reloaded")
    }
}

@Suite struct BatchUpdateApplying {
    let data = SectionedItems(sections: ["a", "b"], items: [[1, 2, 3], [4, 5]])

    @Test func appliesLikeACollectionView() throws {
        var batch = Batch()
        batch.itemDeletes = [.init(path: path(0, 0), item: 1)]
        batch.sectionMoves = [.init(from: 1, to: 0, section: "b")]
        // Item paths after the batch refer to the new section order: "b" is section 0 now.
        batch.itemInserts = [.init(path: path(0, 0), item: 9)]
        batch.itemMoves = [.init(from: path(0, 2), to: path(0, 3), item: 3)]
        let result = try BatchUpdateApplier.apply(batch, to: data)
        #expect(result == SectionedItems(sections: ["b", "a"], items: [[9, 4, 5, 3], [2]]))
    }

    @Test func updatesReplaceItemsAtOldPaths() throws {
        var batch = Batch()
        batch.itemUpdates = [.init(path: path(1, 1), item: 50)]
        batch.sectionReloads = [.init(index: 0, section: "A")]
        let expected = SectionedItems(sections: ["A", "b"], items: [[1, 2, 3], [4, 50]])
        #expect(try BatchUpdateApplier.apply(batch, to: data) == expected)
    }

    @Test func refusesAnInvalidBatchInsteadOfTrapping() {
        var batch = Batch()
        batch.itemDeletes = [.init(path: path(0, 9), item: 1)]
        #expect(throws: BatchUpdateError(.itemOutOfRange(.deleteItem, path: path(0, 9), count: 3))) {
            try BatchUpdateApplier.apply(batch, to: data)
        }
        batch = Batch()
        batch.itemInserts = [.init(path: path(0, 7), item: 1)]
        #expect(throws: BatchUpdateError(.itemOutOfRange(.insertItem, path: path(0, 7), count: 4))) {
            try BatchUpdateApplier.apply(batch, to: data)
        }
    }
}
