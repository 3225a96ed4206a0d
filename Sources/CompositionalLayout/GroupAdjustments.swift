// Adjustments a linear group makes once its children are placed: uniform sizing, flexible spacing and
// cross-axis alignment. They work on the `ChildRecord`s of the group being laid out.
extension GroupPlacer {
    /// Gives every `uniformAcrossSiblings` item along the group's axis `length` (the largest measured), moving later
    /// children by the growth; returns the total growth. O(children).
    mutating func applyUniformMain(from base: Int, axis: Axis, length: Double) -> Double {
        var shift = 0.0
        for i in base..<records.count {
            move(records[i], main: shift, cross: 0, axis: axis)
            guard records[i].uniformMain else { continue }
            let growth = length - records[i].mainLength
            records[i].mainLength = length
            resizeItem(records[i], axis: axis, main: length, cross: nil)
            shift += growth
        }
        return shift
    }

    /// Sets an item's frame length on either axis, keeping its origin, and re-anchors its badges to the new frame.
    mutating func resizeItem(_ r: ChildRecord, axis: Axis, main: Double?, cross: Double?) {
        for f in r.frames {
            let old = buffer.itemFrames[f].size
            buffer.itemFrames[f].size = axis.size(main: main ?? axis.main(old), cross: cross ?? axis.cross(old))
            // An item's badges follow it in the buffer, one per supplementary item, in order.
            for (k, i) in r.supplementaries.enumerated() where k < r.badges.count {
                buffer.supplementaries[i].frame = r.badges[k].frame(in: buffer.itemFrames[f])
            }
        }
    }

    /// Gives every `uniformAcrossSiblings` item on the cross axis the largest cross length among them.
    mutating func applyUniform(from base: Int, axis: Axis, maxCross: Double) -> Double {
        var largest = -1.0
        for r in records[base...] where r.uniformCross { largest = max(largest, r.crossLength) }
        guard largest >= 0 else { return maxCross }
        var newMax = maxCross
        for i in base..<records.count where records[i].uniformCross {
            records[i].crossLength = largest
            resizeItem(records[i], axis: axis, main: nil, cross: largest)
            newMax = max(newMax, records[i].crossLead + largest + records[i].crossTrail)
        }
        return newMax
    }

    /// Shares leftover main-axis space equally among flexible spacings, moving later children along.
    mutating func distributeFlexibleSpace(from base: Int, axis: Axis, leftover: Double) {
        guard leftover > 1e-9 else { return }
        var flexibleCount = 0
        for r in records[base...] {
            flexibleCount += (r.flexibleGapBefore ? 1 : 0) + (r.flexibleLead ? 1 : 0) + (r.flexibleTrail ? 1 : 0)
        }
        guard flexibleCount > 0 else { return }
        let share = leftover / Double(flexibleCount)
        var shift = 0.0
        for r in records[base...] {
            if r.flexibleGapBefore { shift += share }
            if r.flexibleLead { shift += share }
            move(r, main: shift, cross: 0, axis: axis)
            if r.flexibleTrail { shift += share }
        }
    }

    /// Flexible cross-axis edge spacing aligns a child: both flexible centres it, a flexible lead pushes it to the far edge.
    mutating func alignCross(from base: Int, axis: Axis, innerCross: Double) {
        for r in records[base...] where r.flexibleCrossLead {
            let leftover = innerCross - (r.crossLead + r.crossLength + r.crossTrail)
            guard leftover > 1e-9 else { continue }
            move(r, main: 0, cross: r.flexibleCrossTrail ? leftover / 2 : leftover, axis: axis)
        }
    }

    mutating func move(_ r: ChildRecord, main: Double, cross: Double, axis: Axis) {
        guard main != 0 || cross != 0 else { return }
        for i in r.frames { buffer.itemFrames[i] = axis.offset(buffer.itemFrames[i], main: main, cross: cross) }
        for i in r.supplementaries {
            buffer.supplementaries[i].frame = axis.offset(buffer.supplementaries[i].frame, main: main, cross: cross)
        }
    }
}
