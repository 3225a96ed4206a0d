// UIKit's spellings of nested collection-view names and group supplementaries, compiled on Linux.
#if !canImport(Darwin)
import CompositionalLayoutCompat
import Testing

@Suite struct CompatNamesTests {
    func frame(_ a: UICollectionViewLayoutAttributes?) -> CGRect? { a?.frame }

    @Test func nestedCollectionViewNamesAndGroupSupplementaries() throws {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = UICollectionView.ScrollDirection.vertical
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            repeatingSubitem: item, count: 2)
        group.supplementaryItems = [
            NSCollectionLayoutSupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
                elementKind: "groupBadge", containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .trailing]))
        ]
        let section = NSCollectionLayoutSection(group: group)
        section.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        ]
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        try layout.prepare(containerSize: CGSize(width: 390, height: 844), itemCounts: [3])

        let header = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(frame(header) == CGRect(x: 0, y: 0, width: 390, height: 30))
        let category: UICollectionView.ElementCategory? = header?.representedElementCategory
        #expect(category == .supplementaryView)
        #expect(
            frame(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)))
                == CGRect(x: 0, y: 130, width: 195, height: 100))
        #expect(
            frame(layout.layoutAttributesForSupplementaryView(ofKind: "groupBadge", at: IndexPath(item: 0, section: 0)))
                == CGRect(x: 370, y: 30, width: 20, height: 20))
        #expect(
            frame(layout.layoutAttributesForSupplementaryView(ofKind: "groupBadge", at: IndexPath(item: 2, section: 0)))
                == CGRect(x: 370, y: 130, width: 20, height: 20))
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 844))?.count == 3 + 1 + 2)
    }

    @Test func sectionHeaderAndFooterKindsAreUIKitsStrings() throws {
        #expect(UICollectionView.elementKindSectionHeader == "UICollectionElementKindSectionHeader")
        #expect(UICollectionView.elementKindSectionFooter == "UICollectionElementKindSectionFooter")
        #expect(UICollectionElementKindSectionHeader == UICollectionView.elementKindSectionHeader)
        var list = UICollectionLayoutListConfiguration(appearance: .grouped)
        list.headerMode = .supplementary
        list.footerMode = .supplementary
        let layout = UICollectionViewCompositionalLayout.list(using: list)
        try layout.prepare(containerSize: CGSize(width: 390, height: 844), itemCounts: [1])
        let footer = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        #expect(footer?.frame == CGRect(x: 0, y: 117, width: 390, height: 38))
        #expect(footer?.representedElementKind == UICollectionView.elementKindSectionFooter)
        // The Objective-C spellings remain as aliases.
        let direction: UICollectionViewScrollDirection = .horizontal
        #expect(direction == UICollectionView.ScrollDirection.horizontal)
    }
}
#endif

#if !canImport(Darwin)
/// UIKit's spelling of the case measured from UIKit: a group's supplementary anchors inside its content insets.
@Suite struct CompatGroupSupplementaryInsetTests {
    @Test func aTrailingSupplementaryRespectsTheGroupsTrailingInset() throws {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            subitems: [item])
        group.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 20)
        group.supplementaryItems = [
            NSCollectionLayoutSupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(60)),
                elementKind: "side",
                containerAnchor: NSCollectionLayoutAnchor(edges: [.trailing], fractionalOffset: CGPoint(x: 1, y: 0)))
        ]
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        try layout.prepare(containerSize: CGSize(width: 375, height: 812), itemCounts: [1])
        let side = layout.layoutAttributesForSupplementaryView(ofKind: "side", at: IndexPath(item: 0, section: 0))
        #expect(side?.frame == CGRect(x: 355, y: 20, width: 20, height: 60))
    }
}
#endif
