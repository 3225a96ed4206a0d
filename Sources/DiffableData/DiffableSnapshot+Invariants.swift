// Debug-only consistency checks of a snapshot's storage, in the manner of swift-collections: tests call
// `_checkInvariants()` after every mutation; release builds compile it to nothing.

extension DiffableSnapshot {
    #if DEBUG
    /// Traps with the first disagreement among the snapshot's stored tables (debug builds only).
    ///
    /// - Complexity: O(n + sections + marks).
    @inline(never)
    public func _checkInvariants() {
        if let violation = invariantViolation() { preconditionFailure("DiffableSnapshot: \(violation)") }
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
    /// - Complexity: O(n + sections + marks).
    func invariantViolation() -> String? {
        // Section tables: parallel arrays, positions by identifier, no repeated section.
        let sectionCount = sectionList.count
        guard sectionContents.count == sectionCount, sectionStarts.count == sectionCount else {
            return "\(sectionCount) sections, \(sectionContents.count) item lists, \(sectionStarts.count) starts"
        }
        guard sectionPositions.count == sectionCount else {
            return "\(sectionCount) sections but \(sectionPositions.count) section positions (a repeated section?)"
        }
        for (position, section) in sectionList.enumerated() where sectionPositions[section] != position {
            let recorded = String(describing: sectionPositions[section])
            return "section \(section) is at \(position) but recorded at \(recorded)"
        }
        // Item tables: each item's slot is where it sits, starts are running counts, no repeated item.
        var itemCount = 0
        for (section, items) in sectionContents.enumerated() {
            guard sectionStarts[section] == itemCount else {
                return "section \(section) starts at \(sectionStarts[section]), not \(itemCount)"
            }
            for (index, item) in items.enumerated() where slots[item] != ItemSlot(section: section, index: index) {
                return "item \(item) is at (\(section), \(index)) but recorded at \(String(describing: slots[item]))"
            }
            itemCount += items.count
        }
        guard slots.count == itemCount else {
            return "\(itemCount) items but \(slots.count) item slots (a repeated or stale item?)"
        }
        // Marks name only present identifiers.
        if let stale = reloadedSections.first(where: { sectionPositions[$0] == nil }) {
            return "reload mark on missing section \(stale)"
        }
        if let stale = reloadedItems.first(where: { slots[$0] == nil }) {
            return "reload mark on missing item \(stale)"
        }
        if let stale = reconfiguredItems.first(where: { slots[$0] == nil }) {
            return "reconfigure mark on missing item \(stale)"
        }
        return nil
    }
}
