@testable import CompositionalLayout
import Foundation
import Testing

/// Properties of random layouts, over the seeds `PropertySeeds` chooses (fixed by default; see there to explore).
@Suite struct PropertyTests {
    static let count = 500

    @Test func noTwoItemsOfOneGroupOverlap() {
        forEachSeed(count: Self.count) { seed in
            let r = RandomLayout(seed: seed)
            guard
                let e = try? LayoutEngine(
                    layout: r.layout, containerSize: phone, itemCounts: r.counts, measure: RandomLayout.measure)
            else {
                Issue.record("seed \(seed) did not lay out")
                return
            }
            for s in e.sections {
                for g in 0..<s.groupFirstItem.count {
                    let end = g + 1 < s.groupFirstItem.count ? s.groupFirstItem[g + 1] : s.buffer.itemFrames.count
                    let frames = Array(s.buffer.itemFrames[s.groupFirstItem[g]..<end])
                    for i in frames.indices {
                        for j in frames.indices where j > i {
                            #expect(
                                !frames[i].overlaps(frames[j]),
                                "seed \(seed): section \(s.sectionIndex) items \(i) and \(j) overlap")
                        }
                    }
                }
            }
        }
    }

    /// The engine's own invariants (`_checkInvariants`, debug builds) after layout, after re-laying out from a random
    /// item and after changing a section's item count; any violation traps.
    @Test func layoutAndReLayoutKeepTheEnginesInvariants() {
        forEachSeed(count: Self.count) { seed in
            let random = RandomLayout(seed: seed, badges: true)
            guard
                var engine = try? LayoutEngine(
                    layout: random.layout, containerSize: phone, itemCounts: random.counts,
                    measure: RandomLayout.measure)
            else {
                Issue.record("seed \(seed) did not lay out")
                return
            }
            engine._checkInvariants()
            var generator = SplitMix(seed: seed)
            let section = Int.random(in: 0..<random.counts.count, using: &generator)
            engine.invalidateItem(at: ElementIndexPath(item: Int.random(in: 0...40, using: &generator), section: section))
            engine._checkInvariants()
            try? engine.setItemCount(Int.random(in: 0...40, using: &generator), inSection: section)
            engine._checkInvariants()
            // A re-laid-out section matches one laid out from scratch with the same counts (up to rounding: resumed
            // positions add a kept group's end and the spacing in another order).
            let fresh = try? LayoutEngine(
                layout: random.layout, containerSize: phone, itemCounts: engine.itemCounts,
                measure: RandomLayout.measure)
            let expected = fresh?.allAttributes() ?? []
            let actual = engine.allAttributes()
            #expect(expected.count == actual.count, "seed \(seed)")
            for (want, got) in zip(expected, actual) {
                #expect(
                    want.indexPath == got.indexPath && want.elementKind == got.elementKind
                        && want.zIndex == got.zIndex && want.frame.isClose(to: got.frame),
                    "seed \(seed): \(got) != \(want)")
            }
        }
    }

    @Test func framesLieInsideTheirSection() {
        forEachSeed(count: Self.count) { Self.framesLieInsideTheirSection(seed: $0) }
    }

    /// Every item inside its section (an orthogonal section's scrolled content), every extending boundary item inside the section.
    static func framesLieInsideTheirSection(seed: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let r = RandomLayout(seed: seed)
        guard
            let e = try? LayoutEngine(
                layout: r.layout, containerSize: phone, itemCounts: r.counts, measure: RandomLayout.measure)
        else {
            Issue.record("seed \(seed) did not lay out", sourceLocation: sourceLocation)
            return
        }
        for s in 0..<e.numberOfSections {
            let bounds: Rect
            if let o = e.orthogonalSection(s) {
                bounds = Rect(origin: o.frame.origin, size: o.contentSize)
            } else {
                bounds = e.sectionFrame(s)!
            }
            let sectionFrame = e.sectionFrame(s)!
            for i in 0..<r.counts[s] {
                let f = e.attributesForItem(at: ElementIndexPath(item: i, section: s))!.frame
                #expect(
                    bounds.contains(f, tolerance: 1e-6), "seed \(seed): item \(s).\(i) \(f) outside \(bounds)",
                    sourceLocation: sourceLocation)
            }
            for b in e.sections[s].boundaryItems where b.extendsBoundary {
                #expect(
                    sectionFrame.contains(b.attributes.offsetBy(e.origin(s)).frame, tolerance: 1e-6),
                    "seed \(seed): \(b.attributes) outside",
                    sourceLocation: sourceLocation)
            }
        }
    }

    @Test func rectQueryEqualsALinearScan() {
        forEachSeed(count: Self.count) { seed in
            let r = RandomLayout(seed: seed, badges: true)
            guard
                let e = try? LayoutEngine(
                    layout: r.layout, containerSize: phone, itemCounts: r.counts, measure: RandomLayout.measure)
            else {
                Issue.record("seed \(seed) did not lay out")
                return
            }
            var g = SplitMix(seed: seed)
            let all = e.allAttributes()
            for _ in 0..<8 {
                let query = Rect(
                    x: Double.random(in: -50...600, using: &g),
                    y: Double.random(in: -50...max(0, e.contentSize.height), using: &g),
                    width: Double.random(in: 0...400, using: &g), height: Double.random(in: 0...900, using: &g))
                let expected = all.filter { $0.frame.intersects(query) }
                let actual = e.attributes(in: query)
                #expect(actual.count == expected.count && Set(actual) == Set(expected), "seed \(seed): query \(query)")
            }
        }
    }

    @Test func codableRoundTripIsEqualAndLaysOutIdentically() {
        forEachSeed(count: Self.count) { seed in
            let r = RandomLayout(seed: seed, badges: true)
            do {
                let data = try JSONEncoder().encode(r.layout)
                let decoded = try JSONDecoder().decode(CompositionalLayout.self, from: data)
                #expect(decoded == r.layout, "seed \(seed)")
                let a = try LayoutEngine(
                    layout: r.layout, containerSize: phone, itemCounts: r.counts, measure: RandomLayout.measure)
                let b = try LayoutEngine(
                    layout: decoded, containerSize: phone, itemCounts: r.counts, measure: RandomLayout.measure)
                #expect(a.allAttributes() == b.allAttributes(), "seed \(seed)")
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }
}
