/// A view behind a section, as `NSCollectionLayoutDecorationItem` (UIKit's only kind is the background).
public struct DecorationItem: Hashable, Sendable {
    public var elementKind: String
    public var zIndex: Int
    public var contentInsets: EdgeInsets
    public init(elementKind: String, zIndex: Int = -1, contentInsets: EdgeInsets = .zero) {
        self.elementKind = elementKind
        self.zIndex = zIndex
        self.contentInsets = contentInsets
    }
    /// A background covering the section's whole frame, as `NSCollectionLayoutDecorationItem.background(elementKind:)`.
    public static func background(elementKind: String) -> DecorationItem { DecorationItem(elementKind: elementKind) }
}
