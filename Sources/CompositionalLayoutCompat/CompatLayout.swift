#if !canImport(Darwin)
import Foundation
import CompositionalLayout

/// `UICollectionView`, only as the namespace of the names layout code uses (there is no view on Linux).
public final class UICollectionView: Sendable {
    private init() {}
    /// `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }
    /// `UICollectionView.ElementCategory`, as `UICollectionViewLayoutAttributes.representedElementCategory`.
    public enum ElementCategory: UInt, Sendable { case cell, supplementaryView, decorationView }
    /// `UICollectionView.elementKindSectionHeader`, the element kind of list headers.
    public static let elementKindSectionHeader = ListConfiguration.headerKind
    /// `UICollectionView.elementKindSectionFooter`, the element kind of list footers.
    public static let elementKindSectionFooter = ListConfiguration.footerKind
}

/// The Objective-C name of `UICollectionView.ScrollDirection`, kept for code written against it.
public typealias UICollectionViewScrollDirection = UICollectionView.ScrollDirection
/// The Objective-C name of `UICollectionView.ElementCategory`, kept for code written against it.
public typealias UICollectionElementCategory = UICollectionView.ElementCategory
/// UIKit's global constant for `UICollectionView.elementKindSectionHeader`.
public let UICollectionElementKindSectionHeader = UICollectionView.elementKindSectionHeader
/// UIKit's global constant for `UICollectionView.elementKindSectionFooter`.
public let UICollectionElementKindSectionFooter = UICollectionView.elementKindSectionFooter

/// `UICollectionLayoutListConfiguration`.
public struct UICollectionLayoutListConfiguration: Sendable {
    public enum Appearance: Int, Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
    public enum HeaderMode: Int, Sendable { case none, supplementary, firstItemInSection }
    public enum FooterMode: Int, Sendable { case none, supplementary }
    public var appearance: Appearance
    public var headerMode = HeaderMode.none
    public var footerMode = FooterMode.none
    public var showsSeparators = true
    public init(appearance: Appearance) { self.appearance = appearance }
    var value: ListConfiguration {
        ListConfiguration(
            appearance: ListAppearance.allCases[appearance.rawValue],
            headerMode: ListHeaderMode.allCases[headerMode.rawValue],
            footerMode: ListFooterMode.allCases[footerMode.rawValue], showsSeparators: showsSeparators)
    }
}

/// `UICollectionViewCompositionalLayoutConfiguration`.
public final class UICollectionViewCompositionalLayoutConfiguration: @unchecked Sendable {
    public var scrollDirection = UICollectionView.ScrollDirection.vertical
    public var interSectionSpacing: CGFloat = 0
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    public var contentInsetsReference = UIContentInsetsReference.automatic
    public init() {}
    var value: LayoutConfiguration {
        LayoutConfiguration(
            scrollDirection: scrollDirection == .vertical ? .vertical : .horizontal,
            interSectionSpacing: Double(interSectionSpacing),
            boundarySupplementaryItems: boundarySupplementaryItems.map(\.boundaryValue),
            contentInsetsReference: contentInsetsReference.value)
    }
}

/// `UICollectionViewLayoutAttributes`.
public final class UICollectionViewLayoutAttributes: @unchecked Sendable, CustomStringConvertible {
    public var frame: CGRect
    public var indexPath: IndexPath
    public var zIndex: Int
    public let representedElementCategory: UICollectionView.ElementCategory
    public let representedElementKind: String?
    public var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }
    public var size: CGSize { frame.size }
    init(_ a: LayoutAttributes) {
        frame = CGRect(x: a.frame.minX, y: a.frame.minY, width: a.frame.width, height: a.frame.height)
        indexPath = IndexPath(item: a.indexPath.item, section: a.indexPath.section)
        zIndex = a.zIndex
        switch a.category {
        case .cell: representedElementCategory = .cell
        case .supplementaryView: representedElementCategory = .supplementaryView
        case .decorationView: representedElementCategory = .decorationView
        }
        representedElementKind = a.elementKind
    }
    public var description: String {
        "\(representedElementCategory) \(representedElementKind ?? "") \(indexPath) \(frame)"
    }
}

/// `UICollectionViewCompositionalLayoutSectionProvider`.
public typealias UICollectionViewCompositionalLayoutSectionProvider = (Int, any NSCollectionLayoutEnvironment) ->
    NSCollectionLayoutSection?

/// `UICollectionViewCompositionalLayout`; call `prepare(containerSize:itemCounts:)`, then query as UIKit's layout.
public final class UICollectionViewCompositionalLayout: @unchecked Sendable {
    enum Source {
        case section(NSCollectionLayoutSection), provider(UICollectionViewCompositionalLayoutSectionProvider), list(
            UICollectionLayoutListConfiguration)
    }
    let source: Source
    public var configuration: UICollectionViewCompositionalLayoutConfiguration
    /// The engine of the last `prepare`, for what UIKit has no name for (orthogonal geometry, pinning, paging, SVG).
    public private(set) var engine: LayoutEngine?

    public init(section: NSCollectionLayoutSection) {
        source = .section(section)
        configuration = .init()
    }
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        source = .section(section)
        self.configuration = configuration
    }
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        source = .provider(sectionProvider)
        configuration = .init()
    }
    public init(
        sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
        configuration: UICollectionViewCompositionalLayoutConfiguration
    ) {
        source = .provider(sectionProvider)
        self.configuration = configuration
    }
    init(list: UICollectionLayoutListConfiguration) {
        source = .list(list)
        configuration = .init()
    }
    /// A list layout, as UIKit's `UICollectionViewCompositionalLayout.list(using:)`.
    public static func list(
        using configuration: UICollectionLayoutListConfiguration
    ) -> UICollectionViewCompositionalLayout { .init(list: configuration) }

    /// The portable descriptor for `sectionCount` sections; the provider is asked once per section. O(sections).
    public func layoutDescriptor(containerSize: CGSize, sectionCount: Int) -> CompositionalLayout {
        let environment = LayoutEnvironment(
            containerSize: Size(width: Double(containerSize.width), height: Double(containerSize.height)))
        switch source {
        case .section(let section):
            return CompositionalLayout(section: section.value, configuration: configuration.value)
        case .list(let list):
            var layout = CompositionalLayout.list(using: list.value)
            layout.configuration = configuration.value
            return layout
        case .provider(let provider):
            let compat = CompatEnvironment(environment: environment)
            let sections = (0..<sectionCount).map { provider($0, compat)?.value }
            let frozen = sections
            return CompositionalLayout(name: "sectionProvider", configuration: configuration.value) { index, _ in
                index < frozen.count ? frozen[index] : nil
            }
        }
    }

    /// Lays the layout out for a container and item counts, standing in for a collection view. O(items).
    public func prepare(containerSize: CGSize, itemCounts: [Int]) throws {
        try prepare(containerSize: containerSize, itemCounts: itemCounts, fittingSize: nil)
    }

    /// Answers the self-sized size of an element with estimated dimensions: its index path and its element kind (nil
    /// for cells).
    public typealias FittingSize = @Sendable (_ indexPath: IndexPath, _ elementKind: String?) -> CGSize?

    /// As `prepare(containerSize:itemCounts:)`, with the sizes cells, headers and footers fit at (UIKit's self-sizing).
    /// O(items).
    public func prepare(containerSize: CGSize, itemCounts: [Int], fittingSize: FittingSize?) throws {
        var measure: SizeMeasurer?
        if let fittingSize {
            measure = { (request: MeasurementRequest) -> Size? in
                let indexPath = IndexPath(item: request.indexPath.item, section: request.indexPath.section)
                guard let fitted = fittingSize(indexPath, request.elementKind) else { return nil }
                return Size(width: Double(fitted.width), height: Double(fitted.height))
            }
        }
        engine = try LayoutEngine(
            layout: layoutDescriptor(containerSize: containerSize, sectionCount: itemCounts.count),
            containerSize: Size(width: Double(containerSize.width), height: Double(containerSize.height)),
            itemCounts: itemCounts, measure: measure)
    }

    /// As UIKit's; zero before `prepare`.
    public var collectionViewContentSize: CGSize {
        guard let size = engine?.contentSize else { return .zero }
        return CGSize(width: size.width, height: size.height)
    }

    private func path(_ indexPath: IndexPath) -> ElementIndexPath? {
        indexPath.count == 2 ? ElementIndexPath(item: indexPath.item, section: indexPath.section) : nil
    }

    /// As UIKit's; items of orthogonal sections at zero orthogonal offset. O(1).
    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        path(indexPath).flatMap { engine?.attributesForItem(at: $0) }.map(UICollectionViewLayoutAttributes.init)
    }
    /// As UIKit's. O(log groups).
    public func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        path(indexPath).flatMap { engine?.attributesForSupplementary(ofKind: elementKind, at: $0) }.map(
            UICollectionViewLayoutAttributes.init)
    }
    /// As UIKit's. O(decorations of the section).
    public func layoutAttributesForDecorationView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        path(indexPath).flatMap { engine?.attributesForDecoration(ofKind: elementKind, at: $0) }.map(
            UICollectionViewLayoutAttributes.init)
    }
    /// As UIKit's; binary searched. O(log n + results).
    public func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        engine?.attributes(
            in: Rect(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
        )
        .map(UICollectionViewLayoutAttributes.init)
    }
}
#endif
