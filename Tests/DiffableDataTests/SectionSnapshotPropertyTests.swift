import DiffableData
import HabitsTestSupport
import Testing

/// Random edits of an outline keep its tables consistent (`_checkInvariants()` after each edit), and
/// refused edits change nothing.
@Suite struct SectionSnapshotProperties {
    @Test func randomEditsKeepTheOutlineConsistent() {
        forEachSeed(count: 500 as UInt64) { seed in
            var random = SplitMix(seed: seed)
            var outline = DiffableSectionSnapshot<Int>()
            var nextID = 0
            func fresh(_ count: Int) -> [Int] {
                defer { nextID += count }
                return Array(nextID..<(nextID + count))
            }
            for _ in 0..<40 {
                let items = outline.items
                let before = outline
                var refused = false
                do {
                    switch Int.random(in: 0...5, using: &random) {
                    case 0:
                        try outline.tryAppend(fresh(Int.random(in: 1...3, using: &random)))
                    case 1 where !items.isEmpty:
                        try outline.tryAppend(
                            fresh(Int.random(in: 1...3, using: &random)), to: items.randomElement(using: &random)!)
                    case 2 where !items.isEmpty:
                        try outline.tryInsert(fresh(1), before: items.randomElement(using: &random)!)
                    case 3 where !items.isEmpty:
                        try outline.tryInsert(fresh(1), after: items.randomElement(using: &random)!)
                    case 4 where !items.isEmpty:
                        try outline.tryDelete([items.randomElement(using: &random)!])
                    case 5 where !items.isEmpty:
                        try outline.tryDelete([items.randomElement(using: &random)!, nextID + 1_000])
                    default:
                        break
                    }
                } catch {
                    refused = true
                }
                outline._checkInvariants()
                if refused { #expect(outline == before, "seed \(seed): a refused edit changed the outline") }
            }
        }
    }
}
