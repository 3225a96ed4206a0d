@testable import CompositionalLayout
import Testing

/// `uniformAcrossSiblings`: every sibling in one group takes the largest measured size along that axis.
@Suite struct UniformAcrossSiblingsTests {
    /// A measurer answering fixed lengths by item on one axis.
    func measure(widths: [Double] = [], heights: [Double] = []) -> SizeMeasurer {
        { request in
            let item = request.indexPath.item
            return Size(
                width: item < widths.count ? widths[item] : request.proposedSize.width,
                height: item < heights.count ? heights[item] : request.proposedSize.height)
        }
    }

    func chips(spacing: Double = 10, badge: SupplementaryItem? = nil) -> CompositionalLayout {
        var group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .estimated(40)),
            subitems: [
                item(.uniformAcrossSiblings(estimate: 50), .absolute(40), supplementaries: badge.map { [$0] } ?? [])
            ])
        group.interItemSpacing = .fixed(spacing)
        return CompositionalLayout(section: LayoutSection(group: group))
    }

    @Test func alongTheGroupsAxisEverySiblingTakesTheWidestMeasurement() throws {
        // Widths 30, 70, 50, 90 fit as four of 90 (4 × 90 + 3 × 10 = 390); item 4 would make five of 90, so it wraps
        // and, alone in its row, keeps its own 20.
        let laidOut = try engine(chips(), [5], measure: measure(widths: [30, 70, 50, 90, 20]))
        expectFrames(
            frames(laidOut, section: 0),
            [
                rect(0, 0, 90, 40), rect(100, 0, 90, 40), rect(200, 0, 90, 40), rect(300, 0, 90, 40),
                rect(0, 40, 20, 40),
            ])
        #expect(laidOut.contentSize.height == 80)
    }

    @Test func withoutAMeasurerTheEstimateIsTheUniformSize() throws {
        // Six of 50 fit (6 × 50 + 5 × 10 = 350); a seventh would not.
        let laidOut = try engine(chips(), [7])
        expectFrames(
            frames(laidOut, section: 0),
            [
                rect(0, 0, 50, 40), rect(60, 0, 50, 40), rect(120, 0, 50, 40), rect(180, 0, 50, 40),
                rect(240, 0, 50, 40), rect(300, 0, 50, 40), rect(0, 40, 50, 40),
            ])
    }

    @Test func aMeasurerAnsweringNilKeepsTheEstimateInTheMaximum() throws {
        let laidOut = try engine(chips(), [3]) { request in
            request.indexPath.item == 1 ? nil : Size(width: 20, height: 0)
        }
        expectFrames(frames(laidOut, section: 0), [rect(0, 0, 50, 40), rect(60, 0, 50, 40), rect(120, 0, 50, 40)])
    }

    @Test func aGroupOfEstimatedLengthHoldsOnePassAtTheLargestLength() throws {
        let column = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(1), .estimated(100)),
            subitems: [
                item(.fractionalWidth(1), .uniformAcrossSiblings(estimate: 44)),
                item(.fractionalWidth(1), .uniformAcrossSiblings(estimate: 44)),
            ])
        let laidOut = try engine(
            CompositionalLayout(section: LayoutSection(group: column, interGroupSpacing: 5)), [4],
            measure: measure(heights: [30, 60, 80, 20]))
        expectFrames(
            frames(laidOut, section: 0),
            [rect(0, 0, 390, 60), rect(0, 60, 390, 60), rect(0, 125, 390, 80), rect(0, 205, 390, 80)])
        #expect(laidOut.contentSize.height == 285)
    }

    @Test func flexibleSpacingSharesWhatTheUniformRowLeaves() throws {
        var group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(40)),
            subitems: [item(.uniformAcrossSiblings(estimate: 50), .fractionalHeight(1))])
        group.interItemSpacing = .flexible(10)
        // Three of 100 (the widest) fit: 300 + 2 × 10 = 320; the 70 left are shared by the two gaps.
        let laidOut = try engine(
            CompositionalLayout(section: LayoutSection(group: group)), [3], measure: measure(widths: [60, 100, 80]))
        expectFrames(frames(laidOut, section: 0), [rect(0, 0, 100, 40), rect(145, 0, 100, 40), rect(290, 0, 100, 40)])
    }

    @Test func badgesFollowTheUniformFrame() throws {
        let badge = SupplementaryItem(
            layoutSize: size(.absolute(10), .absolute(10)), elementKind: "badge",
            containerAnchor: LayoutAnchor(edges: [.top, .trailing]))
        let laidOut = try engine(chips(badge: badge), [2], measure: measure(widths: [30, 70]))
        expectFrames(frames(laidOut, section: 0), [rect(0, 0, 70, 40), rect(80, 0, 70, 40)])
        expectFrame(laidOut.attributesForSupplementary(ofKind: "badge", at: ip(0, 0))?.frame, rect(60, 0, 10, 10))
        expectFrame(laidOut.attributesForSupplementary(ofKind: "badge", at: ip(0, 1))?.frame, rect(140, 0, 10, 10))

        // Across the axis as well: a bottom badge moves down with the tallest sibling.
        let bottom = SupplementaryItem(
            layoutSize: size(.absolute(10), .absolute(10)), elementKind: "badge",
            containerAnchor: LayoutAnchor(edges: [.bottom, .leading]))
        let row = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .estimated(40)),
            subitems: [item(.fractionalWidth(0.5), .uniformAcrossSiblings(estimate: 40), supplementaries: [bottom])])
        let tall = try engine(
            CompositionalLayout(section: LayoutSection(group: row)), [2], measure: measure(heights: [30, 55]))
        expectFrames(frames(tall, section: 0), [rect(0, 0, 195, 55), rect(195, 0, 195, 55)])
        expectFrame(tall.attributesForSupplementary(ofKind: "badge", at: ip(0, 0))?.frame, rect(0, 45, 10, 10))
    }

    @Test func aCountFixesTheLengthAlongTheAxis() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(40)),
            repeatingSubitem: item(.uniformAcrossSiblings(estimate: 50), .fractionalHeight(1)), count: 3)
        let laidOut = try engine(
            CompositionalLayout(section: LayoutSection(group: group)), [3], measure: measure(widths: [10, 300, 20]))
        expectFrames(frames(laidOut, section: 0), [rect(0, 0, 130, 40), rect(130, 0, 130, 40), rect(260, 0, 130, 40)])
    }
}
