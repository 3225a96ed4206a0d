@testable import CompositionalLayout
import Foundation
import Testing

/// A group's supplementaries anchor to the group's frame after its content insets, as UIKit places them.
@Suite struct GroupSupplementaryInsetTests {
    static let width = 375.0

    /// A 375-wide row of one item, inset by `insets`, carrying a 20×60 supplementary on `edges` with a fractional
    /// offset.
    static func layout(insets: EdgeInsets, edges: RectEdges, fractionalOffset: Point) -> CompositionalLayout {
        let supplementary = SupplementaryItem(
            layoutSize: size(.absolute(20), .absolute(60)), elementKind: "side",
            containerAnchor: LayoutAnchor(edges: edges, fractionalOffset: fractionalOffset))
        let group = LayoutGroup(
            kind: .horizontal, layoutSize: size(.fractionalWidth(1), .absolute(100)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))], contentInsets: insets,
            supplementaryItems: [supplementary])
        return CompositionalLayout(section: LayoutSection(group: group))
    }

    static func sideFrame(_ layout: CompositionalLayout) throws -> Rect? {
        let container = Size(width: width, height: 812)
        let engine = try LayoutEngine(layout: layout, containerSize: container, itemCounts: [1])
        return engine.attributesForSupplementary(ofKind: "side", at: ip(0, 0))?.frame
    }

    @Test func theTrailingInsetMovesATrailingSupplementaryIn() throws {
        // Measured from UIKit: x = 375 − 20 (inset) − 20 (own width) + 1 × 20 (fractional offset) = 355.
        let layout = Self.layout(
            insets: EdgeInsets(trailing: 20), edges: .trailing, fractionalOffset: Point(x: 1, y: 0))
        expectFrame(try Self.sideFrame(layout), rect(355, 20, 20, 60))
    }

    @Test func everyInsetMovesTheAnchorAndOffsetsStayInTheSupplementarysOwnSize() throws {
        let insets = EdgeInsets(top: 8, leading: 16, bottom: 12, trailing: 20)
        // Leading/top: the anchor is the inset frame's top-leading corner, then −½ of 20×60 is added.
        let leading = Self.layout(insets: insets, edges: [.top, .leading], fractionalOffset: Point(x: -0.5, y: -0.5))
        expectFrame(try Self.sideFrame(leading), rect(16 - 10, 8 - 30, 20, 60))
        // Bottom/trailing: the inset frame ends at x = 355 and y = 88.
        let trailing = Self.layout(
            insets: insets, edges: [.bottom, .trailing], fractionalOffset: Point(x: 0.5, y: 0.5))
        expectFrame(try Self.sideFrame(trailing), rect(355 - 20 + 10, 88 - 60 + 30, 20, 60))
    }

    @Test func theJSONFormPlacesItTheSame() throws {
        let layout = Self.layout(
            insets: EdgeInsets(trailing: 20), edges: .trailing, fractionalOffset: Point(x: 1, y: 0))
        let decoded = try JSONDecoder().decode(CompositionalLayout.self, from: JSONEncoder().encode(layout))
        expectFrame(try Self.sideFrame(decoded), rect(355, 20, 20, 60))
    }
}
