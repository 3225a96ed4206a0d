import CompositionalLayout

/// The section layouts of the course app's screens, with its numbers.
enum ScreenLayouts {
    /// Home's leaderboard: vertical trios of cards scrolling sideways.
    static let leaderboard: LayoutSection = {
        let card = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.3)))
        var trio = LayoutGroup.vertical(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.75), heightDimension: .fractionalHeight(0.75)),
            repeatingSubitem: .item(card), count: 3)
        trio.interItemSpacing = .fixed(10)
        return LayoutSection(
            group: trio, contentInsets: EdgeInsets(top: 12, leading: 20, bottom: 20, trailing: 20),
            interGroupSpacing: 20, orthogonalScrollingBehavior: .continuous)
    }()

    /// Home's followed users: full-width rows that size to their message.
    static let followedUsers: LayoutSection = {
        let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(100))
        let row = LayoutGroup.horizontal(layoutSize: size, subitems: [.item(LayoutItem(layoutSize: size))])
        return LayoutSection(group: row)
    }()

    /// A pinned header of absolute height `height` across the section.
    static func pinnedHeader(height: Double) -> BoundarySupplementaryItem {
        BoundarySupplementaryItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
            elementKind: "header", alignment: .top, pinToVisibleBounds: true)
    }

    /// Full-width rows of absolute height `height`.
    static func rows(
        height: Double, itemInsets: EdgeInsets = .zero, sectionInsets: EdgeInsets = .zero,
        header: BoundarySupplementaryItem? = nil
    ) -> LayoutSection {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
            contentInsets: itemInsets)
        let row = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
            subitems: [.item(item)])
        return LayoutSection(
            group: row, contentInsets: sectionInsets, boundarySupplementaryItems: header.map { [$0] } ?? [])
    }

    /// The habits screen: rows of 44 points under a pinned 36-point header.
    static let habitList = rows(
        height: 44, sectionInsets: EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10),
        header: pinnedHeader(height: 36))

    /// The habit screen's ranking: rows of 44 points, name and count side by side.
    static let habitRanking = rows(
        height: 44, itemInsets: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 12),
        sectionInsets: EdgeInsets(top: 20, leading: 0, bottom: 20, trailing: 0))

    /// A header item above a screen's lists: full width, sized to its text.
    static let headerBlock: LayoutSection = {
        let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(120))
        let row = LayoutGroup.horizontal(layoutSize: size, subitems: [.item(LayoutItem(layoutSize: size))])
        return LayoutSection(group: row, contentInsets: EdgeInsets(top: 12, leading: 20, bottom: 12, trailing: 20))
    }()

    /// The users screen: a grid of square-ish cards, two across.
    static let userGrid: LayoutSection = {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        var pair = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.45)),
            repeatingSubitem: .item(item), count: 2)
        pair.interItemSpacing = .fixed(20)
        return LayoutSection(
            group: pair, contentInsets: EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20),
            interGroupSpacing: 20)
    }()

    /// The user screen's habit counts under pinned category headers.
    static let userHabitCounts = rows(
        height: 44, itemInsets: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 12),
        sectionInsets: EdgeInsets(top: 0, leading: 10, bottom: 10, trailing: 10), header: pinnedHeader(height: 36))

    /// The log screen: buttons two across under pinned category headers.
    static let logButtons: LayoutSection = {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        var pair = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
            repeatingSubitem: .item(item), count: 2)
        pair.interItemSpacing = .fixed(8)
        return LayoutSection(
            group: pair, contentInsets: EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10),
            interGroupSpacing: 10,
            boundarySupplementaryItems: [pinnedHeader(height: 36)])
    }()
}
