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
        var group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(100)),
            repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 3)
        group.contentInsets = EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        group.supplementaryItems = [badge("row", [.top, .leading], offset: Point(x: -5, y: -5))]
        return CompositionalLayout(section: LayoutSection(group: group, interGroupSpacing: 8))
    }

    @Test func aTopLevelGroupsSupplementaryTakesItsFirstItemsIndexPath() throws {
        let laidOut = try engine(rows(), [4])
        // Anchored to the group's frame after its content insets; the partial last group still has one.
        expectFrame(laidOut.attributesForSupplementary(ofKind: "row", at: ip(0, 0))?.frame, rect(5, 5, 20, 20))
        expectFrame(laidOut.attributesForSupplementary(ofKind: "row", at: ip(0, 3))?.frame, rect(5, 113, 20, 20))
        #expect(laidOut.attributesForSupplementary(ofKind: "row", at: ip(0, 1)) == nil)
        #expect(laidOut.attributesForSupplementary(ofKind: "row", at: ip(0, 0))?.zIndex == 1)
        let third = 370.0 / 3
        expectFrames(
            frames(laidOut, section: 0),
            [
                rect(10, 10, third, 80), rect(10 + third, 10, third, 80), rect(10 + 2 * third, 10, third, 80),
                rect(10, 118, third, 80),
            ])
        let query = laidOut.attributes(in: rect(0, 110, 390, 5))
        #expect(query.contains { $0.elementKind == "row" && $0.indexPath == ip(0, 3) })
        #expect(Set(query) == Set(laidOut.allAttributes().filter { $0.frame.intersects(rect(0, 110, 390, 5)) }))
        #expect(laidOut.svg().contains(">row 0.3</text>"))
    }

    @Test func nestedGroupsCarryTheirsAndMoveWithFlexibleSpacing() throws {
        let column = LayoutGroup(
            kind: .horizontal, layoutSize: size(.absolute(100), .fractionalHeight(1)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))],
            supplementaryItems: [badge("col", [.top, .trailing])])
        var outer = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [.group(column)])
        outer.interItemSpacing = .flexible(0)
        // Three columns of 100 fit; the 90 left are shared by the two flexible gaps, and each badge moves with its
        // group.
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: outer)), [3])
        expectFrames(frames(laidOut, section: 0), [rect(0, 0, 100, 50), rect(145, 0, 100, 50), rect(290, 0, 100, 50)])
        expectFrame(laidOut.attributesForSupplementary(ofKind: "col", at: ip(0, 0))?.frame, rect(80, 0, 20, 20))
        expectFrame(laidOut.attributesForSupplementary(ofKind: "col", at: ip(0, 1))?.frame, rect(225, 0, 20, 20))
        expectFrame(laidOut.attributesForSupplementary(ofKind: "col", at: ip(0, 2))?.frame, rect(370, 0, 20, 20))
    }

    @Test func anEstimatedGroupAnchorsToItsMeasuredFrame() throws {
        let group = LayoutGroup(
            kind: .vertical, layoutSize: size(.fractionalWidth(1), .estimated(44)),
            subitems: [item(.fractionalWidth(1), .estimated(44))],
            supplementaryItems: [badge("corner", [.bottom, .trailing])])
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: group)), [2]) { request in
            Size(width: 0, height: request.indexPath.item == 0 ? 60 : 30)
        }
        expectFrames(frames(laidOut, section: 0), [rect(0, 0, 390, 60), rect(0, 60, 390, 30)])
        expectFrame(laidOut.attributesForSupplementary(ofKind: "corner", at: ip(0, 0))?.frame, rect(370, 40, 20, 20))
        expectFrame(laidOut.attributesForSupplementary(ofKind: "corner", at: ip(0, 1))?.frame, rect(370, 70, 20, 20))
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
