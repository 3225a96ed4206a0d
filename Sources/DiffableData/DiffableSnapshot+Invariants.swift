// Debug-only consistency checks, in the manner of swift-collections' `_checkInvariants()`: the
// property tests call them after every random edit, so a mutation that leaves the tables out of step
// fails there instead of producing a wrong diff later. In release builds they compile to nothing.

extension DiffableSnapshot {
    /// Traps when the snapshot's tables disagree; a no-op in release builds.
    ///
    /// Checks that every section appears once in order with its position recorded, that `sectionStarts`
    /// counts the items before each section, and that the item table maps each identifier to exactly
    /// the slot where its section lists it.
    /// - Complexity: O(n) for n items and sections, in debug builds.
    @inlinable
    public func _checkInvariants() {
        #if DEBUG
        precondition(sectionPositions.count == sectionList.count, "a section is listed twice or lacks a position")
        precondition(sectionContents.count == sectionList.count, "sections and their contents differ in number")
        precondition(sectionStarts.count == sectionList.count, "sections and their start offsets differ in number")
        var itemsBefore = 0
        for (position, section) in sectionList.enumerated() {
            precondition(sectionPositions[section] == position, "section \(section) is not recorded at \(position)")
            precondition(sectionStarts[position] == itemsBefore, "the start of section \(section) is stale")
            for (index, item) in sectionContents[position].enumerated() {
                precondition(
                    slots[item] == ItemSlot(section: position, index: index),
                    "item \(item) is not recorded at \(position).\(index)"
                )
            }
            itemsBefore += sectionContents[position].count
        }
        precondition(slots.count == itemsBefore, "the item table holds identifiers no section lists")
        precondition(
            reloadedSections.allSatisfy { sectionPositions[$0] != nil }, "a reload mark names a missing section"
        )
        #endif
    }
}

extension DiffableSectionSnapshot {
    /// Traps when the outline's tables disagree; a no-op in release builds.
    ///
    /// Checks that positions index the visible order, that every item has a level, that a child sits
    /// one level below a parent placed before it, and that roots have no parent.
    /// - Complexity: O(n) for n items, in debug builds.
    public func _checkInvariants() {
        #if DEBUG
        precondition(levels.count == order.count, "items and levels differ in number")
        precondition(positions.count == order.count, "an item is listed twice or lacks a position")
        for (index, item) in order.enumerated() {
            precondition(positions[item] == index, "item \(item) is not recorded at \(index)")
            if let parent = parents[item] {
                guard let parentIndex = positions[parent] else {
                    preconditionFailure("the parent of \(item) is not in the snapshot")
                }
                precondition(parentIndex < index, "item \(item) comes before its parent")
                precondition(levels[index] == levels[parentIndex] + 1, "item \(item) is not one level below its parent")
            } else {
                precondition(levels[index] == 0, "item \(item) has no parent but is not a root")
            }
        }
        #endif
    }
}
