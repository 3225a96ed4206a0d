@testable import CompositionalLayout
import Testing

@Suite struct DimensionTests {
    @Test func fractionalWidthAndAbsoluteHeightInAVerticalList() throws {
        let row = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)),
            subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))])
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: row)), [3])
        expectFrames(frames(laidOut, section: 0), [rect(0, 0, 195, 50), rect(195, 0, 195, 50), rect(0, 50, 195, 50)])
        #expect(laidOut.contentSize == Size(width: 390, height: 100))
    }

    @Test func fractionalHeightRefersToTheSectionContainerAfterInsets() throws {
        let group = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(0.5))])
        let section = LayoutSection(
            group: group, contentInsets: EdgeInsets(top: 22, leading: 10, bottom: 22, trailing: 10))
        let laidOut = try engine(CompositionalLayout(section: section), [2])
        // container 390×844 minus insets = 370×800; group 370×400; items 370×200
        expectFrames(frames(laidOut, section: 0), [rect(10, 22, 370, 200), rect(10, 222, 370, 200)])
        #expect(laidOut.contentSize.height == 22 + 400 + 22)
    }

    @Test func estimatedHeightsTakeTheMeasuredSizeElseTheEstimate() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .estimated(44)), subitems: [item(.fractionalWidth(1), .estimated(44))]
        )
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        let unmeasured = try engine(layout, [2])
        expectFrames(frames(unmeasured, section: 0), [rect(0, 0, 390, 44), rect(0, 44, 390, 44)])
        let measured = try engine(layout, [2]) { request in
            request.indexPath.item == 0 ? Size(width: 999, height: 60) : nil
        }
        // only the estimated axis is taken from the measurement
        expectFrames(frames(measured, section: 0), [rect(0, 0, 390, 60), rect(0, 60, 390, 44)])
    }

    @Test func uniformAcrossSiblingsTakesTheTallestMeasurement() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .estimated(40)),
            subitems: [item(.fractionalWidth(1.0 / 3), .uniformAcrossSiblings(estimate: 40))])
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: group)), [3]) { request in
            Size(width: 0, height: Double(30 + 10 * request.indexPath.item))
        }
        expectFrames(frames(laidOut, section: 0), [rect(0, 0, 130, 50), rect(130, 0, 130, 50), rect(260, 0, 130, 50)])
    }

    @Test func repeatingSubitemDividesTheSpaceEquallyAfterSpacing() throws {
        var group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(100)),
            repeatingSubitem: item(.absolute(10), .fractionalHeight(1)), count: 3)
        group.interItemSpacing = .fixed(15)
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: group)), [4])
        // (390 - 30) / 3 = 120; the last, partial group keeps its first slot and advances by its full height
        expectFrames(
            frames(laidOut, section: 0),
            [rect(0, 0, 120, 100), rect(135, 0, 120, 100), rect(270, 0, 120, 100), rect(0, 100, 120, 100)])
        #expect(laidOut.contentSize.height == 200)
    }
}
