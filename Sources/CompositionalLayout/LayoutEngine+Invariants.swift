extension LayoutEngine {
    #if DEBUG
    /// Traps when the engine or any of its sections breaks an invariant; see `ComputedSection._checkInvariants`.
    /// Debug builds only; the property tests run it after layout and after each invalidation.
    ///
    /// - Complexity: O(all elements).
    func _checkInvariants() {
        precondition(
            sections.count == itemCounts.count && sectionOffsets.count == sections.count,
            "\(sections.count) sections, \(itemCounts.count) item counts, \(sectionOffsets.count) offsets")
        precondition(
            contentSize.width.isFinite && contentSize.height.isFinite && contentSize.width >= 0
                && contentSize.height >= 0,
            "content size \(contentSize)")
        for (index, section) in sections.enumerated() {
            precondition(
                section.sectionIndex == index && section.itemCount == itemCounts[index],
                "section \(index) is numbered \(section.sectionIndex) with \(section.itemCount) items")
            // Sections follow one another without overlapping (spacing is never negative).
            if index > 0 {
                precondition(
                    sectionOffsets[index] >= sectionOffsets[index - 1] + sections[index - 1].mainLength - 1e-6,
                    "section \(index) starts inside section \(index - 1)")
            }
            precondition(
                -section.extentMin <= sectionReach.before + 1e-6
                    && section.extentMax - section.mainLength <= sectionReach.beyond + 1e-6,
                "section \(index) reaches further than the engine's reach")
            section._checkInvariants(scrollAxis: scrollAxis)
        }
    }
    #else
    /// Checks nothing in release builds.
    @inline(__always)
    func _checkInvariants() {}
    #endif
}
