import CompositionalLayout

/// The section layouts of Discover, Help and the emoji picker, with the briefs' numbers.
extension ScreenLayouts {
    /// Discover's banner: one full-width item of 220 points, 20 points above what follows.
    static let banner: LayoutSection = {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(220)),
            subitems: [.item(item)])
        return LayoutSection(group: group, contentInsets: EdgeInsets(top: 0, leading: 0, bottom: 20, trailing: 0))
    }()

    /// A swimlane's title line: full width, sized to its text, aligned with the cards below it.
    static let textHeader = block(
        estimatedHeight: 32, insets: EdgeInsets(top: 0, leading: 20, bottom: 8, trailing: 20))

    /// A swimlane: cards of 160 × 200 points scrolling sideways. The brief wrote `fractionalWidth(160)` and
    /// `fractionalHeight(200)`, 160 and 200 times the section's size; it meant absolute points.
    static let swimlane: LayoutSection = {
        let card = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .absolute(160), heightDimension: .absolute(200)),
            subitems: [.item(card)])
        return LayoutSection(
            group: group, contentInsets: EdgeInsets(top: 0, leading: 20, bottom: 20, trailing: 20),
            interGroupSpacing: 10, orthogonalScrollingBehavior: .continuous)
    }()

    /// Chips as wide as their text, 36 points tall, wrapping to new rows; `background` puts them on a
    /// decoration, as Help's tags.
    static func chips(background: Bool) -> LayoutSection {
        let chip = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .estimated(50), heightDimension: .absolute(36)))
        var row = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(36)),
            subitems: [.item(chip)])
        row.interItemSpacing = .fixed(8)
        return LayoutSection(
            group: row, contentInsets: EdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16),
            interGroupSpacing: 8, decorationItems: background ? [.background(elementKind: "background")] : [])
    }

    /// Help's questions: full-width rows sized to their text (an open answer makes its row taller), one
    /// point apart.
    static let questions: LayoutSection = {
        let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(48))
        var group = LayoutGroup.vertical(layoutSize: size, subitems: [.item(LayoutItem(layoutSize: size))])
        group.interItemSpacing = .fixed(1)
        return LayoutSection(group: group, contentInsets: EdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0))
    }()

    /// Help's last item: one full-width item of 154 points.
    static let contactGuide: LayoutSection = {
        let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(154))
        let group = LayoutGroup.vertical(
            layoutSize: size, repeatingSubitem: .item(LayoutItem(layoutSize: size)), count: 1)
        return LayoutSection(group: group)
    }()

    /// The emoji picker's search field: full width, 44 points tall.
    static let searchField = rows(height: 44, sectionInsets: EdgeInsets(top: 12, leading: 16, bottom: 0, trailing: 16))

    /// An emoji group as the brief's inset-grouped list, its first item the group's outline parent.
    static let emojiList = LayoutSection.list(
        using: ListConfiguration(appearance: .insetGrouped, headerMode: .firstItemInSection),
        environment: LayoutEnvironment(containerSize: Size(width: 390, height: 844)))

    /// An emoji group as a grid under a header with the group's name: squares of 52 points, as many to a
    /// row as fit.
    static let emojiGrid: LayoutSection = {
        let square = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .absolute(52), heightDimension: .absolute(52)))
        var row = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(52)),
            subitems: [.item(square)])
        row.interItemSpacing = .fixed(4)
        return LayoutSection(
            group: row, contentInsets: EdgeInsets(top: 0, leading: 20, bottom: 24, trailing: 20),
            interGroupSpacing: 4, boundarySupplementaryItems: [header(height: 44)])
    }()
}
