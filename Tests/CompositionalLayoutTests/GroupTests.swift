@testable import CompositionalLayout
import Testing

@Suite struct GroupTests {
    @Test func nestedGroupsFillInDepthFirstOrder() throws {
        let column = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)),
            repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 2)
        let row = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(200)),
            subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1)), .group(column)])
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: row)), [5])
        expectFrames(
            frames(laidOut, section: 0),
            [
                rect(0, 0, 195, 200), rect(195, 0, 195, 100), rect(195, 100, 195, 100),
                rect(0, 200, 195, 200), rect(195, 200, 195, 100),
            ])
        #expect(laidOut.contentSize.height == 400)
    }

    @Test func subitemsRepeatWhileTheyFitAndFlexibleSpacingSharesTheRest() throws {
        var row = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item(.absolute(100), .absolute(50))])
        row.interItemSpacing = .flexible(10)
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: row)), [4])
        // three fit (100+10+100+10+100 = 320); 70 left over shared by two gaps
        expectFrames(
            frames(laidOut, section: 0),
            [rect(0, 0, 100, 50), rect(145, 0, 100, 50), rect(290, 0, 100, 50), rect(0, 50, 100, 50)])
    }

    @Test func fixedEdgeSpacingComesBeforeTheItem() throws {
        let row = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(60)),
            subitems: [item(.absolute(100), .absolute(50), edge: EdgeSpacing(leading: .fixed(10), top: .fixed(5)))])
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: row)), [3])
        expectFrames(frames(laidOut, section: 0), [rect(10, 5, 100, 50), rect(120, 5, 100, 50), rect(230, 5, 100, 50)])
    }

    @Test func flexibleCrossEdgeSpacingCentresTheItem() throws {
        let row = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(60)),
            repeatingSubitem:
                item(.fractionalWidth(1), .absolute(40), edge: EdgeSpacing(top: .flexible(0), bottom: .flexible(0))),
            count: 1)
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: row)), [1])
        expectFrames(frames(laidOut, section: 0), [rect(0, 10, 390, 40)])
    }

    @Test func itemContentInsetsShrinkTheFrameExceptOnEstimatedAxes() throws {
        let insets = EdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let fixed = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)),
            repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1), insets: insets), count: 2)
        expectFrames(
            frames(try engine(CompositionalLayout(section: LayoutSection(group: fixed)), [2]), section: 0),
            [rect(5, 5, 185, 40), rect(200, 5, 185, 40)])
        let estimated = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .estimated(50)),
            subitems: [item(.fractionalWidth(1), .estimated(50), insets: insets)])
        expectFrames(
            frames(try engine(CompositionalLayout(section: LayoutSection(group: estimated)), [1]), section: 0),
            [rect(5, 0, 380, 50)])
    }

    @Test func groupContentInsetsPadTheSubitems() throws {
        var group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(100)),
            repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 2)
        group.contentInsets = EdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
        expectFrames(
            frames(try engine(CompositionalLayout(section: LayoutSection(group: group)), [2]), section: 0),
            [rect(20, 10, 175, 80), rect(195, 10, 175, 80)])
    }

    @Test func sectionInsetsAndInterGroupSpacing() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(40)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let section = LayoutSection(
            group: group, contentInsets: EdgeInsets(top: 10, leading: 15, bottom: 10, trailing: 15),
            interGroupSpacing: 5)
        let laidOut = try engine(CompositionalLayout(section: section), [2])
        expectFrames(frames(laidOut, section: 0), [rect(15, 10, 360, 40), rect(15, 55, 360, 40)])
        #expect(laidOut.contentSize.height == 105)
    }

    @Test func interSectionSpacingSeparatesSections() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let laidOut = try engine(
            CompositionalLayout(
                section: LayoutSection(group: group), configuration: LayoutConfiguration(interSectionSpacing: 20)),
            [1, 1])
        expectFrame(laidOut.attributesForItem(at: ip(1, 0))?.frame, rect(0, 70, 390, 50))
        #expect(laidOut.contentSize.height == 120)
    }

    @Test func customGroupFramesComeFromTheClosure() throws {
        let custom = CustomGroupLayout(name: "diagonal") { groupSize in
            [
                CustomGroupItem(frame: Rect(x: 0, y: 0, width: groupSize.width / 2, height: 50)),
                CustomGroupItem(
                    frame: Rect(x: groupSize.width / 2, y: 50, width: groupSize.width / 2, height: 50), zIndex: 3),
            ]
        }
        let group = LayoutGroup.custom(layoutSize: size(.fractionalWidth(1), .absolute(100)), layout: custom)
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: group)), [3])
        expectFrames(frames(laidOut, section: 0), [rect(0, 0, 195, 50), rect(195, 50, 195, 50), rect(0, 100, 195, 50)])
        #expect(laidOut.attributesForItem(at: ip(0, 1))?.zIndex == 3)
        #expect(laidOut.attributesForItem(at: ip(0, 2))?.zIndex == 0)
    }

    @Test func badgeAnchoredToTheTopTrailingCorner() throws {
        let badge = SupplementaryItem(
            layoutSize: size(.absolute(20), .absolute(20)), elementKind: "badge",
            containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)))
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(100)),
            repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1), supplementaries: [badge]), count: 2)
        let laidOut = try engine(
            CompositionalLayout(section: LayoutSection(group: group, contentInsets: EdgeInsets(top: 20))), [2])
        // item 1 spans x 195...390, y 20...120; the badge'section centre sits on its top-trailing corner
        expectFrame(laidOut.attributesForSupplementary(ofKind: "badge", at: ip(0, 1))?.frame, rect(380, 10, 20, 20))
        #expect(laidOut.attributesForSupplementary(ofKind: "badge", at: ip(0, 1))?.zIndex == 1)
    }

    @Test func horizontalScrollDirectionStacksSectionsSideways() throws {
        let group = LayoutGroup.vertical(
            layoutSize: size(.absolute(100), .fractionalHeight(1)),
            repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 2)
        let layout = CompositionalLayout(
            section: LayoutSection(group: group),
            configuration: LayoutConfiguration(scrollDirection: .horizontal, interSectionSpacing: 10))
        let laidOut = try engine(layout, [3, 1], container: Size(width: 390, height: 200))
        expectFrames(
            frames(laidOut, section: 0), [rect(0, 0, 100, 100), rect(0, 100, 100, 100), rect(100, 0, 100, 100)])
        expectFrames(frames(laidOut, section: 1), [rect(210, 0, 100, 100)])
        #expect(laidOut.contentSize == Size(width: 310, height: 200))
    }
}
