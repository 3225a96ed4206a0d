@testable import CompositionalLayout
import Foundation
import Testing

/// Every measurement request, in order, so attributes test can see what attributes re-layout touched.
final class MeasurementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [MeasurementRequest] = []
    func record(_ request: MeasurementRequest) { lock.withLock { requests.append(request) } }
    func take() -> [String] {
        lock.withLock {
            defer { requests = [] }
            return requests.map { "\($0.elementKind ?? "cell") \($0.indexPath.section).\($0.indexPath.item)" }
        }
    }
}

/// Re-layout after one item's size or one section's count changes touches only what follows it.
@Suite struct InvalidationScopeTests {
    let heights = MeasuredHeights()
    let log = MeasurementLog()

    func layout() -> CompositionalLayout {
        let row = size(.fractionalWidth(1), .estimated(40))
        let group = LayoutGroup.vertical(layoutSize: row, subitems: [.item(LayoutItem(layoutSize: row))])
        let header = BoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .estimated(30)), elementKind: "header", alignment: .top)
        let footer = BoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .estimated(20)), elementKind: "footer", alignment: .bottom)
        let banner = BoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .estimated(50)), elementKind: "banner", alignment: .top)
        return CompositionalLayout(
            section: LayoutSection(group: group, boundarySupplementaryItems: [header, footer]),
            configuration: LayoutConfiguration(interSectionSpacing: 10, boundarySupplementaryItems: [banner]))
    }

    func measure() -> SizeMeasurer {
        { [heights, log] r in
            log.record(r)
            return r.category == .cell ? heights[r.indexPath].map { Size(width: 0, height: $0) } : nil
        }
    }

    func section(_ laidOut: LayoutEngine, _ index: Int) -> [LayoutAttributes] {
        laidOut.allAttributes().filter { $0.indexPath.section == index && $0.elementKind != "banner" }
    }

    @Test func anItemsSizeChangeMeasuresOnlyWhatFollowsItAndKeepsEarlierSections() throws {
        var laidOut = try engine(layout(), [5, 10, 5], measure: measure())
        #expect(log.take().count == 1 + 3 * 2 + 20)
        let before0 = section(laidOut, 0), before2 = section(laidOut, 2)
        let banner = laidOut.attributesForSupplementary(ofKind: "banner", at: ip(0, 0))

        heights[ip(1, 4)] = 100
        laidOut.invalidateItem(at: ip(1, 4))
        // Only section 1 from the changed item on, then its footer: no earlier item, header, banner or later section.
        #expect(log.take() == ["cell 1.4", "cell 1.5", "cell 1.6", "cell 1.7", "cell 1.8", "cell 1.9", "footer 1.0"])
        #expect(section(laidOut, 0) == before0)
        #expect(laidOut.attributesForSupplementary(ofKind: "banner", at: ip(0, 0)) == banner)
        // Later sections move by the growth (100 - 40) without being laid out again.
        #expect(
            section(laidOut, 2)
                == before2.map { attributes in
                    var moved = attributes
                    moved.frame = attributes.frame.offsetBy(dx: 0, dy: 60)
                    return moved
                })
        // banner 50; section 0: 30 + 5 × 40 + 20 = 250, then 10; section 1 starts at 310, its item 4 at 310 + 30 + 160,
        // and it is 30 + 9 × 40 + 100 + 20 = 510 long.
        expectFrame(laidOut.attributesForItem(at: ip(1, 4))?.frame, rect(0, 500, 390, 100))
        expectFrame(laidOut.attributesForItem(at: ip(1, 5))?.frame, rect(0, 600, 390, 40))
        expectFrame(laidOut.attributesForItem(at: ip(2, 0))?.frame, rect(0, 310 + 510 + 10 + 30, 390, 40))
        #expect(laidOut.allAttributes() == (try engine(layout(), [5, 10, 5], measure: measure())).allAttributes())
    }

    @Test func aCountChangeMeasuresOnlyTheNewTail() throws {
        var laidOut = try engine(layout(), [5, 10, 5], measure: measure())
        _ = log.take()
        let before0 = section(laidOut, 0)
        try laidOut.setItemCount(12, inSection: 1)
        // Re-laid out from the last surviving group (item 9), so that attributes partial last group can fill up.
        #expect(log.take() == ["cell 1.9", "cell 1.10", "cell 1.11", "footer 1.0"])
        #expect(section(laidOut, 0) == before0)
        expectFrame(laidOut.attributesForItem(at: ip(1, 11))?.frame, rect(0, 310 + 30 + 11 * 40, 390, 40))
        #expect(laidOut.allAttributes() == (try engine(layout(), [5, 12, 5], measure: measure())).allAttributes())
    }
}
