/// Section-relative output of group layout, in flat arrays so that 100k items cost no per-item allocation.
struct SectionBuffer: Sendable {
    /// Item frames, indexed by item.
    var itemFrames: [Rect] = []
    /// Only custom groups set a non-zero z-index, so the rare exceptions live in a dictionary keyed by item.
    var itemZIndices: [Int: Int] = [:]
    /// Item-anchored and group-anchored supplementaries, in item order.
    var supplementaries: [LayoutAttributes] = []

    /// Drops every item from `items` on and every supplementary from `supplementaryCount` on.
    ///
    /// - Complexity: O(dropped elements), plus O(z-index exceptions) when there are any.
    mutating func truncate(items: Int, supplementaries supplementaryCount: Int) {
        if itemFrames.count > items { itemFrames.removeSubrange(items...) }
        if supplementaries.count > supplementaryCount { supplementaries.removeSubrange(supplementaryCount...) }
        if !itemZIndices.isEmpty { itemZIndices = itemZIndices.filter { $0.key < items } }
    }
}
