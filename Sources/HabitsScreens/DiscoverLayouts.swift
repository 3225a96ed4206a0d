import CompositionalLayout

/// Discover's section layouts, with the brief's numbers: the banner and the swimlanes of programs.
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
}
