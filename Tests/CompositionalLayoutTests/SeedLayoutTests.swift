// The layouts of the product brief, written as for UIKit; only the import differs from the app's code.
#if !canImport(Darwin)
// The engine's own types (`layout.engine?.orthogonalSection(_:)`) are checked too, so its module is imported.
import CompositionalLayout
import CompositionalLayoutCompat
import Testing

private let iPhone = CGSize(width: 390, height: 844)

private func expectFrame(
    _ a: UICollectionViewLayoutAttributes?, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let f = a?.frame else {
        Issue.record("missing attributes", sourceLocation: sourceLocation)
        return
    }
    let close = abs(f.minX - x) < 1e-6 && abs(f.minY - y) < 1e-6 && abs(f.width - w) < 1e-6 && abs(f.height - h) < 1e-6
    #expect(close, "\(f) != \(CGRect(x: x, y: y, width: w, height: h))", sourceLocation: sourceLocation)
}

/// 000: the Habits home screen, leaderboard of vertical trios scrolling sideways and the followed users.
@Suite struct HabitsHomeLayoutTests {
    enum Section { case leaderboard, followedUsers }
    let sectionIdentifiers: [Section] = [.leaderboard, .followedUsers]

    func createLayout() -> UICollectionViewCompositionalLayout {
        let layout = UICollectionViewCompositionalLayout { (sectionIndex, environment) in
            switch self.sectionIdentifiers[sectionIndex] {
            case .leaderboard:
                let leaderboardItemSize = NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.3))
                let leaderboardItem = NSCollectionLayoutItem(layoutSize: leaderboardItemSize)
                let verticalTrioSize = NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(0.75), heightDimension: .fractionalHeight(0.75))
                let leaderboardVerticalTrio = NSCollectionLayoutGroup.vertical(
                    layoutSize: verticalTrioSize, repeatingSubitem: leaderboardItem, count: 3)
                leaderboardVerticalTrio.interItemSpacing = .fixed(10)
                let leaderboardSection = NSCollectionLayoutSection(group: leaderboardVerticalTrio)
                leaderboardSection.interGroupSpacing = 20
                leaderboardSection.orthogonalScrollingBehavior = .continuous
                leaderboardSection.contentInsets = NSDirectionalEdgeInsets(
                    top: 12, leading: 20, bottom: 20, trailing: 20)
                return leaderboardSection
            case .followedUsers:
                let itemSize = NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .estimated(100))
                let followedUserItem = NSCollectionLayoutItem(layoutSize: itemSize)
                let groupSize = NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .estimated(100))
                let followedUserGroup = NSCollectionLayoutGroup.horizontal(
                    layoutSize: groupSize, repeatingSubitem: followedUserItem, count: 1)
                let followedUserSection = NSCollectionLayoutSection(group: followedUserGroup)
                return followedUserSection
            }
        }
        return layout
    }

    @Test func leaderboardTriosScrollSideways() throws {
        let layout = createLayout()
        try layout.prepare(containerSize: iPhone, itemCounts: [6, 3])
        // group 0.75 × 390 = 292.5 wide, 0.75 × (844 − 12 − 20) = 609 tall; items (609 − 2 × 10) / 3 tall
        let third = 589.0 / 3
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)), 20, 12, 292.5, third)
        expectFrame(
            layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)), 20, 12 + third + 10, 292.5, third)
        expectFrame(
            layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)), 20, 12 + 2 * (third + 10), 292.5, third)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)), 332.5, 12, 292.5, third)
        let orthogonal = try #require(layout.engine?.orthogonalSection(0))
        #expect(orthogonal.contentSize.width == 645)
        // followed users at their estimates when nothing is measured: the section starts after 12 + 609 + 20
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)), 0, 641, 390, 100)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 1)), 0, 841, 390, 100)
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 941))
    }

    @Test func followedUsersTakeTheirMeasuredHeights() throws {
        let layout = createLayout()
        try layout.prepare(containerSize: iPhone, itemCounts: [6, 3]) { indexPath, _ in
            indexPath.section == 1 ? CGSize(width: 390, height: [72, 90, 64][indexPath.item]) : nil
        }
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)), 0, 641, 390, 72)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 1)), 0, 713, 390, 90)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 1)), 0, 803, 390, 64)
        #expect(layout.collectionViewContentSize.height == 867)
    }
}

/// 001: Emoji Explorer, categories as inset-grouped list sections.
@Suite struct EmojiExplorerLayoutTests {
    func createLayout() -> UICollectionViewCompositionalLayout {
        let configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        let layout = UICollectionViewCompositionalLayout.list(using: configuration)
        return layout
    }

    @Test func insetGroupedRows() throws {
        let layout = createLayout()
        try layout.prepare(containerSize: iPhone, itemCounts: [4, 2, 3])
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)), 20, 0, 350, 44)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)), 20, 132, 350, 44)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)), 20, 211, 350, 44)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 2)), 20, 422, 350, 44)
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 501))
        let visible = try #require(
            layout.layoutAttributesForElements(in: CGRect(x: 0, y: 200, width: 390, height: 100)))
        #expect(visible.map(\.indexPath).sorted() == [IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1)])
        #expect(visible.allSatisfy { $0.representedElementCategory == .cell && $0.representedElementKind == nil })
    }
}

/// 003: the course home screen, banner, text header and course swimlane.
@Suite struct CourseHomeLayoutTests {
    enum Section { case mainBanner, textheader, courseSwimlane }

    private func makeMainBannerSection() -> NSCollectionLayoutSection {
        let itemSize = NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        let layoutSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(220))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: layoutSize, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 20, trailing: 0)
        return section
    }

    private func makeTextHeaderSection() -> NSCollectionLayoutSection {
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: itemSize, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 10, trailing: 20)
        return section
    }

    private func makeCourseSwimlaneSection(firstAttempt: Bool) -> NSCollectionLayoutSection {
        let itemSize = NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        let layoutSize =
            firstAttempt
            ? NSCollectionLayoutSize(widthDimension: .fractionalWidth(160), heightDimension: .fractionalHeight(200))
            : NSCollectionLayoutSize(widthDimension: .absolute(160), heightDimension: .absolute(200))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: layoutSize, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 20, trailing: 20)
        section.orthogonalScrollingBehavior = .continuous
        return section
    }

    private func makeCompositionalLayout(firstAttempt: Bool) -> UICollectionViewCompositionalLayout {
        let sections: [Section] = [.mainBanner, .textheader, .courseSwimlane]
        let provider: UICollectionViewCompositionalLayoutSectionProvider = { index, env in
            switch sections[index] {
            case .mainBanner: return self.makeMainBannerSection()
            case .textheader: return self.makeTextHeaderSection()
            case .courseSwimlane: return self.makeCourseSwimlaneSection(firstAttempt: firstAttempt)
            }
        }
        return UICollectionViewCompositionalLayout(sectionProvider: provider)
    }

    @Test func bannerHeaderAndCorrectedSwimlane() throws {
        let layout = makeCompositionalLayout(firstAttempt: false)
        try layout.prepare(containerSize: iPhone, itemCounts: [1, 1, 3])
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)), 0, 0, 390, 220)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)), 20, 240, 350, 44)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 2)), 20, 294, 160, 200)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 2)), 190, 294, 160, 200)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 2)), 360, 294, 160, 200)
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 514))
        #expect(layout.engine?.orthogonalSection(2)?.contentSize.width == 540)
        #expect(layout.engine?.diagnostics.isEmpty == true)
    }

    @Test func rejectedFirstAttemptMakesScreenWideCardsAndSaysSo() throws {
        let layout = makeCompositionalLayout(firstAttempt: true)
        try layout.prepare(containerSize: iPhone, itemCounts: [1, 1, 3])
        // 160 × 390 wide and 200 × (844 − 20) tall: every card is 160 screens wide
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 2)), 20, 294, 62_400, 164_800)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 2)), 62_430, 294, 62_400, 164_800)
        let engine = try #require(layout.engine)
        #expect(
            engine.diagnostics.map(\.descriptor) == [
                "section[2].group.layoutSize.widthDimension", "section[2].group.layoutSize.heightDimension",
            ])
        #expect(engine.svg().contains("fraction 160 is far above 1"))
    }
}

/// 004: the FAQ screen, wrapping tag chips on a background, questions of dynamic height, one contact cell.
@Suite struct FAQLayoutTests {
    enum FAQSection: Hashable {
        case tag, faq, bottomGuide

        var layoutSize: NSCollectionLayoutSection {
            switch self {
            case .tag:
                let itemSize = NSCollectionLayoutSize(widthDimension: .estimated(50), heightDimension: .absolute(36))
                let item = NSCollectionLayoutItem(layoutSize: itemSize)
                let groupSize = NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .absolute(36))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
                group.interItemSpacing = .fixed(8)
                let section = NSCollectionLayoutSection(group: group)
                section.interGroupSpacing = 8
                section.contentInsets = .init(top: 12, leading: 16, bottom: 12, trailing: 16)
                let background = NSCollectionLayoutDecorationItem.background(elementKind: "FAQBackgroundDecorationView")
                section.decorationItems = [background]
                return section
            case .faq:
                let item = NSCollectionLayoutItem(
                    layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(48)))
                let groupSize = NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .estimated(48))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: groupSize, subitems: [item])
                group.interItemSpacing = .fixed(1)
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsets = .init(top: 8, leading: 0, bottom: 8, trailing: 0)
                return section
            case .bottomGuide:
                let item = NSCollectionLayoutItem(
                    layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(154)))
                let groupSize = NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .absolute(154))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: groupSize, subitem: item, count: 1)
                let section = NSCollectionLayoutSection(group: group)
                return section
            }
        }
    }

    let sections: [FAQSection] = [.tag, .faq, .bottomGuide]
    let tagWidths: [CGFloat] = [60, 60, 60, 140, 60, 60]
    let questionHeights: [CGFloat] = [48, 70, 48]

    func prepared() throws -> UICollectionViewCompositionalLayout {
        let sections = self.sections
        let layout = UICollectionViewCompositionalLayout { index, _ in sections[index].layoutSize }
        let tagWidths = self.tagWidths, questionHeights = self.questionHeights
        try layout.prepare(containerSize: iPhone, itemCounts: [6, 3, 1]) { indexPath, _ in
            switch indexPath.section {
            case 0: CGSize(width: tagWidths[indexPath.item], height: 20)
            case 1: CGSize(width: 390, height: questionHeights[indexPath.item])
            default: nil
            }
        }
        return layout
    }

    @Test func tagChipsWrapToNewRows() throws {
        let layout = try prepared()
        // 60 + 8 + 60 + 8 + 60 + 8 + 140 = 344 fits 358; the fifth chip starts the second row
        let expected: [(CGFloat, CGFloat, CGFloat)] = [
            (16, 12, 60), (84, 12, 60), (152, 12, 60), (220, 12, 140), (16, 56, 60), (84, 56, 60),
        ]
        for (i, e) in expected.enumerated() {
            expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: i, section: 0)), e.0, e.1, e.2, 36)
        }
    }

    @Test func backgroundDecorationCoversTheTagSection() throws {
        let layout = try prepared()
        let background = layout.layoutAttributesForDecorationView(
            ofKind: "FAQBackgroundDecorationView", at: IndexPath(item: 0, section: 0))
        expectFrame(background, 0, 0, 390, 104)
        #expect(background?.representedElementCategory == .decorationView)
        #expect(background?.zIndex == -1)
    }

    @Test func questionsTakeTheirMeasuredHeightsAndTheGuideFollows() throws {
        let layout = try prepared()
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)), 0, 112, 390, 48)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 1)), 0, 160, 390, 70)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 1)), 0, 230, 390, 48)
        expectFrame(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 2)), 0, 286, 390, 154)
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 440))
    }
}
#endif
