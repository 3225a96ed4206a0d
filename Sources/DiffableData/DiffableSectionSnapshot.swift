/// A tree of items shown as one section, the portable counterpart of `NSDiffableDataSourceSectionSnapshot`.
///
/// Items are kept in depth-first order with their levels, so `items`, `index(of:)` and `level(of:)`
/// are direct; lookups by identifier are hashed (O(1) expected). Items start collapsed, as in UIKit.
/// Each Apple-shaped mutation has a throwing `try…` twin; the Apple-shaped form never traps and leaves
/// the section snapshot unchanged on bad input.
public struct DiffableSectionSnapshot<ItemIdentifier: Hashable & Sendable>: Sendable, Equatable {
    typealias I = ItemIdentifier
    /// The error every throwing operation of this section snapshot reports.
    public typealias OperationError = SectionSnapshotError<ItemIdentifier>

    var order: [I] = []
    var levels: [Int] = []
    var positions: [I: Int] = [:]
    var parents: [I: I] = [:]
    var expanded: Set<I> = []

    /// Creates an empty section snapshot.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// Equal when items, tree shape and expansion are equal.
    ///
    /// - Complexity: O(n).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.order == rhs.order && lhs.levels == rhs.levels && lhs.expanded == rhs.expanded
    }

    // MARK: Queries

    /// All items, depth first, collapsed or not.
    ///
    /// - Complexity: O(1).
    public var items: [ItemIdentifier] { order }

    /// Items without a parent, in order.
    ///
    /// - Complexity: O(n).
    public var rootItems: [ItemIdentifier] { order.indices.filter { levels[$0] == 0 }.map { order[$0] } }

    /// Items whose ancestors are all expanded, depth first: what the section shows.
    ///
    /// - Complexity: O(n).
    public var visibleItems: [ItemIdentifier] {
        var visible: [I] = []
        visible.reserveCapacity(order.count)
        var position = 0
        while position < order.count {
            visible.append(order[position])
            position = expanded.contains(order[position]) ? position + 1 : position + subtreeCount(at: position)
        }
        return visible
    }

    /// Whether `item` is in the section snapshot.
    ///
    /// - Complexity: O(1) expected.
    public func contains(_ item: ItemIdentifier) -> Bool { positions[item] != nil }

    /// Depth-first position of `item` among all items, nil if unknown.
    ///
    /// - Complexity: O(1) expected.
    public func index(of item: ItemIdentifier) -> Int? { positions[item] }

    /// Depth of `item` (0 for a root), -1 if unknown.
    ///
    /// - Complexity: O(1) expected.
    public func level(of item: ItemIdentifier) -> Int { positions[item].map { levels[$0] } ?? -1 }

    /// Parent of `item`, nil for a root or an unknown item.
    ///
    /// - Complexity: O(1) expected.
    public func parent(of item: ItemIdentifier) -> ItemIdentifier? { parents[item] }

    /// Whether `item` shows its children.
    ///
    /// - Complexity: O(1) expected.
    public func isExpanded(_ item: ItemIdentifier) -> Bool { expanded.contains(item) }

    /// Whether `item` is known and all its ancestors are expanded.
    ///
    /// - Complexity: O(depth) expected.
    public func isVisible(_ item: ItemIdentifier) -> Bool {
        guard positions[item] != nil else { return false }
        var current = item
        while let parent = parents[current] {
            guard expanded.contains(parent) else { return false }
            current = parent
        }
        return true
    }

    /// `parent`'s descendants (and `parent` itself if asked) as a section snapshot, or throws.
    ///
    /// - Complexity: O(subtree).
    public func trySnapshot(
        of parent: ItemIdentifier, includingParent: Bool = false
    ) throws(OperationError) -> Self {
        guard let at = positions[parent] else { throw OperationError(.snapshotOfParent, .itemNotFound(parent)) }
        let start = includingParent ? at : at + 1
        let end = at + subtreeCount(at: at)
        var result = Self()
        result.insertBlock(Array(order[start..<end]), levels: levels[start..<end].map { $0 - levels[start] },
                           at: 0, level: 0, parent: nil, expanded: expanded)
        return result
    }

    /// `parent`'s descendants as a section snapshot, empty for an unknown parent.
    ///
    /// - Complexity: That of ``trySnapshot(of:includingParent:)``.
    public func snapshot(of parent: ItemIdentifier, includingParent: Bool = false) -> Self {
        (try? trySnapshot(of: parent, includingParent: includingParent)) ?? Self()
    }

    /// Number of items in the subtree rooted at position `at`, itself included; O(subtree).
    func subtreeCount(at position: Int) -> Int {
        var end = position + 1
        while end < order.count && levels[end] > levels[position] { end += 1 }
        return end - position
    }

    // MARK: Internal upkeep

    /// Inserts a depth-first block whose levels are relative to `level`; O(block + items after).
    mutating func insertBlock(
        _ block: [I], levels relative: [Int], at position: Int, level: Int, parent: I?, expanded blockExpanded: Set<I>
    ) {
        order.insert(contentsOf: block, at: position)
        levels.insert(contentsOf: relative.map { $0 + level }, at: position)
        var ancestors: [I] = []
        for (offset, item) in block.enumerated() {
            ancestors.removeSubrange(relative[offset]...)
            if let direct = ancestors.last ?? parent { parents[item] = direct }
            ancestors.append(item)
            if blockExpanded.contains(item) { expanded.insert(item) }
        }
        reindex(from: position)
    }

    mutating func reindex(from position: Int) {
        var index = position
        while index < order.count {
            positions[order[index]] = index
            index += 1
        }
    }
}
