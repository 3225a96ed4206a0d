import CompositionalLayout

/// The layouts of sections in containers at least `ScreenSection.wideMinimumWidth` wide: columns where a phone
/// shows one card to a row or scrolls them sideways. Headers, backgrounds and (unless said) insets stay the
/// phone's, so that a window resized across the width changes only how the items are arranged.
extension ScreenLayouts {
    /// `phone` with its items in `count` equal columns, rows `height` high and `spacing` apart both ways,
    /// scrolling with the page.
    static func columns(
        _ count: Int, height: LayoutDimension, spacing: Double, itemInsets: EdgeInsets = .zero,
        insets: EdgeInsets? = nil, from phone: LayoutSection
    ) -> LayoutSection {
        let cellHeight: LayoutDimension = height.isEstimated ? height : .fractionalHeight(1)
        let cell = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: cellHeight),
            contentInsets: itemInsets)
        var row = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height),
            repeatingSubitem: .item(cell), count: count)
        row.interItemSpacing = .fixed(spacing)
        var section = phone
        section.group = row
        section.contentInsets = insets ?? phone.contentInsets
        section.interGroupSpacing = spacing
        section.orthogonalScrollingBehavior = .none
        return section
    }

    /// Home's leaderboard: three cards to a row, every favourite in view, on the phone's background.
    static let wideLeaderboard = columns(3, height: .absolute(110), spacing: 20, from: leaderboard)

    /// Home's leaderboard holding only its welcome: one card across, as tall as its text and buttons, at every
    /// width (a leaderboard card's fixed height is too short for a message and two buttons).
    static let emptyLeaderboard = columns(1, height: .estimated(120), spacing: 20, from: leaderboard)

    /// Home's followed users: two messages to a row, each row as tall as its longer message.
    static let wideFollowedUsers = columns(
        2, height: .estimated(100), spacing: 12, insets: EdgeInsets(top: 0, leading: 20, bottom: 12, trailing: 20),
        from: followedUsers)

    /// A Discover swimlane: six cards to a row, a lane's programs in rows instead of sideways.
    static let wideSwimlane = columns(6, height: .absolute(170), spacing: 10, from: swimlane)

    /// The log screen's favourites: four large buttons to a row, with the phone's margins around each.
    static let wideLogFavorites = columns(
        4, height: .absolute(100), spacing: 0, itemInsets: EdgeInsets(top: 12, leading: 12, bottom: 12, trailing: 12),
        from: logFavorites)

    /// The log screen's categories: four buttons to a row.
    static let wideLogButtons = columns(
        4, height: .absolute(50), spacing: 8, insets: EdgeInsets(top: 20, leading: 10, bottom: 20, trailing: 10),
        from: logButtons)

    /// People: four cards to a row, where two squares would each fill half a desktop window.
    static let wideUserGrid = columns(4, height: .absolute(200), spacing: 20, from: userGrid)
}
