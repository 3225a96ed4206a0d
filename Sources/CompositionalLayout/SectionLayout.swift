/// A boundary item after layout, remembering what pinning needs.
struct BoundaryPlacement: Sendable {
    var attributes: LayoutAttributes
    var pins: Bool
    /// True for headers (the start of the scroll axis), false for footers.
    var atStart: Bool
    /// False when the item overlaps the content instead of taking space (and may reach outside a short section).
    var extendsBoundary = true
}

/// One section after layout; every frame is relative to the section's origin.
struct ComputedSection: Sendable {
    var descriptor: LayoutSection?
    var sectionIndex = 0
    var itemCount = 0
    /// Length along the scroll axis, including boundary items that extend it.
    var mainLength = 0.0
    var buffer = SectionBuffer()
    /// Top-level group frames; they advance along `groupAxis` and never go backwards.
    var groupFrames: [Rect] = []
    var groupFirstItem: [Int] = []
    var groupFirstSupplementary: [Int] = []
    /// How far any element of a group reaches before / past the group's frame along `groupAxis` (for binary search).
    var leadOverhang = 0.0
    var trailOverhang = 0.0
    /// Smallest and largest main-axis coordinate of any element, for the section-level search.
    var extentMin = 0.0
    var extentMax = 0.0
    var boundaryItems: [BoundaryPlacement] = []
    var decorations: [LayoutAttributes] = []
    var orthogonal: (frame: Rect, contentSize: Size)?
    var groupAxis: Axis = .vertical
    /// Leading padding of the sideways scroll (orthogonal sections), used by paging.
    var orthogonalLeadingPadding = 0.0
    var orthogonalTrailingPadding = 0.0
    /// The geometry and headers of the first layout, reused on re-layout: they precede every item and depend on
    /// neither item sizes nor counts, so an invalidation never measures them again.
    var geometry: SectionGeometry?
    var headers: [BoundaryPlacement] = []
}

/// Geometry shared by full layout and resumed layout of a section.
struct SectionGeometry: Sendable {
    var crossStart: Double, crossLength: Double  // content, after reference and section insets
    var sectionCross: Double
    var supplementaryCrossStart: Double, supplementaryCrossLength: Double
    var groupContainer: Size
    var contentStart: Double
    var orthogonal: Bool
    var padding: (lead: Double, trail: Double)
}

/// Lays out sections along the scroll axis.
struct SectionLayouter {
    let scrollAxis: Axis
    let container: Size
    let environment: LayoutEnvironment
    let measure: SizeMeasurer?

    private typealias Frame = SectionGeometry

    private func frame(for d: LayoutSection, index: Int) -> (Frame, [BoundaryPlacement], Double) {
        let a = scrollAxis, c = scrollAxis.other
        let ref = environment.insets(for: d.contentInsetsReference)
        let ins = d.contentInsets
        let sectionCross = a.cross(container)
        let refLead = c.start(ref), refTrail = c.end(ref)
        let crossStart = refLead + c.start(ins)
        let crossLength = max(0, sectionCross - refLead - refTrail - c.start(ins) - c.end(ins))
        let mainContainer = max(0, a.main(container) - a.start(ins) - a.end(ins))
        let orthogonal = d.orthogonalScrollingBehavior != .none
        let groupContainer =
            orthogonal
            ? a.size(main: mainContainer, cross: sectionCross)
            : a.size(main: mainContainer, cross: crossLength)
        let follow = d.supplementariesFollowContentInsets
        var f = Frame(
            crossStart: crossStart, crossLength: crossLength, sectionCross: sectionCross,
            supplementaryCrossStart: follow ? crossStart : refLead,
            supplementaryCrossLength: follow ? crossLength : max(0, sectionCross - refLead - refTrail),
            groupContainer: groupContainer, contentStart: 0, orthogonal: orthogonal,
            padding: (refLead + c.start(ins), refTrail + c.end(ins)))
        let headers = placeBoundary(d.boundarySupplementaryItems, atStart: true, section: index, frame: f, at: 0)
        var startExtent = 0.0
        for h in headers where h.1 { startExtent = max(startExtent, a.main(h.0.attributes.frame.size) + h.2) }
        f.contentStart = startExtent + a.start(ins)
        return (f, headers.map(\.0), startExtent)
    }

    /// Places boundary items of one end; returns each with whether it extends the section and its main-axis insets.
    private func placeBoundary(
        _ items: [BoundarySupplementaryItem], atStart: Bool, section: Int, frame f: Frame, at main: Double
    )
        -> [(BoundaryPlacement, Bool, Double)]
    {
        let a = scrollAxis
        var ordinals: [String: Int] = [:]
        var result: [(BoundaryPlacement, Bool, Double)] = []
        for item in items {
            let ordinal = ordinals[item.elementKind, default: 0]
            ordinals[item.elementKind] = ordinal + 1
            let (isStart, crossAlign) = Self.classify(item.alignment, scrollAxis: a)
            guard isStart == atStart else { continue }
            let indexPath = ElementIndexPath(item: ordinal, section: section)
            let container = a.size(main: a.main(self.container), cross: f.supplementaryCrossLength)
            let size = measured(item, in: container, indexPath: indexPath)
            let crossLen = a.cross(size), mainLen = a.main(size)
            let cross =
                f.supplementaryCrossStart
                + (crossAlign < 0
                    ? 0
                    : crossAlign > 0
                        ? f.supplementaryCrossLength - crossLen : (f.supplementaryCrossLength - crossLen) / 2)
            var frame = a.rect(main: main, cross: cross, mainLength: mainLen, crossLength: crossLen)
            frame = frame.offsetBy(dx: item.offset.x, dy: item.offset.y).inset(by: item.contentInsets)
            let attributes = LayoutAttributes(
                category: .supplementaryView, elementKind: item.elementKind,
                indexPath: indexPath, frame: frame, zIndex: item.zIndex)
            result.append(
                (
                    BoundaryPlacement(
                        attributes: attributes, pins: item.pinToVisibleBounds, atStart: atStart,
                        extendsBoundary: item.extendsBoundary),
                    item.extendsBoundary, 0
                ))
        }
        return result
    }

    private func measured(_ item: BoundarySupplementaryItem, in container: Size, indexPath: ElementIndexPath) -> Size {
        var s = item.layoutSize.resolved(in: container)
        let wEst = item.layoutSize.widthDimension.isEstimated, hEst = item.layoutSize.heightDimension.isEstimated
        if wEst || hEst, let measure,
            let m = measure(
                MeasurementRequest(
                    category: .supplementaryView, elementKind: item.elementKind, indexPath: indexPath,
                    proposedSize: s, isWidthEstimated: wEst, isHeightEstimated: hEst))
        {
            if wEst, m.width.isFinite, m.width >= 0 { s.width = m.width }
            if hEst, m.height.isFinite, m.height >= 0 { s.height = m.height }
        }
        return s
    }

    /// Whether an alignment is a header (start) and its cross alignment (-1 start, 0 centre, 1 end) for a scroll axis.
    static func classify(_ alignment: BoundaryAlignment, scrollAxis: Axis) -> (Bool, Int) {
        if scrollAxis == .vertical {
            switch alignment {
            case .top: return (true, 0)
            case .topLeading, .leading: return (true, -1)
            case .topTrailing, .trailing: return (true, 1)
            case .bottom: return (false, 0)
            case .bottomLeading: return (false, -1)
            case .bottomTrailing: return (false, 1)
            }
        }
        switch alignment {
        case .leading: return (true, 0)
        case .topLeading, .top: return (true, -1)
        case .bottomLeading, .bottom: return (true, 1)
        case .trailing: return (false, 0)
        case .topTrailing: return (false, -1)
        case .bottomTrailing: return (false, 1)
        }
    }

    /// Lays out a whole section. O(items).
    func layout(_ descriptor: LayoutSection?, index: Int, itemCount: Int) -> ComputedSection {
        var s = ComputedSection()
        s.descriptor = descriptor
        s.sectionIndex = index
        s.itemCount = itemCount
        guard descriptor != nil else { return s }
        resume(&s, fromItem: 0)
        return s
    }

    /// Re-lays out `s` from the top-level group holding `fromItem` onward; earlier groups are kept. O(items after it).
    func resume(_ s: inout ComputedSection, fromItem: Int) {
        guard let d = s.descriptor else { return }
        if s.geometry == nil { (s.geometry, s.headers, _) = frame(for: d, index: s.sectionIndex) }
        guard let f = s.geometry else { return }
        let headers = s.headers
        let groupAxis = f.orthogonal ? scrollAxis.other : scrollAxis
        s.groupAxis = groupAxis
        var g = 0
        if fromItem > 0, !s.groupFirstItem.isEmpty {
            g = max(0, upperBound(s.groupFirstItem, fromItem) - 1)
        }
        let keepItems = g < s.groupFirstItem.count ? s.groupFirstItem[g] : s.buffer.itemFrames.count
        let keepSupps =
            g < s.groupFirstSupplementary.count ? s.groupFirstSupplementary[g] : s.buffer.supplementaries.count
        s.buffer.truncate(items: keepItems, supplementaries: keepSupps)
        if s.groupFrames.count > g {
            s.groupFrames.removeSubrange(g...)
            s.groupFirstItem.removeSubrange(g...)
            s.groupFirstSupplementary.removeSubrange(g...)
        }
        let firstPosition = f.orthogonal ? f.padding.lead : f.contentStart
        var position =
            s.groupFrames.last.map { groupAxis == .horizontal ? $0.maxX : $0.maxY }.map { $0 + d.interGroupSpacing }
            ?? firstPosition
        var placer = GroupPlacer(section: s.sectionIndex, itemCount: s.itemCount, measure: measure, buffer: s.buffer)
        s.buffer = SectionBuffer()
        let proposed = d.group.layoutSize.resolved(in: f.groupContainer)
        let template = d.group.isStatic ? GroupPlacer.template(for: d.group, size: proposed) : nil
        let single = template == nil ? GroupPlacer.singleItemPlan(of: d.group) : nil
        let a = scrollAxis
        // Extents for rect queries; kept groups keep their (possibly larger) values, which stays correct because
        // queries check every candidate.
        var lead = g > 0 ? s.leadOverhang : 0, trail = g > 0 ? s.trailOverhang : 0
        var lo = g > 0 ? min(0, s.extentMin) : 0, hi = g > 0 ? s.extentMax : 0
        let templateReach = template.map { Self.reach(of: $0, groupAxis: groupAxis, scrollAxis: a) }
        var next = keepItems
        let expectedGroups = (s.itemCount - keepItems) / max(1, template?.frames.count ?? 1) + 1
        placer.buffer.itemFrames.reserveCapacity(s.itemCount)
        s.groupFrames.reserveCapacity(g + expectedGroups)
        s.groupFirstItem.reserveCapacity(g + expectedGroups)
        s.groupFirstSupplementary.reserveCapacity(g + expectedGroups)
        while next < s.itemCount {
            let origin: Point =
                f.orthogonal
                ? (scrollAxis == .vertical
                    ? Point(x: position, y: f.contentStart) : Point(x: f.contentStart, y: position))
                : (scrollAxis == .vertical ? Point(x: f.crossStart, y: position) : Point(x: position, y: f.crossStart))
            let before = next, suppBefore = placer.buffer.supplementaries.count
            let size: Size
            if let template {
                placer.stamp(template, origin: origin, next: &next)
                size = template.size
            } else if let single {
                size = placer.placeSingle(single, size: proposed, origin: origin, next: &next)
            } else {
                size = placer.place(d.group, size: proposed, origin: origin, next: &next)
            }
            guard next > before else { break }
            let frame = Rect(origin: origin, size: size)
            s.groupFrames.append(frame)
            s.groupFirstItem.append(before)
            s.groupFirstSupplementary.append(suppBefore)
            position += groupAxis.main(size) + d.interGroupSpacing
            if let r = templateReach {
                lead = max(lead, r.lead)
                trail = max(trail, r.trail)
                lo = min(lo, a.minMain(frame) + r.low)
                hi = max(hi, a.minMain(frame) + r.high)
            } else {
                var minG = groupAxis.minMain(frame), maxG = groupAxis.maxMain(frame)
                lo = min(lo, a.minMain(frame))
                hi = max(hi, a.maxMain(frame))
                for i in before..<next {
                    let r = placer.buffer.itemFrames[i]
                    minG = min(minG, groupAxis.minMain(r))
                    maxG = max(maxG, groupAxis.maxMain(r))
                    lo = min(lo, a.minMain(r))
                    hi = max(hi, a.maxMain(r))
                }
                for i in suppBefore..<placer.buffer.supplementaries.count {
                    let r = placer.buffer.supplementaries[i].frame
                    minG = min(minG, groupAxis.minMain(r))
                    maxG = max(maxG, groupAxis.maxMain(r))
                    lo = min(lo, a.minMain(r))
                    hi = max(hi, a.maxMain(r))
                }
                lead = max(lead, groupAxis.minMain(frame) - minG)
                trail = max(trail, maxG - groupAxis.maxMain(frame))
            }
        }
        s.leadOverhang = lead
        s.trailOverhang = trail
        s.extentMin = lo
        s.extentMax = hi
        s.buffer = placer.buffer
        finish(&s, descriptor: d, frame: f, headers: headers, fromGroup: g)
    }

    /// Places footers, decorations and the orthogonal scroller once groups are known. O(groups + boundary items).
    private func finish(
        _ s: inout ComputedSection, descriptor d: LayoutSection, frame f: Frame, headers: [BoundaryPlacement],
        fromGroup: Int
    ) {
        let a = scrollAxis, c = scrollAxis.other
        var contentEnd = f.contentStart
        if f.orthogonal {
            var depth = 0.0
            for g in s.groupFrames { depth = max(depth, a.maxMain(g) - f.contentStart) }
            contentEnd = f.contentStart + depth
            let last = s.groupFrames.last.map { c.maxMain($0) } ?? f.padding.lead - d.interGroupSpacing
            let scrollLength = max(last, f.padding.lead) + f.padding.trail
            s.orthogonal = (
                a.rect(main: f.contentStart, cross: 0, mainLength: depth, crossLength: f.sectionCross),
                a.size(main: depth, cross: scrollLength)
            )
            s.orthogonalLeadingPadding = f.padding.lead
            s.orthogonalTrailingPadding = f.padding.trail
        } else {
            s.orthogonal = nil
            if let last = s.groupFrames.last { contentEnd = a.maxMain(last) }
        }
        let footerStart = contentEnd + a.end(d.contentInsets)
        let footers = placeBoundary(
            d.boundarySupplementaryItems, atStart: false, section: s.sectionIndex, frame: f, at: footerStart)
        var endExtent = 0.0
        for item in footers where item.1 { endExtent = max(endExtent, a.main(item.0.attributes.frame.size)) }
        s.mainLength = footerStart + endExtent
        s.boundaryItems = headers
        for var item in footers {
            if !item.1 {  // a footer that does not extend the section ends at the section's end, over the content
                let len = a.main(item.0.attributes.frame.size)
                let shift = s.mainLength - len - a.minMain(item.0.attributes.frame)
                item.0.attributes.frame = a.offset(item.0.attributes.frame, main: shift, cross: 0)
            }
            s.boundaryItems.append(item.0)
        }
        var ordinals: [String: Int] = [:]
        s.decorations = d.decorationItems.map { deco in
            let ordinal = ordinals[deco.elementKind, default: 0]
            ordinals[deco.elementKind] = ordinal + 1
            let frame = a.rect(main: 0, cross: 0, mainLength: s.mainLength, crossLength: f.sectionCross).inset(
                by: deco.contentInsets)
            return LayoutAttributes(
                category: .decorationView, elementKind: deco.elementKind,
                indexPath: ElementIndexPath(item: ordinal, section: s.sectionIndex), frame: frame, zIndex: deco.zIndex)
        }
        computeExtents(&s, fromGroup: fromGroup)
    }

    /// Widens the group extents found during placement by boundary items and decorations. O(boundary items).
    private func computeExtents(_ s: inout ComputedSection, fromGroup: Int) {
        let a = scrollAxis
        var lo = min(0, s.extentMin), hi = max(s.mainLength, s.extentMax)
        for b in s.boundaryItems {
            lo = min(lo, a.minMain(b.attributes.frame))
            hi = max(hi, a.maxMain(b.attributes.frame))
        }
        for d in s.decorations {
            lo = min(lo, a.minMain(d.frame))
            hi = max(hi, a.maxMain(d.frame))
        }
        s.extentMin = lo
        s.extentMax = hi
    }

    /// How far a template's elements reach around its group frame: before/after along the group axis, and their
    /// lowest/highest main-axis coordinate relative to the group's origin. O(template elements).
    static func reach(
        of t: GroupTemplate, groupAxis: Axis, scrollAxis a: Axis
    ) -> (lead: Double, trail: Double, low: Double, high: Double) {
        let frame = Rect(origin: .zero, size: t.size)
        var minG = groupAxis.minMain(frame), maxG = groupAxis.maxMain(frame)
        var low = a.minMain(frame), high = a.maxMain(frame)
        for r in t.frames + t.supplementaries.map(\.frame) {
            minG = min(minG, groupAxis.minMain(r))
            maxG = max(maxG, groupAxis.maxMain(r))
            low = min(low, a.minMain(r))
            high = max(high, a.maxMain(r))
        }
        return (groupAxis.minMain(frame) - minG, maxG - groupAxis.maxMain(frame), low, high)
    }
}

/// Index of the first element greater than `value` in an ascending array. O(log n).
func upperBound(_ array: [Int], _ value: Int) -> Int {
    var lo = 0, hi = array.count
    while lo < hi {
        let mid = (lo + hi) / 2
        if array[mid] <= value { lo = mid + 1 } else { hi = mid }
    }
    return lo
}
