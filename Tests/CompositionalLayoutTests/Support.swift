@testable import CompositionalLayout
import Testing

/// Shorthands keeping hand-computed expectations readable.
func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
    LayoutSize(widthDimension: w, heightDimension: h)
}
func item(
    _ w: LayoutDimension, _ h: LayoutDimension, insets: EdgeInsets = .zero, edge: EdgeSpacing = EdgeSpacing(),
    supplementaries: [SupplementaryItem] = []
) -> LayoutGroupChild {
    .item(
        LayoutItem(
            layoutSize: size(w, h), supplementaryItems: supplementaries, contentInsets: insets, edgeSpacing: edge))
}
func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }
func ip(_ section: Int, _ item: Int) -> ElementIndexPath { ElementIndexPath(item: item, section: section) }

let phone = Size(width: 390, height: 844)

func engine(
    _ layout: CompositionalLayout, _ counts: [Int], container: Size = phone, measure: SizeMeasurer? = nil
) throws -> LayoutEngine {
    try LayoutEngine(layout: layout, containerSize: container, itemCounts: counts, measure: measure)
}

func frames(_ e: LayoutEngine, section: Int) -> [Rect] {
    (0..<e.itemCounts[section]).compactMap { e.attributesForItem(at: ip(section, $0))?.frame }
}

/// Compares frames allowing floating-point rounding.
func expectFrames(_ actual: [Rect], _ expected: [Rect], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
        actual.count == expected.count, "count \(actual.count) != \(expected.count)", sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) {
        let close =
            abs(a.minX - e.minX) < 1e-6 && abs(a.minY - e.minY) < 1e-6 && abs(a.width - e.width) < 1e-6
            && abs(a.height - e.height) < 1e-6
        #expect(close, "\(a) != \(e)", sourceLocation: sourceLocation)
    }
}
func expectFrame(_ actual: Rect?, _ expected: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let actual else {
        Issue.record("missing frame, expected \(expected)", sourceLocation: sourceLocation)
        return
    }
    expectFrames([actual], [expected], sourceLocation: sourceLocation)
}

extension Rect {
    /// Equal up to floating-point rounding.
    func isClose(to other: Rect, tolerance: Double = 1e-6) -> Bool {
        abs(minX - other.minX) < tolerance && abs(minY - other.minY) < tolerance
            && abs(width - other.width) < tolerance && abs(height - other.height) < tolerance
    }
}
