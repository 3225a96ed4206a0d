/// How far a section's elements reach, gathered while its top-level groups are placed; rect queries search with it.
struct SectionExtents {
    /// How far any element reaches before / past its group's frame along the group axis.
    var leadOverhang = 0.0
    var trailOverhang = 0.0
    /// The lowest and highest scroll-axis coordinate of any element.
    var low = 0.0
    var high = 0.0

    /// Widens the extents by a group stamped from a template whose reach is known.
    ///
    /// - Complexity: O(1).
    mutating func include(_ reach: TemplateReach, groupFrame: Rect, scrollAxis: Axis) {
        leadOverhang = max(leadOverhang, reach.lead)
        trailOverhang = max(trailOverhang, reach.trail)
        low = min(low, scrollAxis.minMain(groupFrame) + reach.low)
        high = max(high, scrollAxis.minMain(groupFrame) + reach.high)
    }

    /// Widens the extents by a group and its elements, `items` and `supplementaries` of `buffer`.
    ///
    /// - Complexity: O(elements of the group).
    mutating func include(
        groupFrame: Rect, items: Range<Int>, supplementaries: Range<Int>, of buffer: SectionBuffer,
        groupAxis: Axis, scrollAxis: Axis
    ) {
        var groupMin = groupAxis.minMain(groupFrame)
        var groupMax = groupAxis.maxMain(groupFrame)
        low = min(low, scrollAxis.minMain(groupFrame))
        high = max(high, scrollAxis.maxMain(groupFrame))
        for index in items {
            let frame = buffer.itemFrames[index]
            groupMin = min(groupMin, groupAxis.minMain(frame))
            groupMax = max(groupMax, groupAxis.maxMain(frame))
            low = min(low, scrollAxis.minMain(frame))
            high = max(high, scrollAxis.maxMain(frame))
        }
        for index in supplementaries {
            let frame = buffer.supplementaries[index].frame
            groupMin = min(groupMin, groupAxis.minMain(frame))
            groupMax = max(groupMax, groupAxis.maxMain(frame))
            low = min(low, scrollAxis.minMain(frame))
            high = max(high, scrollAxis.maxMain(frame))
        }
        leadOverhang = max(leadOverhang, groupAxis.minMain(groupFrame) - groupMin)
        trailOverhang = max(trailOverhang, groupMax - groupAxis.maxMain(groupFrame))
    }
}
