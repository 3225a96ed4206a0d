// UIKit's compositional layout names on platforms without UIKit, over the portable `CompositionalLayout` engine, so
// that layout code written for Apple platforms compiles here with only its imports changed. On Apple platforms this
// module is empty: the system frameworks own these names. Like UIKit's, these descriptors are mutable classes; they
// are turned into the engine's value types when the layout is prepared.
#if !canImport(Darwin)
@_exported import Foundation
import CompositionalLayout

extension IndexPath {
    /// UIKit's two-index form: item within section.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// UIKit's two-index form: row within section.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// The section, the first index.
    public var section: Int { self[0] }
    /// The item, the second index.
    public var item: Int { self[1] }
    /// The row, the second index.
    public var row: Int { self[1] }
}

/// `NSDirectionalEdgeInsets`.
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init() {
        top = 0
        leading = 0
        bottom = 0
        trailing = 0
    }
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public static let zero = NSDirectionalEdgeInsets()
    var value: EdgeInsets {
        EdgeInsets(top: Double(top), leading: Double(leading), bottom: Double(bottom), trailing: Double(trailing))
    }
}

/// `NSDirectionalRectEdge`.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1)
    public static let leading = NSDirectionalRectEdge(rawValue: 2)
    public static let bottom = NSDirectionalRectEdge(rawValue: 4)
    public static let trailing = NSDirectionalRectEdge(rawValue: 8)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
    var value: RectEdges { RectEdges(rawValue: Int(rawValue)) }
}

/// `NSRectAlignment`.
public enum NSRectAlignment: Int, Sendable {
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
    var value: BoundaryAlignment {
        switch self {
        case .none, .top: return .top
        case .topLeading: return .topLeading
        case .leading: return .leading
        case .bottomLeading: return .bottomLeading
        case .bottom: return .bottom
        case .bottomTrailing: return .bottomTrailing
        case .trailing: return .trailing
        case .topTrailing: return .topTrailing
        }
    }
}

/// `NSCollectionLayoutDimension`.
public final class NSCollectionLayoutDimension: @unchecked Sendable {
    public let value: LayoutDimension
    init(_ value: LayoutDimension) { self.value = value }
    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension {
        .init(.fractionalWidth(Double(fractionalWidth)))
    }
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension {
        .init(.fractionalHeight(Double(fractionalHeight)))
    }
    public static func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension {
        .init(.absolute(Double(absoluteDimension)))
    }
    public static func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        .init(.estimated(Double(estimatedDimension)))
    }
    public static func uniformAcrossSiblings(estimate: CGFloat) -> NSCollectionLayoutDimension {
        .init(.uniformAcrossSiblings(estimate: Double(estimate)))
    }
    public var isFractionalWidth: Bool { if case .fractionalWidth = value { true } else { false } }
    public var isFractionalHeight: Bool { if case .fractionalHeight = value { true } else { false } }
    public var isAbsolute: Bool { if case .absolute = value { true } else { false } }
    public var isEstimated: Bool { if case .estimated = value { true } else { false } }
    public var isUniformAcrossSiblings: Bool { if case .uniformAcrossSiblings = value { true } else { false } }
    public var dimension: CGFloat { CGFloat(value.value) }
}

/// `NSCollectionLayoutSize`.
public final class NSCollectionLayoutSize: @unchecked Sendable {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension
    public init(widthDimension: NSCollectionLayoutDimension, heightDimension: NSCollectionLayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }
    var value: LayoutSize { LayoutSize(widthDimension: widthDimension.value, heightDimension: heightDimension.value) }
}

/// `NSCollectionLayoutSpacing`.
public final class NSCollectionLayoutSpacing: @unchecked Sendable {
    public let value: LayoutSpacing
    init(_ value: LayoutSpacing) { self.value = value }
    public static func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        .init(.fixed(Double(fixedSpacing)))
    }
    public static func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        .init(.flexible(Double(flexibleSpacing)))
    }
    public var spacing: CGFloat { CGFloat(value.minimum) }
    public var isFixedSpacing: Bool { !value.isFlexible }
    public var isFlexibleSpacing: Bool { value.isFlexible }
}

/// `NSCollectionLayoutEdgeSpacing`.
public final class NSCollectionLayoutEdgeSpacing: @unchecked Sendable {
    public let leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?
    public let trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?
    public init(
        leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?,
        bottom: NSCollectionLayoutSpacing?
    ) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }
    var value: EdgeSpacing {
        EdgeSpacing(leading: leading?.value, top: top?.value, trailing: trailing?.value, bottom: bottom?.value)
    }
}

/// `NSCollectionLayoutAnchor`.
public final class NSCollectionLayoutAnchor: @unchecked Sendable {
    public let value: LayoutAnchor
    public init(edges: NSDirectionalRectEdge) { value = LayoutAnchor(edges: edges.value) }
    public init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
        value = LayoutAnchor(
            edges: edges.value, absoluteOffset: Point(x: Double(absoluteOffset.x), y: Double(absoluteOffset.y)))
    }
    public init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
        value = LayoutAnchor(
            edges: edges.value, fractionalOffset: Point(x: Double(fractionalOffset.x), y: Double(fractionalOffset.y)))
    }
}

/// `NSCollectionLayoutItem`.
public class NSCollectionLayoutItem: @unchecked Sendable {
    public let layoutSize: NSCollectionLayoutSize
    public var contentInsets = NSDirectionalEdgeInsets.zero
    public var edgeSpacing: NSCollectionLayoutEdgeSpacing?
    /// Read-only on items, as in UIKit; `NSCollectionLayoutGroup` makes it settable.
    public internal(set) var supplementaryItems: [NSCollectionLayoutSupplementaryItem]
    public init(layoutSize: NSCollectionLayoutSize) {
        self.layoutSize = layoutSize
        supplementaryItems = []
    }
    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
    }
    var child: LayoutGroupChild {
        .item(
            LayoutItem(
                layoutSize: layoutSize.value, supplementaryItems: supplementaryItems.map(\.value),
                contentInsets: contentInsets.value, edgeSpacing: edgeSpacing?.value ?? EdgeSpacing()))
    }
}

/// `NSCollectionLayoutSupplementaryItem` (an item's badge).
public class NSCollectionLayoutSupplementaryItem: @unchecked Sendable {
    public let layoutSize: NSCollectionLayoutSize
    public let elementKind: String
    public let containerAnchor: NSCollectionLayoutAnchor?
    public let itemAnchor: NSCollectionLayoutAnchor?
    public var zIndex = 1
    public var contentInsets = NSDirectionalEdgeInsets.zero
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        itemAnchor = nil
    }
    public init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor,
        itemAnchor: NSCollectionLayoutAnchor
    ) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
    }
    init(boundaryLayoutSize: NSCollectionLayoutSize, elementKind: String) {
        layoutSize = boundaryLayoutSize
        self.elementKind = elementKind
        containerAnchor = nil
        itemAnchor = nil
    }
    var value: SupplementaryItem {
        SupplementaryItem(
            layoutSize: layoutSize.value, elementKind: elementKind,
            containerAnchor: containerAnchor?.value ?? LayoutAnchor(edges: .all), itemAnchor: itemAnchor?.value,
            zIndex: zIndex)
    }
}

/// `NSCollectionLayoutBoundarySupplementaryItem` (a header or footer).
public final class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem, @unchecked Sendable
{
    public let alignment: NSRectAlignment
    public let offset: CGPoint
    public var pinToVisibleBounds = false
    public var extendsBoundary = true
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.alignment = alignment
        offset = .zero
        super.init(boundaryLayoutSize: layoutSize, elementKind: elementKind)
    }
    public init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint
    ) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(boundaryLayoutSize: layoutSize, elementKind: elementKind)
    }
    var boundaryValue: BoundarySupplementaryItem {
        BoundarySupplementaryItem(
            layoutSize: layoutSize.value, elementKind: elementKind, alignment: alignment.value,
            absoluteOffset: Point(x: Double(offset.x), y: Double(offset.y)), pinToVisibleBounds: pinToVisibleBounds,
            extendsBoundary: extendsBoundary, zIndex: zIndex, contentInsets: contentInsets.value)
    }
}

/// `NSCollectionLayoutDecorationItem`; UIKit offers only the section background.
public final class NSCollectionLayoutDecorationItem: @unchecked Sendable {
    public let elementKind: String
    public var zIndex = -1
    public var contentInsets = NSDirectionalEdgeInsets.zero
    init(elementKind: String) { self.elementKind = elementKind }
    public static func background(elementKind: String) -> NSCollectionLayoutDecorationItem {
        .init(elementKind: elementKind)
    }
    var value: DecorationItem {
        DecorationItem(elementKind: elementKind, zIndex: zIndex, contentInsets: contentInsets.value)
    }
}
#endif
