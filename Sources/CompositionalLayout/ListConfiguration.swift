/// The look of a list, as `UICollectionLayoutListConfiguration.Appearance`.
public enum ListAppearance: String, Hashable, Codable, Sendable, CaseIterable {
    case plain, grouped, insetGrouped, sidebar, sidebarPlain
}

/// Whether a list section has a header and how it is made.
public enum ListHeaderMode: String, Hashable, Codable, Sendable, CaseIterable {
    case none, supplementary, firstItemInSection
}

/// Whether a list section has a footer.
public enum ListFooterMode: String, Hashable, Codable, Sendable, CaseIterable {
    case none, supplementary
}

/// A list description, as `UICollectionLayoutListConfiguration`; metrics are in `Docs/CompositionalLayout.md`.
public struct ListConfiguration: Hashable, Sendable {
    public var appearance: ListAppearance
    /// `.firstItemInSection` lays out exactly as `.none`: the header role of item 0 is cell styling, not layout.
    public var headerMode: ListHeaderMode
    public var footerMode: ListFooterMode
    /// Carried for the cells, which draw separators in UIKit; it changes no frame and adds no element.
    public var showsSeparators: Bool
    /// Estimated row height; rows are measured when a measuring callback answers.
    public var estimatedRowHeight: Double
    public init(
        appearance: ListAppearance, headerMode: ListHeaderMode = .none, footerMode: ListFooterMode = .none,
        showsSeparators: Bool = true, estimatedRowHeight: Double = 44
    ) {
        self.appearance = appearance
        self.headerMode = headerMode
        self.footerMode = footerMode
        self.showsSeparators = showsSeparators
        self.estimatedRowHeight = estimatedRowHeight
    }

    /// Element kind of list headers, as `UICollectionView.elementKindSectionHeader`.
    public static let headerKind = "UICollectionElementKindSectionHeader"
    /// Element kind of list footers, as `UICollectionView.elementKindSectionFooter`.
    public static let footerKind = "UICollectionElementKindSectionFooter"

    /// The documented default metrics of an appearance.
    public struct Metrics: Hashable, Sendable {
        /// Section content insets; leading/trailing of inset appearances.
        public var contentInsets: EdgeInsets
        public var estimatedHeaderHeight: Double
        public var estimatedFooterHeight: Double
        public var pinsHeaders: Bool
    }

    /// Default metrics for this configuration's appearance. O(1).
    public var metrics: Metrics {
        switch appearance {
        case .plain:
            return Metrics(
                contentInsets: .zero, estimatedHeaderHeight: 28, estimatedFooterHeight: 28, pinsHeaders: true)
        case .sidebarPlain:
            return Metrics(
                contentInsets: .zero, estimatedHeaderHeight: 28, estimatedFooterHeight: 28, pinsHeaders: false)
        case .grouped:
            return Metrics(
                contentInsets: EdgeInsets(top: 0, leading: 0, bottom: 35, trailing: 0),
                estimatedHeaderHeight: 38, estimatedFooterHeight: 38, pinsHeaders: false)
        case .insetGrouped:
            return Metrics(
                contentInsets: EdgeInsets(top: 0, leading: 20, bottom: 35, trailing: 20),
                estimatedHeaderHeight: 38, estimatedFooterHeight: 38, pinsHeaders: false)
        case .sidebar:
            return Metrics(
                contentInsets: EdgeInsets(top: 0, leading: 10, bottom: 10, trailing: 10),
                estimatedHeaderHeight: 38, estimatedFooterHeight: 38, pinsHeaders: false)
        }
    }
}

extension LayoutSection {
    /// A list section, as `NSCollectionLayoutSection.list(using:layoutEnvironment:)`: full-width rows of estimated
    /// height. O(1).
    public static func list(using configuration: ListConfiguration, environment: LayoutEnvironment) -> LayoutSection {
        let metrics = configuration.metrics
        let row = LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .estimated(configuration.estimatedRowHeight))
        let group = LayoutGroup.vertical(layoutSize: row, subitems: [.item(LayoutItem(layoutSize: row))])
        var boundary: [BoundarySupplementaryItem] = []
        if configuration.headerMode == .supplementary {
            boundary.append(
                BoundarySupplementaryItem(
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(1),
                        heightDimension: .estimated(metrics.estimatedHeaderHeight)),
                    elementKind: ListConfiguration.headerKind, alignment: .top, pinToVisibleBounds: metrics.pinsHeaders)
            )
        }
        if configuration.footerMode == .supplementary {
            boundary.append(
                BoundarySupplementaryItem(
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(1),
                        heightDimension: .estimated(metrics.estimatedFooterHeight)),
                    elementKind: ListConfiguration.footerKind, alignment: .bottom))
        }
        return LayoutSection(
            group: group, contentInsets: metrics.contentInsets, contentInsetsReference: .none,
            boundarySupplementaryItems: boundary)
    }
}
