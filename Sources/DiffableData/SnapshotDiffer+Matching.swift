// The differ's pass 2: every old item finds its new position, or is a delete.

extension SnapshotDiffer {
    // MARK: Pass 2: match items

    /// Finds every old item on the new side: fills `sources`, `deletedItems`, `updatedItems`,
    /// `matchedCount` and `hasSurvivors`.
    ///
    /// Old items are taken in order, and most of them sit right after the previous one's match on the new
    /// side: a few equality checks there (`expected`) settle them without hashing, which costs far more
    /// than a comparison for identifiers such as UUIDs. After a jump, the run that the jump left is tried
    /// too (`resumed`), so one moved item costs one lookup rather than two. Only an item found in neither
    /// place is looked up through `locate` (Heckel's symbol table). The guesses change only the cost:
    /// identifiers are unique on the new side, so an item equal to a new one is that one, and the first
    /// old copy of a repeated identifier still takes the match, as old items are taken in order.
    ///
    /// - Complexity: O(n) expected; at most one lookup per old item.
    @inlinable
    mutating func matchItems(itemContentEqual: (I, I) -> Bool, locate: (I) -> Int?) {
        var sources = [ItemSlot](repeating: ItemSlot(section: -1, index: 0), count: newItemCount)
        var deleted: [Batch.ItemChange] = []
        var updated: [Batch.ItemChange] = []
        var survivors = [Bool](repeating: false, count: oldSections.count)
        var matched = 0
        let checkMarks = !reloadedItems.isEmpty || !reconfiguredItems.isEmpty
        var expected = 0
        var resumed = 0
        newItems.withUnsafeBufferPointer { newItems in
            sources.withUnsafeMutableBufferPointer { sources in
                for oldSection in oldContents.indices {
                    let oldItems = oldContents[oldSection]
                    let matchedBefore = matched
                    for oldIndex in oldItems.indices {
                        let item = oldItems[oldIndex]
                        let oldPath = ItemPath(item: oldIndex, section: oldSection)
                        let found: Int?
                        if let near = Self.position(of: item, from: expected, in: newItems) {
                            found = near
                        } else if let near = Self.position(of: item, from: resumed, in: newItems) {
                            found = near
                            resumed = expected
                        } else {
                            found = locate(item)
                            if found != nil { resumed = expected }
                        }
                        // A repeated old identifier (possible only in the array form) is a delete.
                        guard let flatPosition = found, sources[flatPosition].section < 0 else {
                            deleted.append(.init(path: oldPath, item: item))
                            continue
                        }
                        expected = flatPosition + 1
                        sources[flatPosition] = ItemSlot(section: oldSection, index: oldIndex)
                        matched += 1
                        let current = newItems[flatPosition]
                        let marked = checkMarks
                            && (reloadedItems.contains(current) || reconfiguredItems.contains(current))
                        if marked || !itemContentEqual(item, current) {
                            updated.append(.init(path: oldPath, item: current))
                        }
                    }
                    survivors[oldSection] = matched > matchedBefore
                }
            }
        }
        self.sources = sources
        deletedItems = deleted
        updatedItems = updated
        matchedCount = matched
        hasSurvivors = survivors
    }

    /// How many new positions from a guess `matchItems` compares before it hashes: enough to step over a
    /// few inserted items, few enough that a deleted item's failed checks cost less than its hash.
    @inlinable static var guessWidth: Int { 4 }

    /// The position of `item` among the `guessWidth` new items from `start`, nil if it is not there.
    ///
    /// - Complexity: O(1).
    @inlinable
    static func position(of item: I, from start: Int, in newItems: UnsafeBufferPointer<I>) -> Int? {
        var position = start
        let end = min(start + guessWidth, newItems.count)
        while position < end {
            if newItems[position] == item { return position }
            position += 1
        }
        return nil
    }
}
