@testable import CompositionalLayout
import Foundation
import Testing

/// Supplementary items carried by a group, anchored to the group's frame.
@Suite struct GroupSupplementaryTests {
    func badge(_ kind: String, _ edges: RectEdges, offset: Point = .zero) -> SupplementaryItem {
        SupplementaryItem(
            layoutSize: size(.absolute(20), .absolute(20)), elementKind: kind,
            containerAnchor: LayoutAnchor(edges: edges, absoluteOffset: offset))
    }

    func rows() -> CompositionalLayout {
        var g = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(100)),
            repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 3)
        g.contentInsets = EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        g.supplementaryItems = [badge("row", [.top, .leading], offset: Point(x: -5, y: -5))]
        return CompositionalLayout(section: LayoutSection(group: g, interGroupSpacing: 8))
    }

    @Test func aTopLevelGroupsSupplementaryTakesItsFirstItemsIndexPath() throws {
        let e = try engine(rows(), [4])
        // Anchored to the group's frame after its content insets; the partial last group still has one.
        expectFrame(e.attributesForSupplementary(ofKind: "row", at: ip(0, 0))?.frame, rect(5, 5, 20, 20))
        expectFrame(e.attributesForSupplementary(ofKind: "row", at: ip(0, 3))?.frame, rect(5, 113, 20, 20))
        #expect(e.attributesForSupplementary(ofKind: "row", at: ip(0, 1)) == nil)
        #expect(e.attributesForSupplementary(ofKind: "row", at: ip(0, 0))?.zIndex == 1)
        let w = 370.0 / 3
        expectFrames(
            frames(e, section: 0),
            [rect(10, 10, w, 80), rect(10 + w, 10, w, 80), rect(10 + 2 * w, 10, w, 80), rect(10, 118, w, 80)])
        let query = e.attributes(in: rect(0, 110, 390, 5))
        #expect(query.contains { $0.elementKind == "row" && $0.indexPath == ip(0, 3) })
        #expect(Set(query) == Set(e.allAttributes().filter { $0.frame.intersects(rect(0, 110, 390, 5)) }))
        #expect(e.svg().contains(">row 0.3</text>"))
    }

    @Test func nestedGroupsCarryTheirsAndMoveWithFlexibleSpacing() throws {
        let column = LayoutGroup(
            kind: .horizontal, layoutSize: size(.absolute(100), .fractionalHeight(1)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))],
            supplementaryItems: [badge("col", [.top, .trailing])])
        var outer = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [.group(column)])
        outer.interItemSpacing = .flexible(0)
        // Three columns of 100 fit; the 90 left are shared by the two flexible gaps, and each badge moves with its group.
        let e = try engine(CompositionalLayout(section: LayoutSection(group: outer)), [3])
        expectFrames(frames(e, section: 0), [rect(0, 0, 100, 50), rect(145, 0, 100, 50), rect(290, 0, 100, 50)])
        expectFrame(e.attributesForSupplementary(ofKind: "col", at: ip(0, 0))?.frame, rect(80, 0, 20, 20))
        expectFrame(e.attributesForSupplementary(ofKind: "col", at: ip(0, 1))?.frame, rect(225, 0, 20, 20))
        expectFrame(e.attributesForSupplementary(ofKind: "col", at: ip(0, 2))?.frame, rect(370, 0, 20, 20))
    }

    @Test func anEstimatedGroupAnchorsToItsMeasuredFrame() throws {
        let g = LayoutGroup(
            kind: .vertical, layoutSize: size(.fractionalWidth(1), .estimated(44)),
            subitems: [item(.fractionalWidth(1), .estimated(44))],
            supplementaryItems: [badge("corner", [.bottom, .trailing])])
        let e = try engine(CompositionalLayout(section: LayoutSection(group: g)), [2]) { r in
            Size(width: 0, height: r.indexPath.item == 0 ? 60 : 30)
        }
        expectFrames(frames(e, section: 0), [rect(0, 0, 390, 60), rect(0, 60, 390, 30)])
        expectFrame(e.attributesForSupplementary(ofKind: "corner", at: ip(0, 0))?.frame, rect(370, 40, 20, 20))
        expectFrame(e.attributesForSupplementary(ofKind: "corner", at: ip(0, 1))?.frame, rect(370, 70, 20, 20))
    }

    @Test func theJSONFormRoundTripsAndInvalidOnesAreTypedErrors() throws {
        let layout = rows()
        let data = try JSONEncoder().encode(layout)
        #expect(String(decoding: data, as: UTF8.self).contains("\"supplementaryItems\""))
        let decoded = try JSONDecoder().decode(CompositionalLayout.self, from: data)
        #expect(decoded == layout)
        #expect(try engine(decoded, [4]).allAttributes() == (try engine(layout, [4])).allAttributes())

        var bad = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(10)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        bad.supplementaryItems = [
            SupplementaryItem(
                layoutSize: size(.absolute(-1), .absolute(1)), elementKind: "x",
                containerAnchor: LayoutAnchor(edges: .top))
        ]
        #expect(
            throws: LayoutError.negativeValue(
                descriptor: "section[0].group.supplementaryItems[0].layoutSize.widthDimension", value: -1)
        ) {
            try engine(CompositionalLayout(section: LayoutSection(group: bad)), [1])
        }
    }
}
