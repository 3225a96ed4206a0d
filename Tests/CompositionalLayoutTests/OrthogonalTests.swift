@testable import CompositionalLayout
import Testing

@Suite struct OrthogonalTests {
    func carousel(_ behavior: OrthogonalScrollingBehavior) -> CompositionalLayout {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(0.8), .absolute(100)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let section = LayoutSection(
            group: group, contentInsets: EdgeInsets(leading: 20, trailing: 20), interGroupSpacing: 10,
            orthogonalScrollingBehavior: behavior)
        return CompositionalLayout(section: section)
    }

    @Test(arguments: OrthogonalScrollingBehavior.allCases.filter { $0 != .none })
    func groupsRunSidewaysWithInsetsAsPadding(_ behavior: OrthogonalScrollingBehavior) throws {
        let laidOut = try engine(carousel(behavior), [3, 1])
        // a top-level fractionalWidth refers to the full 390 width: 312
        expectFrames(
            frames(laidOut, section: 0), [rect(20, 0, 312, 100), rect(342, 0, 312, 100), rect(664, 0, 312, 100)])
        let scroller = try #require(laidOut.orthogonalSection(0))
        #expect(scroller.frame == rect(0, 0, 390, 100))
        #expect(scroller.contentSize == Size(width: 996, height: 100))
        #expect(scroller.behavior == behavior)
        expectFrame(laidOut.attributesForItem(at: ip(1, 0))?.frame, rect(20, 100, 312, 100))
    }

    @Test func continuousKeepsTheProposal() throws {
        let laidOut = try engine(carousel(.continuous), [3])
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 123, current: 0, velocity: 5) == 123)
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 900, current: 0, velocity: 5) == 606)
    }

    @Test func pagingMovesOneContainerWidth() throws {
        let laidOut = try engine(carousel(.paging), [3])
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 100, current: 0, velocity: 1) == 390)
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 300, current: 390, velocity: -1) == 0)
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 500, current: 390, velocity: 0) == 390)
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 500, current: 390, velocity: 1) == 606)
    }

    @Test func groupPagingMovesOneGroup() throws {
        let laidOut = try engine(carousel(.groupPaging), [3])
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 50, current: 0, velocity: 1) == 322)
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 600, current: 322, velocity: 1) == 606)
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 200, current: 322, velocity: -1) == 0)
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 600, current: 0, velocity: 0) == 606)
    }

    @Test func groupPagingCenteredCentresTheGroup() throws {
        let laidOut = try engine(carousel(.groupPagingCentered), [3])
        // centres 176, 498, 820 minus half the viewport, clamped to 0...606
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 10, current: 0, velocity: 1) == 303)
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 400, current: 303, velocity: 1) == 606)
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 100, current: 303, velocity: -1) == 0)
    }

    @Test func continuousGroupLeadingBoundarySnapsInTheVelocityDirection() throws {
        let laidOut = try engine(carousel(.continuousGroupLeadingBoundary), [3])
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 100, current: 0, velocity: 1) == 322)
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 100, current: 0, velocity: -1) == 0)
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 200, current: 0, velocity: 0) == 322)
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 700, current: 0, velocity: 1) == 606)
    }

    @Test func nonOrthogonalSectionsHaveNoTarget() throws {
        let laidOut = try engine(carousel(.none), [3])
        #expect(laidOut.targetContentOffset(orthogonalSection: 0, proposed: 1, current: 0, velocity: 0) == nil)
    }
}

@Suite struct BoundaryAndDecorationTests {
    func sections(pinned: Bool, footer: Bool = false) -> CompositionalLayout {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(100)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        var boundary = [
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(50)), elementKind: "header", alignment: .top,
                pinToVisibleBounds: pinned)
        ]
        if footer {
            boundary.append(
                BoundarySupplementaryItem(
                    layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: "footer", alignment: .bottom,
                    pinToVisibleBounds: true))
        }
        return CompositionalLayout(
            section: LayoutSection(
                group: group, contentInsets: EdgeInsets(top: 8, bottom: 4), boundarySupplementaryItems: boundary))
    }

    @Test func headerThenTopInsetThenItemsThenBottomInsetThenFooter() throws {
        let laidOut = try engine(sections(pinned: false, footer: true), [2])
        expectFrame(laidOut.attributesForSupplementary(ofKind: "header", at: ip(0, 0))?.frame, rect(0, 0, 390, 50))
        expectFrames(frames(laidOut, section: 0), [rect(0, 58, 390, 100), rect(0, 158, 390, 100)])
        expectFrame(laidOut.attributesForSupplementary(ofKind: "footer", at: ip(0, 0))?.frame, rect(0, 262, 390, 30))
        #expect(laidOut.contentSize.height == 292)
    }

    @Test func pinnedHeadersStayAtTheTopUntilTheirSectionPushesThemOut() throws {
        let laidOut = try engine(sections(pinned: true), [10, 10])
        // each section: 50 header + 8 + 1000 + 4 = 1062
        func header(_ section: Int, at y: Double) -> Rect? {
            laidOut.pinnedSupplementaries(contentOffset: Point(x: 0, y: y)).first {
                $0.attributes.indexPath.section == section && $0.attributes.elementKind == "header"
            }?.attributes.frame
        }
        expectFrame(header(0, at: 0), rect(0, 0, 390, 50))
        expectFrame(header(0, at: 300), rect(0, 300, 390, 50))
        expectFrame(header(0, at: 1030), rect(0, 1012, 390, 50))
        expectFrame(header(1, at: 300), rect(0, 1062, 390, 50))
        expectFrame(header(1, at: 1500), rect(0, 1500, 390, 50))
        #expect(header(0, at: 1500) == nil)
        #expect(laidOut.pinnedSupplementaries(contentOffset: Point(x: 0, y: 300)).first?.isDisplaced == true)
    }

    @Test func pinnedFooterStaysAtTheBottomOfTheVisibleArea() throws {
        let laidOut = try engine(sections(pinned: false, footer: true), [10])
        let footer = try #require(laidOut.pinnedSupplementaries(contentOffset: .zero).first)
        expectFrame(footer.attributes.frame, rect(0, 814, 390, 30))
    }

    @Test func backgroundDecorationCoversTheSectionWithItsInsets() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(100)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        var background = DecorationItem.background(elementKind: "bg")
        background.contentInsets = EdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
        let section = LayoutSection(
            group: group, contentInsets: EdgeInsets(top: 10, bottom: 10), decorationItems: [background])
        let laidOut = try engine(CompositionalLayout(section: section), [2, 1])
        let bg = try #require(laidOut.attributesForDecoration(ofKind: "bg", at: ip(1, 0)))
        expectFrame(bg.frame, rect(10, 225, 370, 110))
        #expect(bg.zIndex == -1 && bg.category == .decorationView)
    }

    @Test func globalHeaderAndFooterWrapTheSections() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(100)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let config = LayoutConfiguration(boundarySupplementaryItems: [
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(60)), elementKind: "top", alignment: .top),
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(40)), elementKind: "bottom", alignment: .bottom),
        ])
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: group), configuration: config), [1])
        expectFrame(laidOut.attributesForSupplementary(ofKind: "top", at: ip(0, 0))?.frame, rect(0, 0, 390, 60))
        expectFrame(laidOut.attributesForItem(at: ip(0, 0))?.frame, rect(0, 60, 390, 100))
        expectFrame(laidOut.attributesForSupplementary(ofKind: "bottom", at: ip(0, 0))?.frame, rect(0, 160, 390, 40))
        #expect(laidOut.contentSize.height == 200)
    }
}
