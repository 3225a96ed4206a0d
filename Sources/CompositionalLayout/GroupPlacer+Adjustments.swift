// The passes a linear group runs once its children are placed: uniform sizing, flexible spacing and cross-axis
// alignment. Each works on `records[base...]`, the `ChildRecord`s of the group being laid out, and moves the frames
// those records point at.
extension GroupPlacer {
    /// Gives every `uniformAcrossSiblings` item along the group's axis `length` (the largest measured), moving later
    /// children by the growth; returns the total growth.
    ///
    /// - Complexity: O(children + their frames).
    mutating func applyUniformMain(from base: Int, axis: Axis, length: Double) -> Double {
        var shift = 0.0
        for index in base..<records.count {
            move(records[index], main: shift, cross: 0, axis: axis)
            guard records[index].uniformMain else { continue }
            let growth = length - records[index].mainLength
            records[index].mainLength = length
            resizeItem(records[index], axis: axis, main: length, cross: nil)
            shift += growth
        }
        return shift
    }

    /// Gives every `uniformAcrossSiblings` item across the group's axis the largest cross length among them; returns
    /// the group's new cross extent (edge spacing included).
    ///
    /// - Complexity: O(children).
    mutating func applyUniformCross(from base: Int, axis: Axis, crossExtent: Double) -> Double {
        var largest = -1.0
        for record in records[base...] where record.uniformCross { largest = max(largest, record.crossLength) }
        guard largest >= 0 else { return crossExtent }
        var newExtent = crossExtent
        for index in base..<records.count where records[index].uniformCross {
            records[index].crossLength = largest
            resizeItem(records[index], axis: axis, main: nil, cross: largest)
            newExtent = max(newExtent, records[index].crossLead + largest + records[index].crossTrail)
        }
        return newExtent
    }

    /// Sets an item's frame length on either axis, keeping its origin, and re-anchors its badges to the new frame.
    ///
    /// - Complexity: O(badges of the item).
    mutating func resizeItem(_ record: ChildRecord, axis: Axis, main: Double?, cross: Double?) {
        for frameIndex in record.frames {
            let old = buffer.itemFrames[frameIndex].size
            buffer.itemFrames[frameIndex].size = axis.size(
                main: main ?? axis.main(old), cross: cross ?? axis.cross(old))
            // An item's badges follow it in the buffer, one per supplementary item, in order.
            for (badge, supplementaryIndex) in record.supplementaries.enumerated() where badge < record.badges.count {
                buffer.supplementaries[supplementaryIndex].frame = record.badges[badge].frame(
                    in: buffer.itemFrames[frameIndex])
            }
        }
    }

    /// Shares leftover main-axis space equally among flexible spacings, moving later children along.
    ///
    /// - Complexity: O(children + their frames).
    mutating func distributeFlexibleSpace(from base: Int, axis: Axis, leftover: Double) {
        guard leftover > 1e-9 else { return }
        var flexibleCount = 0
        for record in records[base...] {
            if record.flexibleGapBefore { flexibleCount += 1 }
            if record.flexibleLead { flexibleCount += 1 }
            if record.flexibleTrail { flexibleCount += 1 }
        }
        guard flexibleCount > 0 else { return }
        let share = leftover / Double(flexibleCount)
        var shift = 0.0
        for record in records[base...] {
            if record.flexibleGapBefore { shift += share }
            if record.flexibleLead { shift += share }
            move(record, main: shift, cross: 0, axis: axis)
            if record.flexibleTrail { shift += share }
        }
    }

    /// Aligns children with flexible cross-axis edge spacing: flexible on both sides centres a child, flexible
    /// before it only pushes it to the far edge.
    ///
    /// - Complexity: O(children + their frames).
    mutating func alignCross(from base: Int, axis: Axis, innerCross: Double) {
        for record in records[base...] where record.flexibleCrossLead {
            let leftover = innerCross - (record.crossLead + record.crossLength + record.crossTrail)
            guard leftover > 1e-9 else { continue }
            move(record, main: 0, cross: record.flexibleCrossTrail ? leftover / 2 : leftover, axis: axis)
        }
    }

    /// Moves a child's frames and supplementaries by `main` along and `cross` across the group's axis.
    ///
    /// - Complexity: O(frames and supplementaries of the child).
    mutating func move(_ record: ChildRecord, main: Double, cross: Double, axis: Axis) {
        guard main != 0 || cross != 0 else { return }
        for index in record.frames {
            buffer.itemFrames[index] = axis.offset(buffer.itemFrames[index], main: main, cross: cross)
        }
        for index in record.supplementaries {
            buffer.supplementaries[index].frame = axis.offset(
                buffer.supplementaries[index].frame, main: main, cross: cross)
        }
    }
}
