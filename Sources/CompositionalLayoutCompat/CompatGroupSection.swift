#if !canImport(Darwin)
import Foundation
import CompositionalLayout

/// `NSCollectionLayoutContainer`: the size a section or group is laid out in.
public protocol NSCollectionLayoutContainer {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// `NSCollectionLayoutEnvironment`: what a section provider sees.
public protocol NSCollectionLayoutEnvironment {
    var container: any NSCollectionLayoutContainer { get }
}

struct CompatContainer: NSCollectionLayoutContainer {
    var contentSize: CGSize
    var effectiveContentSize: CGSize { contentSize }
    var contentInsets: NSDirectionalEdgeInsets { .zero }
    var effectiveContentInsets: NSDirectionalEdgeInsets { .zero }
}

struct CompatEnvironment: NSCollectionLayoutEnvironment {
    var environment: LayoutEnvironment
    var container: any NSCollectionLayoutContainer {
        CompatContainer(
            contentSize: CGSize(width: environment.containerSize.width, height: environment.containerSize.height))
    }
}

/// `NSCollectionLayoutGroupCustomItem`.
public final class NSCollectionLayoutGroupCustomItem: @unchecked Sendable {
    public let frame: CGRect
    public let zIndex: Int
    public init(frame: CGRect) {
        self.frame = frame
        zIndex = 0
    }
    public init(frame: CGRect, zIndex: Int) {
        self.frame = frame
        self.zIndex = zIndex
    }
}

/// Builds a custom group's items, as `NSCollectionLayoutGroupCustomItemProvider`.
public typealias NSCollectionLayoutGroupCustomItemProvider =
    @Sendable (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// `NSCollectionLayoutGroup`; a group is an item, so groups nest.
public final class NSCollectionLayoutGroup: NSCollectionLayoutItem, @unchecked Sendable {
    enum Kind { case horizontal, vertical, custom(NSCollectionLayoutGroupCustomItemProvider) }
    let kind: Kind
    public let subitems: [NSCollectionLayoutItem]
    let count: Int?
    public var interItemSpacing: NSCollectionLayoutSpacing?
    /// Supplementary items anchored to the group's frame, as UIKit's settable `supplementaryItems` on a group.
    public override var supplementaryItems: [NSCollectionLayoutSupplementaryItem] {
        get { super.supplementaryItems }
        set { super.supplementaryItems = newValue }
    }

    init(kind: Kind, layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], count: Int?) {
        self.kind = kind
        self.subitems = subitems
        self.count = count
        super.init(layoutSize: layoutSize)
    }
    public static func horizontal(
        layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]
    ) -> NSCollectionLayoutGroup {
        .init(kind: .horizontal, layoutSize: layoutSize, subitems: subitems, count: nil)
    }
    public static func horizontal(
        layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int
    ) -> NSCollectionLayoutGroup {
        .init(kind: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    public static func horizontal(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem: NSCollectionLayoutItem, count: Int
    ) -> NSCollectionLayoutGroup {
        .init(kind: .horizontal, layoutSize: layoutSize, subitems: [repeatingSubitem], count: count)
    }
    public static func vertical(
        layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]
    ) -> NSCollectionLayoutGroup {
        .init(kind: .vertical, layoutSize: layoutSize, subitems: subitems, count: nil)
    }
    public static func vertical(
        layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int
    ) -> NSCollectionLayoutGroup {
        .init(kind: .vertical, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    public static func vertical(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem: NSCollectionLayoutItem, count: Int
    ) -> NSCollectionLayoutGroup {
        .init(kind: .vertical, layoutSize: layoutSize, subitems: [repeatingSubitem], count: count)
    }
    public static func custom(
        layoutSize: NSCollectionLayoutSize, itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider
    ) -> NSCollectionLayoutGroup {
        .init(kind: .custom(itemProvider), layoutSize: layoutSize, subitems: [], count: nil)
    }

    var value: LayoutGroup {
        let groupKind: GroupKind
        switch kind {
        case .horizontal: groupKind = .horizontal
        case .vertical: groupKind = .vertical
        case .custom(let provider):
            groupKind = .custom(
                CustomGroupLayout(name: "custom@\(ObjectIdentifier(self).hashValue)") { size in
                    provider(CompatEnvironment(environment: LayoutEnvironment(containerSize: size))).map {
                        CustomGroupItem(
                            frame: Rect(
                                x: Double($0.frame.minX), y: Double($0.frame.minY), width: Double($0.frame.width),
                                height: Double($0.frame.height)), zIndex: $0.zIndex)
                    }
                })
        }
        return LayoutGroup(
            kind: groupKind, layoutSize: layoutSize.value, subitems: subitems.map(\.child), count: count,
            interItemSpacing: interItemSpacing?.value, contentInsets: contentInsets.value,
            edgeSpacing: edgeSpacing?.value ?? EdgeSpacing(),
            supplementaryItems: supplementaryItems.map(\.value))
    }
    override var child: LayoutGroupChild { .group(value) }
}

/// `UIContentInsetsReference`.
public enum UIContentInsetsReference: Int, Sendable {
    case automatic, none, safeArea, layoutMargins, readableContent
    var value: ContentInsetsReference {
        switch self {
        case .automatic: .automatic
        case .none: .none
        case .safeArea: .safeArea
        case .layoutMargins: .layoutMargins
        case .readableContent: .readableContent
        }
    }
}

/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
    var value: OrthogonalScrollingBehavior { OrthogonalScrollingBehavior.allCases[rawValue] }
}

/// `NSCollectionLayoutSection`.
public final class NSCollectionLayoutSection: @unchecked Sendable {
    public let group: NSCollectionLayoutGroup?
    /// Set by `list(using:layoutEnvironment:)`, whose section is already a value.
    let listSection: LayoutSection?
    public var contentInsets = NSDirectionalEdgeInsets.zero
    public var contentInsetsReference = UIContentInsetsReference.automatic
    public var interGroupSpacing: CGFloat = 0
    public var orthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    public var decorationItems: [NSCollectionLayoutDecorationItem] = []
    public var supplementariesFollowContentInsets = true

    public init(group: NSCollectionLayoutGroup) {
        self.group = group
        listSection = nil
    }
    init(listSection: LayoutSection) {
        group = nil
        self.listSection = listSection
        contentInsets = NSDirectionalEdgeInsets(
            top: listSection.contentInsets.top, leading: listSection.contentInsets.leading,
            bottom: listSection.contentInsets.bottom, trailing: listSection.contentInsets.trailing)
        contentInsetsReference = .none
    }
    /// A list section, as UIKit's `NSCollectionLayoutSection.list(using:layoutEnvironment:)`.
    public static func list(
        using configuration: UICollectionLayoutListConfiguration, layoutEnvironment: any NSCollectionLayoutEnvironment
    ) -> NSCollectionLayoutSection {
        let size = layoutEnvironment.container.contentSize
        let environment = LayoutEnvironment(containerSize: Size(width: Double(size.width), height: Double(size.height)))
        return NSCollectionLayoutSection(listSection: .list(using: configuration.value, environment: environment))
    }

    var value: LayoutSection {
        var section = listSection ?? LayoutSection(group: group!.value)
        section.contentInsets = contentInsets.value
        section.contentInsetsReference = contentInsetsReference.value
        if listSection == nil {
            section.interGroupSpacing = Double(interGroupSpacing)
            section.boundarySupplementaryItems = boundarySupplementaryItems.map(\.boundaryValue)
        } else {
            section.boundarySupplementaryItems += boundarySupplementaryItems.map(\.boundaryValue)
        }
        section.orthogonalScrollingBehavior = orthogonalScrollingBehavior.value
        section.decorationItems = decorationItems.map(\.value)
        section.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        return section
    }
}
#endif
