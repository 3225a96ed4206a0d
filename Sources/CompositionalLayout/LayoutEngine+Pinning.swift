extension LayoutEngine {
    /// Where boundary items with `pinToVisibleBounds` sit when the layout is scrolled to `contentOffset`.
    ///
    /// A pinned header stays at the top of the visible area until its section's end pushes it up; a pinned footer
    /// stays at the bottom until its section's start pushes it down. Only sections overlapping the visible area are
    /// answered.
    ///
    /// - Complexity: O(log sections + visible sections' boundary items).
    public func pinnedSupplementaries(contentOffset: Point) -> [PinnedSupplementary] {
        let visibleStart = scrollAxis == .vertical ? contentOffset.y : contentOffset.x
        let visibleEnd = visibleStart + scrollAxis.main(containerSize)
        var result: [PinnedSupplementary] = []
        // Layout-wide items are pinned to the visible area only: nothing pushes them.
        for item in globalItems where item.pins {
            let natural = scrollAxis.minMain(item.attributes.frame)
            let length = scrollAxis.main(item.attributes.frame.size)
            let target = item.atStart ? max(natural, visibleStart) : min(natural, visibleEnd - length)
            var attributes = item.attributes
            attributes.frame = scrollAxis.offset(attributes.frame, main: target - natural, cross: 0)
            result.append(PinnedSupplementary(attributes: attributes, isDisplaced: target != natural))
        }
        var index = lowerBoundSection(visibleStart)
        while index < sections.count, sectionOffsets[index] <= visibleEnd {
            let sectionStart = sectionOffsets[index]
            let sectionEnd = sectionStart + sections[index].mainLength
            for item in sections[index].boundaryItems where item.pins {
                var attributes = item.attributes.offsetBy(origin(index))
                let natural = scrollAxis.minMain(attributes.frame)
                let length = scrollAxis.main(attributes.frame.size)
                // Never before the natural position; otherwise at the visible edge, unless the section's other end
                // pushes the item back.
                let target =
                    item.atStart
                    ? min(max(natural, visibleStart), max(natural, sectionEnd - length))
                    : max(min(natural, visibleEnd - length), min(natural, sectionStart))
                attributes.frame = scrollAxis.offset(attributes.frame, main: target - natural, cross: 0)
                attributes.zIndex = max(attributes.zIndex, 2)
                result.append(PinnedSupplementary(attributes: attributes, isDisplaced: target != natural))
            }
            index += 1
        }
        return result
    }
}
