import CompositionalLayout

/// Help's section layouts, with the brief's numbers: the tags' chips, the questions and the contact guide.
extension ScreenLayouts {
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
}
