import CompositionalLayout

/// The emoji picker's section layouts, with the brief's numbers: the search field and the emoji groups.
extension ScreenLayouts {
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
