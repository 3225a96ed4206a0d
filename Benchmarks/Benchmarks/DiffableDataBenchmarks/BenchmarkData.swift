import DiffableData
import Foundation

/// SplitMix64, so every run diffs the same data.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func uuids(_ count: Int, using random: inout SplitMix) -> [UUID] {
    (0..<count).map { _ in
        let a = random.next(), b = random.next()
        return withUnsafeBytes(of: (a, b)) { UUID(uuid: $0.load(as: uuid_t.self)) }
    }
}

/// DifferenceKit's published scenario: `count` UUIDs, then `changes` deleted, `changes` inserted and
/// `swaps` pairs swapped, all at random positions.
func differenceKitScenario(count: Int, changes: Int, swaps: Int, seed: UInt64) -> (old: [UUID], new: [UUID]) {
    var random = SplitMix(state: seed)
    let old = uuids(count, using: &random)
    var new = old
    for _ in 0..<changes { new.remove(at: Int.random(in: 0..<new.count, using: &random)) }
    for uuid in uuids(changes, using: &random) { new.insert(uuid, at: Int.random(in: 0...new.count, using: &random)) }
    for _ in 0..<swaps {
        new.swapAt(Int.random(in: 0..<new.count, using: &random), Int.random(in: 0..<new.count, using: &random))
    }
    return (old, new)
}

/// An item whose identity is `id` and whose content is `version`.
struct Row: Hashable, Sendable {
    var id: Int
    var version: Int
    static func == (lhs: Row, rhs: Row) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// 100 sections of 1,000 rows, then 10% deleted, 10% inserted, 5% moved within and across sections
/// and 10% updated.
func sectionedScenario(seed: UInt64) -> (old: DiffableSnapshot<Int, Row>, new: DiffableSnapshot<Int, Row>) {
    var random = SplitMix(state: seed)
    let sectionCount = 100, perSection = 1_000, total = sectionCount * perSection
    var sections = (0..<sectionCount).map { s in (0..<perSection).map { Row(id: s * perSection + $0, version: 0) } }
    let old = try! DiffableSnapshot(sections: sections.enumerated().map { ($0.offset, $0.element) })
    var nextID = total
    for _ in 0..<(total / 10) {
        let s = Int.random(in: 0..<sectionCount, using: &random)
        if !sections[s].isEmpty { sections[s].remove(at: Int.random(in: 0..<sections[s].count, using: &random)) }
    }
    for _ in 0..<(total / 10) {
        let s = Int.random(in: 0..<sectionCount, using: &random)
        sections[s].insert(Row(id: nextID, version: 0), at: Int.random(in: 0...sections[s].count, using: &random))
        nextID += 1
    }
    for _ in 0..<(total / 20) {
        let from = Int.random(in: 0..<sectionCount, using: &random)
        let to = Int.random(in: 0..<sectionCount, using: &random)
        guard !sections[from].isEmpty else { continue }
        let row = sections[from].remove(at: Int.random(in: 0..<sections[from].count, using: &random))
        sections[to].insert(row, at: Int.random(in: 0...sections[to].count, using: &random))
    }
    for _ in 0..<(total / 10) {
        let s = Int.random(in: 0..<sectionCount, using: &random)
        guard !sections[s].isEmpty else { continue }
        sections[s][Int.random(in: 0..<sections[s].count, using: &random)].version += 1
    }
    let new = try! DiffableSnapshot(sections: sections.enumerated().map { ($0.offset, $0.element) })
    return (old, new)
}
