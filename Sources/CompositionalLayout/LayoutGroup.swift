/// One frame of a custom group, relative to the group's origin.
public struct CustomGroupItem: Hashable, Sendable {
    public var frame: Rect
    public var zIndex: Int
    public init(frame: Rect, zIndex: Int = 0) {
        self.frame = frame
        self.zIndex = zIndex
    }
}

/// The closure of a custom group; `name` identifies it for equality, hashing and debug output (closures cannot be
/// compared or encoded).
public struct CustomGroupLayout: Hashable, Sendable {
    public var name: String
    public var itemProvider: @Sendable (_ groupSize: Size) -> [CustomGroupItem]
    public init(name: String, itemProvider: @escaping @Sendable (_ groupSize: Size) -> [CustomGroupItem]) {
        self.name = name
        self.itemProvider = itemProvider
    }
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    public func hash(into h: inout Hasher) { h.combine(name) }
}

/// How a group arranges its subitems.
public enum GroupKind: Hashable, Sendable {
    case horizontal, vertical
    case custom(CustomGroupLayout)
}

/// An element of a group: an item or a nested group.
public enum LayoutGroupChild: Hashable, Sendable {
    case item(LayoutItem)
    case group(LayoutGroup)
    var layoutSize: LayoutSize {
        switch self {
        case .item(let item): return item.layoutSize
        case .group(let group): return group.layoutSize
        }
    }
    var edgeSpacing: EdgeSpacing {
        switch self {
        case .item(let item): return item.edgeSpacing
        case .group(let group): return group.edgeSpacing
        }
    }
}

/// A row, column or custom arrangement of items and groups, as `NSCollectionLayoutGroup`.
public struct LayoutGroup: Hashable, Sendable {
    public var kind: GroupKind
    public var layoutSize: LayoutSize
    public var subitems: [LayoutGroupChild]
    /// With a count, the single subitem repeats exactly `count` times and the space is divided equally after spacing.
    public var count: Int?
    public var interItemSpacing: LayoutSpacing?
    /// Padding between the group's frame and its subitems.
    public var contentInsets: EdgeInsets
    public var edgeSpacing: EdgeSpacing
    /// Views anchored to the group's frame after its content insets, as a group's `supplementaryItems` in UIKit.
    public var supplementaryItems: [SupplementaryItem]

    public init(
        kind: GroupKind, layoutSize: LayoutSize, subitems: [LayoutGroupChild], count: Int? = nil,
        interItemSpacing: LayoutSpacing? = nil, contentInsets: EdgeInsets = .zero,
        edgeSpacing: EdgeSpacing = EdgeSpacing(),
        supplementaryItems: [SupplementaryItem] = []
    ) {
        self.kind = kind
        self.layoutSize = layoutSize
        self.subitems = subitems
        self.count = count
        self.interItemSpacing = interItemSpacing
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
        self.supplementaryItems = supplementaryItems
    }
    /// A row whose subitems repeat, in order, while they fit.
    public static func horizontal(layoutSize: LayoutSize, subitems: [LayoutGroupChild]) -> LayoutGroup {
        LayoutGroup(kind: .horizontal, layoutSize: layoutSize, subitems: subitems)
    }
    /// A row of exactly `count` equal copies of `repeatingSubitem`.
    public static func horizontal(layoutSize: LayoutSize, repeatingSubitem: LayoutGroupChild, count: Int) -> LayoutGroup
    {
        LayoutGroup(kind: .horizontal, layoutSize: layoutSize, subitems: [repeatingSubitem], count: count)
    }
    /// A column whose subitems repeat, in order, while they fit.
    public static func vertical(layoutSize: LayoutSize, subitems: [LayoutGroupChild]) -> LayoutGroup {
        LayoutGroup(kind: .vertical, layoutSize: layoutSize, subitems: subitems)
    }
    /// A column of exactly `count` equal copies of `repeatingSubitem`.
    public static func vertical(layoutSize: LayoutSize, repeatingSubitem: LayoutGroupChild, count: Int) -> LayoutGroup {
        LayoutGroup(kind: .vertical, layoutSize: layoutSize, subitems: [repeatingSubitem], count: count)
    }
    /// A group whose item frames come from `layout`; not encodable.
    public static func custom(layoutSize: LayoutSize, layout: CustomGroupLayout) -> LayoutGroup {
        LayoutGroup(kind: .custom(layout), layoutSize: layoutSize, subitems: [])
    }

    /// True when no dimension in the group's tree depends on measuring, so one template serves every repetition.
    var isStatic: Bool {
        if layoutSize.widthDimension.isEstimated || layoutSize.heightDimension.isEstimated { return false }
        for child in subitems {
            switch child {
            case .item(let item):
                let size = item.layoutSize
                if size.widthDimension.isEstimated || size.heightDimension.isEstimated { return false }
            case .group(let group): if !group.isStatic { return false }
            }
        }
        return true
    }
}
