import HabitsTestSupport
import DiffableData

/// An item whose identity is `id`; `version` is content, compared by the diff's content predicate.
struct VersionedItem: Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var version = 0
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
    var description: String { version == 0 ? "\(id)" : "\(id)v\(version)" }
}

typealias TestSnapshot = DiffableSnapshot<Int, VersionedItem>

/// Random old and new snapshots: section and item inserts, deletes, moves within and across sections,
/// content changes, reload marks, empty sections and empty snapshots.
struct RandomSnapshotPair {
    var old = TestSnapshot()
    var new = TestSnapshot()

    /// `scale` multiplies section sizes and the number of edits.
    init(seed: UInt64, scale: Int = 1) {
        var random = SplitMix(seed: seed)
        var nextID = 0
        func fresh(_ count: Int) -> [VersionedItem] {
            defer { nextID += count }
            return (nextID..<(nextID + count)).map { VersionedItem(id: $0) }
        }
        let sectionCount = Int.random(in: 0...6, using: &random)
        for section in 0..<sectionCount {
            try! old.tryAppendSections([section])
            try! old.tryAppendItems(fresh(Int.random(in: 0...(8 * scale), using: &random)), toSection: section)
        }
        old._checkInvariants()
        new = old
        var nextSection = 100
        for _ in 0..<Int.random(in: 0...(12 * scale), using: &random) {
            let sections = new.sectionIdentifiers
            let items = new.itemIdentifiers
            switch Int.random(in: 0...11, using: &random) {
            case 0 where !sections.isEmpty:
                try! new.tryDeleteSections([sections.randomElement(using: &random)!])
            case 1:
                let added = nextSection
                nextSection += 1
                if let anchor = sections.randomElement(using: &random) {
                    try! new.tryInsertSections([added], beforeSection: anchor)
                } else {
                    try! new.tryAppendSections([added])
                }
                try! new.tryAppendItems(fresh(Int.random(in: 0...4, using: &random)), toSection: added)
            case 2 where sections.count > 1:
                let moving = sections.randomElement(using: &random)!
                let anchor = sections.randomElement(using: &random)!
                if moving != anchor { try! new.tryMoveSection(moving, afterSection: anchor) }
            case 3 where !items.isEmpty, 4 where !items.isEmpty:
                let shuffled = items.shuffled(using: &random)
                try! new.tryDeleteItems(Array(shuffled.prefix(Int.random(in: 1...3, using: &random))))
            case 5 where !items.isEmpty:
                let added = fresh(Int.random(in: 1...3, using: &random))
                try! new.tryInsertItems(added, afterItem: items.randomElement(using: &random)!)
            case 6 where !sections.isEmpty:
                let added = fresh(Int.random(in: 1...3, using: &random))
                try! new.tryAppendItems(added, toSection: sections.randomElement(using: &random)!)
            case 7 where items.count > 1, 8 where items.count > 1:
                let moving = items.randomElement(using: &random)!
                let anchor = items.randomElement(using: &random)!
                if moving != anchor {
                    if Bool.random(using: &random) {
                        try! new.tryMoveItem(moving, beforeItem: anchor)
                    } else {
                        try! new.tryMoveItem(moving, afterItem: anchor)
                    }
                }
            case 9 where !items.isEmpty:
                bumpVersion(of: items.randomElement(using: &random)!)
            case 10 where !items.isEmpty:
                try! new.tryReconfigureItems([items.randomElement(using: &random)!])
            case 11 where !sections.isEmpty:
                try! new.tryReloadSections([sections.randomElement(using: &random)!])
            default:
                break
            }
            new._checkInvariants()
        }
    }

    /// Replaces an item by an equal identifier with newer content, in place.
    private mutating func bumpVersion(of item: VersionedItem) {
        var newer = new.itemIdentifiers.first { $0 == item }!
        newer.version += 1
        let section = new.sectionIdentifier(containingItem: item)!
        let neighbours = new.itemIdentifiers(inSection: section)
        let position = neighbours.firstIndex(of: item)!
        try! new.tryDeleteItems([item])
        if position < neighbours.count - 1 {
            try! new.tryInsertItems([newer], beforeItem: neighbours[position + 1])
        } else if position > 0 {
            try! new.tryInsertItems([newer], afterItem: neighbours[position - 1])
        } else {
            try! new.tryAppendItems([newer], toSection: section)
        }
    }
}
