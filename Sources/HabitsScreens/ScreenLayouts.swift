import CompositionalLayout

/// The section layouts of the course app's screens, with its numbers.
enum ScreenLayouts {
    /// Home's leaderboard: vertical trios of cards scrolling sideways, under a "Leaderboard" header, on a
    /// background.
    static let leaderboard: LayoutSection = {
        let card = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.3)))
        var trio = LayoutGroup.vertical(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.75), heightDimension: .fractionalHeight(0.75)),
            repeatingSubitem: .item(card), count: 3)
        trio.interItemSpacing = .fixed(10)
        return LayoutSection(
            group: trio, contentInsets: EdgeInsets(top: 12, leading: 20, bottom: 20, trailing: 20),
            interGroupSpacing: 20, orthogonalScrollingBehavior: .continuous,
            boundarySupplementaryItems: [header(height: 80)],
            decorationItems: [.background(elementKind: "background")],
            supplementariesFollowContentInsets: false)
    }()

    /// Home's followed users: full-width rows that size to their message, under a "Following" header.
    static let followedUsers: LayoutSection = {
        let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(100))
        let row = LayoutGroup.horizontal(
            layoutSize: size, repeatingSubitem: .item(LayoutItem(layoutSize: size)), count: 1)
        return LayoutSection(group: row, boundarySupplementaryItems: [header(height: 60)])
    }()

    /// A header of absolute height `height` across the section, scrolling with it.
    static func header(height: Double) -> BoundarySupplementaryItem {
        BoundarySupplementaryItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
            elementKind: "header", alignment: .top)
    }

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

    /// One full-width item sized to its content, from an estimated height.
    static func block(estimatedHeight: Double, insets: EdgeInsets) -> LayoutSection {
        let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(estimatedHeight))
        let row = LayoutGroup.horizontal(layoutSize: size, subitems: [.item(LayoutItem(layoutSize: size))])
        return LayoutSection(group: row, contentInsets: insets)
    }

    /// A header item above a screen's lists: full width, sized to its text.
    static let headerBlock = block(
        estimatedHeight: 120, insets: EdgeInsets(top: 12, leading: 20, bottom: 12, trailing: 20))

    /// The users screen: square cards in the user's colour, two to a row.
    static let userGrid: LayoutSection = {
        let square = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalHeight(1), heightDimension: .fractionalHeight(1)))
        var pair = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.45)),
            subitems: [.item(square), .item(square)])
        pair.interItemSpacing = .fixed(20)
        return LayoutSection(
            group: pair, contentInsets: EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20),
            interGroupSpacing: 20)
    }()

    /// The user screen's habit counts under pinned headers: rows of 44 points, name and count side by side.
    static let userHabitCounts = rows(
        height: 44, itemInsets: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 12),
        sectionInsets: EdgeInsets(top: 20, leading: 0, bottom: 20, trailing: 0), header: pinnedHeader(height: 36))

    /// The log screen's favourites: two large buttons to a row (the course app meant two equal halves).
    static let logFavorites: LayoutSection = {
        let button = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
            contentInsets: EdgeInsets(top: 12, leading: 12, bottom: 12, trailing: 12))
        let pair = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            repeatingSubitem: .item(button), count: 2)
        return LayoutSection(
            group: pair, contentInsets: EdgeInsets(top: 20, leading: 0, bottom: 20, trailing: 0),
            boundarySupplementaryItems: [header(height: 36)])
    }()

    /// The log screen's categories: buttons two to a row under a header (the course app meant two halves).
    static let logButtons: LayoutSection = {
        let button = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        var pair = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
            repeatingSubitem: .item(button), count: 2)
        pair.interItemSpacing = .fixed(8)
        pair.contentInsets = EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        return LayoutSection(
            group: pair, contentInsets: EdgeInsets(top: 20, leading: 0, bottom: 20, trailing: 0),
            interGroupSpacing: 10, boundarySupplementaryItems: [header(height: 36)])
    }()

    /// The streak calendar's large number: full width, sized to its text.
    static let streakSummary = block(
        estimatedHeight: 240, insets: EdgeInsets(top: 20, leading: 20, bottom: 12, trailing: 20))

    /// The month's name as a header over links to the previous and next month, side by side.
    static let monthLinks: LayoutSection = {
        let link = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        let row = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
            subitems: [.item(link)])
        return LayoutSection(
            group: row, contentInsets: EdgeInsets(top: 0, leading: 12, bottom: 0, trailing: 12),
            boundarySupplementaryItems: [header(height: 44)])
    }()

    /// A week of the calendar: seven equal columns.
    static func week(height: Double, bottom: Double) -> LayoutSection {
        let cell = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
            contentInsets: EdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2))
        let week = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
            repeatingSubitem: .item(cell), count: 7)
        return LayoutSection(
            group: week, contentInsets: EdgeInsets(top: 0, leading: 12, bottom: bottom, trailing: 12))
    }

    /// The weekday headings over the month grid.
    static let weekdayHeadings = week(height: 28, bottom: 0)

    /// The month grid: seven days to a row, the first row starting with blanks.
    static let monthGrid = week(height: 48, bottom: 20)

    /// The habits whose calendars can be shown: rows of 44 points under a header.
    static let habitChoices = rows(
        height: 44, sectionInsets: EdgeInsets(top: 0, leading: 12, bottom: 20, trailing: 12),
        header: header(height: 36))
}
