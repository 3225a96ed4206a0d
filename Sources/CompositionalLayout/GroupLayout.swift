/// Section-relative output of group layout, in flat arrays so that 100k items cost no per-item allocation.
struct SectionBuffer: Sendable {
    var itemFrames: [Rect] = []
    /// Only custom groups set a non-zero z-index, so the rare exceptions live in a dictionary.
    var itemZIndices: [Int: Int] = [:]
    /// Item-anchored supplementaries, in item order.
    var supplementaries: [LayoutAttributes] = []

    mutating func truncate(items: Int, supplementaries supplementaryCount: Int) {
        if itemFrames.count > items { itemFrames.removeSubrange(items...) }
        if supplementaries.count > supplementaryCount { supplementaries.removeSubrange(supplementaryCount...) }
        if !itemZIndices.isEmpty { itemZIndices = itemZIndices.filter { $0.key < items } }
    }
}

/// What the layout of one subitem left behind, so uniform sizing, flexible spacing and alignment can adjust it afterwards.
struct ChildRecord {
    var frames: Range<Int>
    var supplementaries: Range<Int>
    var mainLength: Double
    var crossLead: Double
    var crossLength: Double
    var crossTrail: Double
    var flexibleGapBefore: Bool
    var flexibleLead: Bool
    var flexibleTrail: Bool
    var flexibleCrossLead: Bool
    var flexibleCrossTrail: Bool
    /// `uniformAcrossSiblings` on the group's axis (only without a count, which fixes that length).
    var uniformMain: Bool
    /// `uniformAcrossSiblings` across the group's axis.
    var uniformCross: Bool
    /// The item's badges, re-anchored when uniform sizing changes the item's frame.
    var badges: [SupplementaryItem]
}

/// A group laid out once with unlimited items; repetitions copy it at an offset.
struct GroupTemplate: Sendable {
    var size: Size
    var frames: [Rect]
    var zIndices: [Int: Int]
    /// Supplementaries with `indexPath.item` holding the slot they belong to.
    var supplementaries: [LayoutAttributes]
}

/// Places groups and items of one section into a `SectionBuffer`.
struct GroupPlacer {
    let section: Int
    let itemCount: Int
    let measure: SizeMeasurer?
    var buffer = SectionBuffer()
    var records: [ChildRecord] = []

    init(section: Int, itemCount: Int, measure: SizeMeasurer?, buffer: SectionBuffer = SectionBuffer()) {
        self.section = section
        self.itemCount = itemCount
        self.measure = measure
        self.buffer = buffer
    }

    /// Lays out `group` with size `size` (estimates on estimated axes) at `origin`, taking items from `next`. O(slots).
    mutating func place(_ group: LayoutGroup, size: Size, origin: Point, next: inout Int) -> Size {
        let first = next
        let final: Size
        switch group.kind {
        case .custom(let custom):
            for slot in custom.itemProvider(size) {
                guard next < itemCount else { break }
                if slot.zIndex != 0 { buffer.itemZIndices[buffer.itemFrames.count] = slot.zIndex }
                buffer.itemFrames.append(slot.frame.offsetBy(dx: origin.x, dy: origin.y))
                next += 1
            }
            final = size
        case .horizontal: final = placeLinear(group, axis: .horizontal, size: size, origin: origin, next: &next)
        case .vertical: final = placeLinear(group, axis: .vertical, size: size, origin: origin, next: &next)
        }
        // A group's supplementaries exist only while it holds an item; they take its first item's index path.
        // UIKit anchors them to the group's frame after its content insets, as badges anchor to an inset item.
        if next > first {
            let frame = Rect(origin: origin, size: final).inset(by: group.contentInsets)
            let indexPath = ElementIndexPath(item: first, section: section)
            for sup in group.supplementaryItems {
                buffer.supplementaries.append(
                    LayoutAttributes(
                        category: .supplementaryView, elementKind: sup.elementKind,
                        indexPath: indexPath, frame: sup.frame(in: frame), zIndex: sup.zIndex))
            }
        }
        return final
    }

    private mutating func placeLinear(
        _ group: LayoutGroup, axis: Axis, size: Size, origin: Point, next: inout Int
    ) -> Size {
        let mainEstimated = group.layoutSize.dimension(axis).isEstimated
        let crossEstimated = group.layoutSize.dimension(axis.other).isEstimated
        let ins = group.contentInsets
        let inner = Size(
            width: max(0, size.width - ins.leading - ins.trailing), height: max(0, size.height - ins.top - ins.bottom))
        let innerOrigin = Point(x: origin.x + ins.leading, y: origin.y + ins.top)
        let available = axis.main(inner)
        let spacing = group.interItemSpacing ?? .fixed(0)
        let base = records.count
        var cursor = 0.0, maxCross = 0.0, slot = 0
        // Siblings uniform along the axis: how many, their own (measured) lengths summed, and the largest.
        var uniformCount = 0, uniformOwn = 0.0, uniformLength = 0.0
        while next < itemCount {
            if let count = group.count {
                if slot >= count { break }
            } else if mainEstimated && slot >= group.subitems.count {
                break
            }
            let child = group.count != nil ? group.subitems[0] : group.subitems[slot % group.subitems.count]
            let gap = slot == 0 ? 0 : spacing.minimum
            let es = child.edgeSpacing
            let lead = es.start(axis)?.minimum ?? 0, trail = es.end(axis)?.minimum ?? 0
            let crossLead = es.start(axis.other)?.minimum ?? 0, crossTrail = es.end(axis.other)?.minimum ?? 0
            var proposed = child.layoutSize.resolved(in: inner)
            if let count = group.count {
                // Edge spacing of the repeated subitem is space too, so the copies still fit the group.
                let share = max(
                    0,
                    (available - spacing.minimum * Double(count - 1) - Double(count) * (lead + trail)) / Double(count))
                proposed = axis.size(main: share, cross: axis.cross(proposed))
            } else if !mainEstimated {
                // Edge spacing is space too: a child is at most as long as the group leaves it, so even a first child
                // (which always goes in) ends inside the group.
                proposed = axis.size(
                    main: min(axis.main(proposed), max(0, available - lead - trail)), cross: axis.cross(proposed))
            }
            if !crossEstimated {
                proposed = axis.size(
                    main: axis.main(proposed),
                    cross: min(axis.cross(proposed), max(0, axis.cross(inner) - crossLead - crossTrail)))
            }
            let mainPosition = cursor + gap + lead
            let childOrigin =
                axis == .horizontal
                ? Point(x: innerOrigin.x + mainPosition, y: innerOrigin.y + crossLead)
                : Point(x: innerOrigin.x + crossLead, y: innerOrigin.y + mainPosition)
            let framesStart = buffer.itemFrames.count, suppStart = buffer.supplementaries.count, nextBefore = next
            let placed: Size
            var uniform = false, uniformAlong = false
            var badges: [SupplementaryItem] = []
            switch child {
            case .item(let item):
                // A count fixes the length along the group's axis, so that axis is no longer measured.
                placed = placeItem(
                    item, size: proposed, origin: childOrigin, fixedAxis: group.count != nil ? axis : nil, next: &next)
                if case .uniformAcrossSiblings = item.layoutSize.dimension(axis.other) { uniform = true }
                if group.count == nil, case .uniformAcrossSiblings = item.layoutSize.dimension(axis) {
                    uniformAlong = true
                }
                if uniform || uniformAlong { badges = item.supplementaryItems }
            case .group(let sub):
                placed = place(sub, size: proposed, origin: childOrigin, next: &next)
            }
            let end = mainPosition + axis.main(placed) + trail
            // Uniform siblings will all take the largest length, so a child fits only if the row still fits with
            // every uniform sibling (itself included) at that length.
            var n = uniformCount, own = uniformOwn, largest = uniformLength
            if uniformAlong {
                n += 1
                own += axis.main(placed)
                largest = max(largest, axis.main(placed))
            }
            if group.count == nil && !mainEstimated && slot > 0 && end + Double(n) * largest - own > available + 1e-9 {
                buffer.truncate(items: framesStart, supplementaries: suppStart)
                next = nextBefore
                break
            }
            uniformCount = n
            uniformOwn = own
            uniformLength = largest
            records.append(
                ChildRecord(
                    frames: framesStart..<buffer.itemFrames.count,
                    supplementaries: suppStart..<buffer.supplementaries.count,
                    mainLength: axis.main(placed), crossLead: crossLead, crossLength: axis.cross(placed),
                    crossTrail: crossTrail,
                    flexibleGapBefore: slot > 0 && spacing.isFlexible,
                    flexibleLead: es.start(axis)?.isFlexible ?? false, flexibleTrail: es.end(axis)?.isFlexible ?? false,
                    flexibleCrossLead: es.start(axis.other)?.isFlexible ?? false,
                    flexibleCrossTrail: es.end(axis.other)?.isFlexible ?? false,
                    uniformMain: uniformAlong, uniformCross: uniform, badges: badges))
            cursor = end
            maxCross = max(maxCross, crossLead + axis.cross(placed) + crossTrail)
            slot += 1
        }
        if uniformCount > 0 { cursor += applyUniformMain(from: base, axis: axis, length: uniformLength) }
        if records.count > base { maxCross = applyUniform(from: base, axis: axis, maxCross: maxCross) }
        let innerCross = crossEstimated ? maxCross : axis.cross(inner)
        distributeFlexibleSpace(from: base, axis: axis, leftover: mainEstimated ? 0 : available - cursor)
        alignCross(from: base, axis: axis, innerCross: innerCross)
        records.removeSubrange(base...)
        let main = mainEstimated ? cursor + axis.start(ins) + axis.end(ins) : axis.main(size)
        let cross = crossEstimated ? maxCross + axis.other.start(ins) + axis.other.end(ins) : axis.cross(size)
        return axis.size(main: main, cross: cross)
    }

    /// A group that always holds exactly one plain item (a list row), reduced to plain values so that laying it out
    /// copies no arrays; none of the spacing and alignment bookkeeping can apply to a lone child.
    struct SingleItemPlan {
        var itemSize: LayoutSize
        var insets: EdgeInsets
        var axis: Axis
        var counted: Bool
        var mainEstimated: Bool
        var crossEstimated: Bool
    }

    static func singleItemPlan(of group: LayoutGroup) -> SingleItemPlan? {
        guard group.subitems.count == 1, case .item(let item) = group.subitems[0], group.contentInsets == .zero,
            item.edgeSpacing.isEmpty, item.supplementaryItems.isEmpty, group.supplementaryItems.isEmpty
        else { return nil }
        let axis: Axis
        switch group.kind {
        case .custom: return nil
        case .horizontal: axis = .horizontal
        case .vertical: axis = .vertical
        }
        let mainEstimated = group.layoutSize.dimension(axis).isEstimated
        guard group.count == 1 || (group.count == nil && mainEstimated) else { return nil }
        return SingleItemPlan(
            itemSize: item.layoutSize, insets: item.contentInsets, axis: axis, counted: group.count != nil,
            mainEstimated: mainEstimated, crossEstimated: group.layoutSize.dimension(axis.other).isEstimated)
    }

    /// Lays out a group described by a `SingleItemPlan`: the same result as `place`, in O(1).
    mutating func placeSingle(_ plan: SingleItemPlan, size: Size, origin: Point, next: inout Int) -> Size {
        let axis = plan.axis
        var proposed = plan.itemSize.resolved(in: size)
        if plan.counted { proposed = axis.size(main: axis.main(size), cross: axis.cross(proposed)) }
        if !plan.crossEstimated {
            proposed = axis.size(main: axis.main(proposed), cross: min(axis.cross(proposed), axis.cross(size)))
        }
        var s = proposed
        let wEst = plan.itemSize.widthDimension.isEstimated && !(plan.counted && axis == .horizontal)
        let hEst = plan.itemSize.heightDimension.isEstimated && !(plan.counted && axis == .vertical)
        if wEst || hEst, let measure,
            let m = measure(
                MeasurementRequest(
                    category: .cell, elementKind: nil, indexPath: ElementIndexPath(item: next, section: section),
                    proposedSize: s, isWidthEstimated: wEst, isHeightEstimated: hEst))
        {
            if wEst, m.width.isFinite, m.width >= 0 { s.width = m.width }
            if hEst, m.height.isFinite, m.height >= 0 { s.height = m.height }
        }
        let ci = plan.insets
        buffer.itemFrames.append(
            Rect(
                x: wEst ? origin.x : origin.x + ci.leading, y: hEst ? origin.y : origin.y + ci.top,
                width: wEst ? s.width : max(0, s.width - ci.leading - ci.trailing),
                height: hEst ? s.height : max(0, s.height - ci.top - ci.bottom)))
        next += 1
        return axis.size(
            main: plan.mainEstimated ? axis.main(s) : axis.main(size),
            cross: plan.crossEstimated ? axis.cross(s) : axis.cross(size))
    }

    /// Lays out one item: measures estimated axes, then applies content insets on the others. O(supplementaries).
    private mutating func placeItem(
        _ item: LayoutItem, size: Size, origin: Point, fixedAxis: Axis?, next: inout Int
    ) -> Size {
        var s = size
        let wEst = item.layoutSize.widthDimension.isEstimated && fixedAxis != .horizontal
        let hEst = item.layoutSize.heightDimension.isEstimated && fixedAxis != .vertical
        let indexPath = ElementIndexPath(item: next, section: section)
        if wEst || hEst, let measure,
            let m = measure(
                MeasurementRequest(
                    category: .cell, elementKind: nil, indexPath: indexPath, proposedSize: s,
                    isWidthEstimated: wEst, isHeightEstimated: hEst))
        {
            if wEst, m.width.isFinite, m.width >= 0 { s.width = m.width }
            if hEst, m.height.isFinite, m.height >= 0 { s.height = m.height }
        }
        var frame = Rect(origin: origin, size: s)
        let ci = item.contentInsets
        if ci != .zero {
            frame = Rect(
                x: wEst ? frame.minX : frame.minX + ci.leading, y: hEst ? frame.minY : frame.minY + ci.top,
                width: wEst ? s.width : max(0, s.width - ci.leading - ci.trailing),
                height: hEst ? s.height : max(0, s.height - ci.top - ci.bottom))
        }
        buffer.itemFrames.append(frame)
        for sup in item.supplementaryItems {
            buffer.supplementaries.append(
                LayoutAttributes(
                    category: .supplementaryView, elementKind: sup.elementKind,
                    indexPath: indexPath, frame: sup.frame(in: frame), zIndex: sup.zIndex))
        }
        next += 1
        return s
    }

    /// Lays `group` out once with unlimited items at the origin. O(slots).
    static func template(for group: LayoutGroup, size: Size) -> GroupTemplate {
        var placer = GroupPlacer(section: 0, itemCount: Int.max, measure: nil)
        var next = 0
        let final = placer.place(group, size: size, origin: .zero, next: &next)
        return GroupTemplate(
            size: final, frames: placer.buffer.itemFrames, zIndices: placer.buffer.itemZIndices,
            supplementaries: placer.buffer.supplementaries)
    }

    /// Appends a copy of `template` at `origin` holding items from `next`, keeping the first slots when items run out. O(slots).
    mutating func stamp(_ template: GroupTemplate, origin: Point, next: inout Int) {
        let slots = min(template.frames.count, itemCount - next)
        guard slots > 0 else { return }
        let first = buffer.itemFrames.count
        for k in 0..<slots { buffer.itemFrames.append(template.frames[k].offsetBy(dx: origin.x, dy: origin.y)) }
        for (k, z) in template.zIndices where k < slots { buffer.itemZIndices[first + k] = z }
        for var sup in template.supplementaries where sup.indexPath.item < slots {
            sup.indexPath = ElementIndexPath(item: next + sup.indexPath.item, section: section)
            sup.frame = sup.frame.offsetBy(dx: origin.x, dy: origin.y)
            buffer.supplementaries.append(sup)
        }
        next += slots
    }
}
