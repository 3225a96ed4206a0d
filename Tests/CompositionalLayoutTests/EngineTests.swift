@testable import CompositionalLayout
import Foundation
import Testing

/// Heights a test changes between layouts, read by the measuring callback.
final class MeasuredHeights: @unchecked Sendable {
    private let lock = NSLock()
    private var heights: [ElementIndexPath: Double] = [:]
    subscript(_ p: ElementIndexPath) -> Double? {
        get { lock.withLock { heights[p] } }
        set { lock.withLock { heights[p] = newValue } }
    }
}

@Suite struct ErrorTests {
    func layout(_ child: LayoutGroupChild, count: Int? = nil) -> CompositionalLayout {
        var g = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [child])
        g.count = count
        return CompositionalLayout(section: LayoutSection(group: g))
    }

    @Test func negativeDimensionNamesTheDescriptor() throws {
        let error = #expect(throws: LayoutError.self) { try engine(layout(item(.absolute(-3), .absolute(10))), [1]) }
        #expect(error?.description == "section[0].group.subitems[0].layoutSize.widthDimension is negative (-3)")
    }

    @Test func nonFiniteValuesAreRejected() throws {
        let error = #expect(throws: LayoutError.self) {
            try engine(layout(item(.fractionalWidth(1), .estimated(.nan))), [1])
        }
        #expect(error == .nonFiniteValue(descriptor: "section[0].group.subitems[0].layoutSize.heightDimension"))
        let insets = #expect(throws: LayoutError.self) {
            try engine(
                CompositionalLayout(
                    section: LayoutSection(
                        group: .horizontal(
                            layoutSize: size(.fractionalWidth(1), .absolute(1)),
                            subitems: [item(.absolute(1), .absolute(1))]),
                        contentInsets: EdgeInsets(top: -.infinity))), [1])
        }
        #expect(insets == .nonFiniteValue(descriptor: "section[0].contentInsets.top"))
    }

    @Test func emptyGroupsAndCountsBelowOne() throws {
        let empty = CompositionalLayout(
            section: LayoutSection(
                group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(1)), subitems: [])))
        #expect(throws: LayoutError.emptyGroup(descriptor: "section[0].group")) { try engine(empty, [1]) }
        #expect(throws: LayoutError.countBelowOne(descriptor: "section[0].group", count: 0)) {
            try engine(layout(item(.absolute(1), .absolute(1)), count: 0), [1])
        }
        #expect(throws: LayoutError.negativeItemCount(section: 1, count: -1)) {
            try engine(layout(item(.absolute(1), .absolute(1))), [1, -1])
        }
        let spacing = CompositionalLayout(
            section: LayoutSection(
                group: .horizontal(
                    layoutSize: size(.fractionalWidth(1), .absolute(1)), subitems: [item(.absolute(1), .absolute(1))]),
                interGroupSpacing: -1))
        #expect(throws: LayoutError.negativeValue(descriptor: "section[0].interGroupSpacing", value: -1)) {
            try engine(spacing, [1])
        }
    }

    @Test func hugeFractionsProduceADiagnosticInDebugOutputAndSVG() throws {
        let g = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(160), .fractionalHeight(200)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let e = try engine(
            CompositionalLayout(section: LayoutSection(group: g, orthogonalScrollingBehavior: .continuous)), [3])
        #expect(
            e.diagnostics.map(\.descriptor) == [
                "section[0].group.layoutSize.widthDimension", "section[0].group.layoutSize.heightDimension",
            ])
        #expect(
            e.debugOutput.contains("warning: section[0].group.layoutSize.widthDimension: fraction 160 is far above 1"))
        #expect(e.svg().contains("class=\"diagnostic\""))
        #expect(e.svg().contains("fraction 160 is far above 1"))
    }

    @Test func aProviderReturningNilLeavesTheSectionEmptyWithADiagnostic() throws {
        let g = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(10)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let layout = CompositionalLayout { index, _ in index == 0 ? nil : LayoutSection(group: g) }
        let e = try engine(layout, [2, 1])
        #expect(e.attributesForItem(at: ip(0, 0)) == nil)
        expectFrame(e.attributesForItem(at: ip(1, 0))?.frame, rect(0, 0, 390, 10))
        #expect(e.diagnostics.count == 1)
    }
}

@Suite struct InvalidationTests {
    func list(_ heights: MeasuredHeights) -> (CompositionalLayout, SizeMeasurer) {
        let g = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(1), .estimated(40)), subitems: [item(.fractionalWidth(1), .estimated(40))]
        )
        return (
            CompositionalLayout(section: LayoutSection(group: g, interGroupSpacing: 2)),
            { r in heights[r.indexPath].map { Size(width: 0, height: $0) } }
        )
    }

    @Test func changingOneItemMatchesAFreshLayout() throws {
        let heights = MeasuredHeights()
        let (layout, measure) = list(heights)
        var e = try engine(layout, [50, 20, 30], measure: measure)
        heights[ip(1, 7)] = 123
        e.invalidateItem(at: ip(1, 7))
        let fresh = try engine(layout, [50, 20, 30], measure: measure)
        #expect(e.allAttributes() == fresh.allAttributes())
        #expect(e.contentSize == fresh.contentSize)
        expectFrame(e.attributesForItem(at: ip(1, 8))?.frame, rect(0, 2098 + 7 * 42 + 123 + 2, 390, 40))
    }

    @Test func changingACountMatchesAFreshLayout() throws {
        let heights = MeasuredHeights()
        let (layout, measure) = list(heights)
        var e = try engine(layout, [5, 5], measure: measure)
        try e.setItemCount(9, inSection: 0)
        #expect(e.allAttributes() == (try engine(layout, [9, 5], measure: measure)).allAttributes())
        try e.setItemCount(2, inSection: 0)
        #expect(e.allAttributes() == (try engine(layout, [2, 5], measure: measure)).allAttributes())
    }
}

@Suite struct QueryTests {
    @Test func rectQueryInTheMiddleMatchesALinearScan() throws {
        let g = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(60)),
            repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 3)
        let header = BoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: "h", alignment: .top)
        let e = try engine(
            CompositionalLayout(
                section: LayoutSection(group: g, interGroupSpacing: 5, boundarySupplementaryItems: [header])),
            [300, 300, 300])
        let r = rect(100, 10_000, 50, 300)
        let expected = e.allAttributes().filter { $0.frame.intersects(r) }
        #expect(!expected.isEmpty)
        #expect(Set(e.attributes(in: r)) == Set(expected))
        #expect(e.attributes(in: r).count == expected.count)
    }

    @Test func queriesOutsideTheLayoutAnswerNothing() throws {
        let g = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(60)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let e = try engine(CompositionalLayout(section: LayoutSection(group: g)), [3])
        #expect(e.attributesForItem(at: ip(0, 3)) == nil)
        #expect(e.attributesForItem(at: ip(1, 0)) == nil)
        #expect(e.attributesForSupplementary(ofKind: "x", at: ip(0, 0)) == nil)
        #expect(e.attributes(in: rect(0, 500, 10, 10)).isEmpty)
    }
}
