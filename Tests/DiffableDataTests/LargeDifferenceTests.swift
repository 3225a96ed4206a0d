import HabitsTestSupport
import DiffableData
import Testing

/// Snapshots past the size where the diff builds its own table of positions instead of using the
/// snapshot's dictionary: the stages must still turn old into new.
@Suite struct LargeDifference {
    /// 25 sections of 1,000 items with deletes, inserts, moves across sections, content changes, a deleted
    /// section whose items survive elsewhere, and a moved section.
    static func pair(seed: UInt64) throws -> (old: TestSnapshot, new: TestSnapshot) {
        var random = SplitMix(seed: seed)
        var sections = (0..<25).map { section in (0..<1_000).map { VersionedItem(id: section * 1_000 + $0) } }
        let old = try TestSnapshot(sections: sections.enumerated().map { ($0.offset, $0.element) })
        var nextID = 25_000
        for _ in 0..<2_000 {
            let section = Int.random(in: 0..<25, using: &random)
            switch Int.random(in: 0...3, using: &random) {
            case 0 where !sections[section].isEmpty:
                sections[section].remove(at: Int.random(in: 0..<sections[section].count, using: &random))
            case 1:
                let at = Int.random(in: 0...sections[section].count, using: &random)
                sections[section].insert(VersionedItem(id: nextID), at: at)
                nextID += 1
            case 2 where !sections[section].isEmpty:
                let item = sections[section].remove(at: Int.random(in: 0..<sections[section].count, using: &random))
                let target = Int.random(in: 0..<25, using: &random)
                sections[target].insert(item, at: Int.random(in: 0...sections[target].count, using: &random))
            case 3 where !sections[section].isEmpty:
                sections[section][Int.random(in: 0..<sections[section].count, using: &random)].version += 1
            default:
                break
            }
        }
        var new = try TestSnapshot(sections: sections.enumerated().map { ($0.offset, $0.element) })
        // Section 3's first items move to section 4 before section 3 goes; section 20 moves to the front.
        for item in new.itemIdentifiers(inSection: 3).prefix(10) {
            try new.tryMoveItem(item, beforeItem: new.itemIdentifiers(inSection: 4)[0])
        }
        try new.tryDeleteSections([3])
        try new.tryMoveSection(20, beforeSection: 0)
        new._checkInvariants()
        return (old, new)
    }

    @Test func stagesTurnOldIntoNew() throws {
        for seed in UInt64(1)...3 {
            let (old, new) = try Self.pair(seed: seed)
            #expect(new.numberOfItems > 16_384)
            let difference = new.difference(from: old) { $0.version == $1.version }
            let replayed = try BatchUpdateApplier.apply(difference, to: old.sectionedItems)
            #expect(replayed == new.sectionedItems, "seed \(seed)")
            #expect(replayed.items.map { $0.map(\.version) } == new.sectionedItems.items.map { $0.map(\.version) })
            #expect(difference.changeset.itemMoves.contains { $0.from.section != $0.to.section }, "seed \(seed)")
        }
    }
}
