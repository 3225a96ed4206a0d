import HabitsTestSupport
// Debug builds reach into the storage to corrupt it; release builds compile `_checkInvariants()` to nothing
// and cannot import the module for testing, so they run only the property test.
#if DEBUG
@testable import DiffableData
#else
import DiffableData
#endif
import Testing

/// Random edits of section snapshots, and of the snapshots they are applied to, keep every stored table
/// consistent; and the checks do catch a corrupted table.
@Suite struct Invariants {
    @Test func randomSectionSnapshotEditsKeepTheTreeConsistent() {
        forEachSeed(count: 1000) { seed in
            var random = SplitMix(seed: seed)
            var outline = DiffableSectionSnapshot<Int>()
            var snapshot = try DiffableSnapshot<Int, Int>(sections: [(0, [-1, -2]), (1, [])])
            var nextItem = 0
            func fresh(_ count: Int) -> [Int] {
                defer { nextItem += count }
                return Array(nextItem..<(nextItem + count))
            }
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                let items = outline.items
                let anchor = items.randomElement(using: &random)
                switch Int.random(in: 0...7, using: &random) {
                case 0:
                    let parent = Bool.random(using: &random) ? anchor : nil
                    try outline.tryAppend(fresh(Int.random(in: 1...3, using: &random)), to: parent)
                case 1 where anchor != nil: try outline.tryInsert(fresh(2), before: anchor!)
                case 2 where anchor != nil: try outline.tryInsert(fresh(1), after: anchor!)
                case 3 where anchor != nil: try outline.tryDelete([anchor!])
                case 4 where anchor != nil: try outline.tryExpand([anchor!])
                case 5 where anchor != nil: try outline.tryCollapse([anchor!])
                case 6 where anchor != nil:
                    var children = DiffableSectionSnapshot<Int>()
                    try children.tryAppend(fresh(2))
                    try children.tryAppend(fresh(1), to: children.items[0])
                    try outline.tryReplace(childrenOf: anchor!, using: children)
                case 7 where anchor != nil: outline = try outline.trySnapshot(of: anchor!, includingParent: true)
                default: break
                }
                outline._checkInvariants()
                try snapshot.tryApply(outline, to: 1)
                snapshot._checkInvariants()
            }
        }
    }

    #if DEBUG
    @Test func aCorruptedSnapshotIsReported() throws {
        var snapshot = try DiffableSnapshot<String, Int>(sections: [("a", [1, 2]), ("b", [3])])
        #expect(snapshot.invariantViolation() == nil)
        snapshot.slots[2] = ItemSlot(section: 0, index: 0)
        #expect(snapshot.invariantViolation() != nil)
        var shifted = try DiffableSnapshot<String, Int>(sections: [("a", [1, 2]), ("b", [3])])
        shifted.sectionStarts[1] = 1
        #expect(shifted.invariantViolation() != nil)
        var stale = try DiffableSnapshot<String, Int>(section: "a", items: [1])
        stale.reloadedItems.insert(9)
        #expect(stale.invariantViolation() != nil)
    }

    @Test func aCorruptedSectionSnapshotIsReported() throws {
        var outline = DiffableSectionSnapshot<String>()
        try outline.tryAppend(["a", "b"])
        try outline.tryAppend(["a1"], to: "a")
        #expect(outline.invariantViolation() == nil)
        var orphan = outline
        orphan.parents["a1"] = "b"
        #expect(orphan.invariantViolation() != nil)
        var deep = outline
        deep.levels[deep.positions["a1"]!] = 2
        #expect(deep.invariantViolation() != nil)
        var stale = outline
        stale.expanded.insert("z")
        #expect(stale.invariantViolation() != nil)
    }

    @Test func checkInvariantsTrapsOnACorruptedSnapshot() async {
        await #expect(processExitsWith: .failure) {
            var snapshot = try DiffableSnapshot<String, Int>(sections: [("a", [1, 2])])
            snapshot.sectionStarts[0] = 5
            snapshot._checkInvariants()
        }
    }
    #endif
}
