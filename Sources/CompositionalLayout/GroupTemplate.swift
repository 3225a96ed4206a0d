/// A static group laid out once with unlimited items at the origin; each repetition copies it at an offset.
struct GroupTemplate: Sendable {
    /// The group's final size.
    var size: Size
    /// Frames of the group's item slots, in order.
    var frames: [Rect]
    /// Non-zero z-indices of slots (custom groups only).
    var zIndices: [Int: Int]
    /// Supplementaries with `indexPath.item` holding the slot they belong to.
    var supplementaries: [LayoutAttributes]

    /// Lays `group` out with `size` at the origin, with as many items as it takes.
    ///
    /// - Complexity: O(slots).
    init(group: LayoutGroup, size: Size) {
        var placer = GroupPlacer(section: 0, itemCount: Int.max, measure: nil)
        var nextItem = 0
        self.size = placer.place(group, size: size, origin: .zero, nextItem: &nextItem)
        frames = placer.buffer.itemFrames
        zIndices = placer.buffer.itemZIndices
        supplementaries = placer.buffer.supplementaries
    }

    /// How far the template's elements reach around its frame, for rect queries.
    ///
    /// - Complexity: O(template elements).
    func reach(groupAxis: Axis, scrollAxis: Axis) -> TemplateReach {
        let frame = Rect(origin: .zero, size: size)
        var minAlongGroup = groupAxis.minMain(frame)
        var maxAlongGroup = groupAxis.maxMain(frame)
        var low = scrollAxis.minMain(frame)
        var high = scrollAxis.maxMain(frame)
        for element in frames + supplementaries.map(\.frame) {
            minAlongGroup = min(minAlongGroup, groupAxis.minMain(element))
            maxAlongGroup = max(maxAlongGroup, groupAxis.maxMain(element))
            low = min(low, scrollAxis.minMain(element))
            high = max(high, scrollAxis.maxMain(element))
        }
        return TemplateReach(
            lead: groupAxis.minMain(frame) - minAlongGroup, trail: maxAlongGroup - groupAxis.maxMain(frame),
            low: low, high: high)
    }
}

/// How far a template's elements reach around its group frame.
struct TemplateReach {
    /// How far elements reach before and after the group's frame along the group axis.
    var lead: Double
    var trail: Double
    /// The lowest and highest scroll-axis coordinate of any element, relative to the group's origin.
    var low: Double
    var high: Double
}

extension GroupPlacer {
    /// Appends a copy of `template` at `origin` holding items from `nextItem` on, keeping only the first slots when
    /// items run out.
    ///
    /// - Complexity: O(slots).
    mutating func stamp(_ template: GroupTemplate, origin: Point, nextItem: inout Int) {
        let slots = min(template.frames.count, itemCount - nextItem)
        guard slots > 0 else { return }
        let firstFrame = buffer.itemFrames.count
        for slot in 0..<slots { buffer.itemFrames.append(template.frames[slot].offsetBy(dx: origin.x, dy: origin.y)) }
        for (slot, zIndex) in template.zIndices where slot < slots { buffer.itemZIndices[firstFrame + slot] = zIndex }
        for var supplementary in template.supplementaries where supplementary.indexPath.item < slots {
            supplementary.indexPath = ElementIndexPath(item: nextItem + supplementary.indexPath.item, section: section)
            supplementary.frame = supplementary.frame.offsetBy(dx: origin.x, dy: origin.y)
            buffer.supplementaries.append(supplementary)
        }
        nextItem += slots
    }
}
