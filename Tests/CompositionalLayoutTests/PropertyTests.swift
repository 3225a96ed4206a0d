@testable import CompositionalLayout
import Foundation
import HabitsTestSupport
import Testing

/// Properties of random layouts, over the seeds `PropertySeeds` chooses (fixed by default; see there to explore).
@Suite struct PropertyTests {
    static let count = 500

    @Test func noTwoItemsOfOneGroupOverlap() {
        forEachSeed(count: Self.count) { seed in
            let random = RandomLayout(seed: seed)
            guard
                let laidOut = try? LayoutEngine(
                    layout: random.layout, containerSize: phone, itemCounts: random.counts,
                    measure: RandomLayout.measure)
            else {
                Issue.record("seed \(seed) did not lay out")
                return
            }
            for section in laidOut.sections {
                for group in 0..<section.groupFirstItem.count {
                    let frames = Array(section.buffer.itemFrames[section.items(ofGroup: group)])
                    for i in frames.indices {
                        for j in frames.indices where j > i {
                            #expect(
                                !frames[i].overlaps(frames[j]),
                                "seed \(seed): section \(section.sectionIndex) items \(i) and \(j) overlap")
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
            var generator = SplitMix(signedSeed: seed)
            let section = Int.random(in: 0..<random.counts.count, using: &generator)
            engine.invalidateItem(
                at: ElementIndexPath(item: Int.random(in: 0...40, using: &generator), section: section))
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

    /// Every item inside its section (an orthogonal section's scrolled content), every extending boundary item inside
    /// the section.
    static func framesLieInsideTheirSection(seed: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let random = RandomLayout(seed: seed)
        guard
            let laidOut = try? LayoutEngine(
                layout: random.layout, containerSize: phone, itemCounts: random.counts, measure: RandomLayout.measure)
        else {
            Issue.record("seed \(seed) did not lay out", sourceLocation: sourceLocation)
            return
        }
        for section in 0..<laidOut.numberOfSections {
            let bounds: Rect
            if let scroller = laidOut.orthogonalSection(section) {
                bounds = Rect(origin: scroller.frame.origin, size: scroller.contentSize)
            } else {
                bounds = laidOut.sectionFrame(section)!
            }
            let sectionFrame = laidOut.sectionFrame(section)!
            for item in 0..<random.counts[section] {
                let frame = laidOut.attributesForItem(at: ElementIndexPath(item: item, section: section))!.frame
                #expect(
                    bounds.contains(frame, tolerance: 1e-6),
                    "seed \(seed): item \(section).\(item) \(frame) outside \(bounds)",
                    sourceLocation: sourceLocation)
            }
            for boundaryItem in laidOut.sections[section].boundaryItems where boundaryItem.extendsBoundary {
                #expect(
                    sectionFrame.contains(
                        boundaryItem.attributes.offsetBy(laidOut.origin(section)).frame, tolerance: 1e-6),
                    "seed \(seed): \(boundaryItem.attributes) outside",
                    sourceLocation: sourceLocation)
            }
        }
    }

    @Test func rectQueryEqualsALinearScan() {
        forEachSeed(count: Self.count) { seed in
            let random = RandomLayout(seed: seed, badges: true)
            guard
                let laidOut = try? LayoutEngine(
                    layout: random.layout, containerSize: phone, itemCounts: random.counts,
                    measure: RandomLayout.measure)
            else {
                Issue.record("seed \(seed) did not lay out")
                return
            }
            var generator = SplitMix(signedSeed: seed)
            let all = laidOut.allAttributes()
            for _ in 0..<8 {
                let query = Rect(
                    x: Double.random(in: -50...600, using: &generator),
                    y: Double.random(in: -50...max(0, laidOut.contentSize.height), using: &generator),
                    width: Double.random(in: 0...400, using: &generator),
                    height: Double.random(in: 0...900, using: &generator))
                let expected = all.filter { $0.frame.intersects(query) }
                let actual = laidOut.attributes(in: query)
                #expect(actual.count == expected.count && Set(actual) == Set(expected), "seed \(seed): query \(query)")
            }
        }
    }

    @Test func codableRoundTripIsEqualAndLaysOutIdentically() {
        forEachSeed(count: Self.count) { seed in
            let random = RandomLayout(seed: seed, badges: true)
            do {
                let data = try JSONEncoder().encode(random.layout)
                let decoded = try JSONDecoder().decode(CompositionalLayout.self, from: data)
                #expect(decoded == random.layout, "seed \(seed)")
                let original = try LayoutEngine(
                    layout: random.layout, containerSize: phone, itemCounts: random.counts,
                    measure: RandomLayout.measure)
                let roundTripped = try LayoutEngine(
                    layout: decoded, containerSize: phone, itemCounts: random.counts, measure: RandomLayout.measure)
                #expect(original.allAttributes() == roundTripped.allAttributes(), "seed \(seed)")
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }
}
