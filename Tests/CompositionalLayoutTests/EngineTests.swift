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
        var group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [child])
        group.count = count
        return CompositionalLayout(section: LayoutSection(group: group))
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
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(160), .fractionalHeight(200)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let laidOut = try engine(
            CompositionalLayout(section: LayoutSection(group: group, orthogonalScrollingBehavior: .continuous)), [3])
        #expect(
            laidOut.diagnostics.map(\.descriptor) == [
                "section[0].group.layoutSize.widthDimension", "section[0].group.layoutSize.heightDimension",
            ])
        #expect(
            laidOut.debugOutput.contains(
                "warning: section[0].group.layoutSize.widthDimension: fraction 160 is far above 1"))
        #expect(laidOut.svg().contains("class=\"diagnostic\""))
        #expect(laidOut.svg().contains("fraction 160 is far above 1"))
    }

    @Test func aProviderReturningNilLeavesTheSectionEmptyWithADiagnostic() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(10)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let layout = CompositionalLayout { index, _ in index == 0 ? nil : LayoutSection(group: group) }
        let laidOut = try engine(layout, [2, 1])
        #expect(laidOut.attributesForItem(at: ip(0, 0)) == nil)
        expectFrame(laidOut.attributesForItem(at: ip(1, 0))?.frame, rect(0, 0, 390, 10))
        #expect(laidOut.diagnostics.count == 1)
    }
}

@Suite struct InvalidationTests {
    func list(_ heights: MeasuredHeights) -> (CompositionalLayout, SizeMeasurer) {
        let group = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(1), .estimated(40)), subitems: [item(.fractionalWidth(1), .estimated(40))]
        )
        return (
            CompositionalLayout(section: LayoutSection(group: group, interGroupSpacing: 2)),
            { request in heights[request.indexPath].map { Size(width: 0, height: $0) } }
        )
    }

    @Test func changingOneItemMatchesAFreshLayout() throws {
        let heights = MeasuredHeights()
        let (layout, measure) = list(heights)
        var laidOut = try engine(layout, [50, 20, 30], measure: measure)
        heights[ip(1, 7)] = 123
        laidOut.invalidateItem(at: ip(1, 7))
        let fresh = try engine(layout, [50, 20, 30], measure: measure)
        #expect(laidOut.allAttributes() == fresh.allAttributes())
        #expect(laidOut.contentSize == fresh.contentSize)
        expectFrame(laidOut.attributesForItem(at: ip(1, 8))?.frame, rect(0, 2098 + 7 * 42 + 123 + 2, 390, 40))
    }

    @Test func changingACountMatchesAFreshLayout() throws {
        let heights = MeasuredHeights()
        let (layout, measure) = list(heights)
        var laidOut = try engine(layout, [5, 5], measure: measure)
        try laidOut.setItemCount(9, inSection: 0)
        #expect(laidOut.allAttributes() == (try engine(layout, [9, 5], measure: measure)).allAttributes())
        try laidOut.setItemCount(2, inSection: 0)
        #expect(laidOut.allAttributes() == (try engine(layout, [2, 5], measure: measure)).allAttributes())
    }
}

@Suite struct QueryTests {
    @Test func rectQueryInTheMiddleMatchesALinearScan() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(60)),
            repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 3)
        let header = BoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: "h", alignment: .top)
        let laidOut = try engine(
            CompositionalLayout(
                section: LayoutSection(group: group, interGroupSpacing: 5, boundarySupplementaryItems: [header])),
            [300, 300, 300])
        let query = rect(100, 10_000, 50, 300)
        let expected = laidOut.allAttributes().filter { $0.frame.intersects(query) }
        #expect(!expected.isEmpty)
        #expect(Set(laidOut.attributes(in: query)) == Set(expected))
        #expect(laidOut.attributes(in: query).count == expected.count)
    }

    @Test func queriesOutsideTheLayoutAnswerNothing() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(60)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: group)), [3])
        #expect(laidOut.attributesForItem(at: ip(0, 3)) == nil)
        #expect(laidOut.attributesForItem(at: ip(1, 0)) == nil)
        #expect(laidOut.attributesForSupplementary(ofKind: "x", at: ip(0, 0)) == nil)
        #expect(laidOut.attributes(in: rect(0, 500, 10, 10)).isEmpty)
    }
}
