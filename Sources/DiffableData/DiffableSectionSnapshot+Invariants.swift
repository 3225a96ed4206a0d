// Debug-only consistency checks of a section snapshot's tree, in the manner of swift-collections: tests
// call `_checkInvariants()` after every mutation; release builds compile it to nothing.

extension DiffableSectionSnapshot {
    #if DEBUG
    /// Traps with the first disagreement among the section snapshot's stored tables (debug builds only).
    ///
    /// - Complexity: O(n + expanded items).
    @inline(never)
    public func _checkInvariants() {
        if let violation = invariantViolation() { preconditionFailure("DiffableSectionSnapshot: \(violation)") }
    }
    #else
    /// Does nothing: invariants are checked in debug builds only.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    public func _checkInvariants() {}
    #endif

    /// The first way in which the stored tables disagree, nil when they agree.
    ///
    /// - Complexity: O(n + expanded items).
    func invariantViolation() -> String? {
        // Parallel arrays, and one position per item: no repeated item.
        guard levels.count == order.count else { return "\(order.count) items but \(levels.count) levels" }
        guard positions.count == order.count else {
            return "\(order.count) items but \(positions.count) positions (a repeated or stale item?)"
        }
        // Depth-first shape: levels start at 0 and go down one step at a time; each parent is the
        // nearest earlier item one level up.
        var ancestors: [I] = []
        var childCount = 0
        for (position, item) in order.enumerated() {
            guard positions[item] == position else {
                return "item \(item) is at \(position) but recorded at \(String(describing: positions[item]))"
            }
            let level = levels[position]
            guard level >= 0, level <= ancestors.count else {
                return "item \(item) at level \(level) under \(ancestors.count) open ancestors"
            }
            ancestors.removeSubrange(level...)
            guard parents[item] == ancestors.last else {
                let recorded = String(describing: parents[item])
                return "item \(item) has parent \(recorded), not \(String(describing: ancestors.last))"
            }
            if level > 0 { childCount += 1 }
            ancestors.append(item)
        }
        guard parents.count == childCount else { return "\(childCount) child items but \(parents.count) parents" }
        // Expansion names only present items.
        if let stale = expanded.first(where: { positions[$0] == nil }) {
            return "expanded mark on missing item \(stale)"
        }
        return nil
    }
}
