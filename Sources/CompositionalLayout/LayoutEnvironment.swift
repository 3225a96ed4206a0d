/// What a section provider sees, as `NSCollectionLayoutEnvironment` with its container.
public struct LayoutEnvironment: Hashable, Codable, Sendable {
    public var containerSize: Size
    public var safeAreaInsets: EdgeInsets
    public var layoutMargins: EdgeInsets
    /// Leading and trailing margins of the readable content guide.
    public var readableContentInsets: EdgeInsets
    public init(
        containerSize: Size, safeAreaInsets: EdgeInsets = .zero, layoutMargins: EdgeInsets? = nil,
        readableContentInsets: EdgeInsets? = nil
    ) {
        self.containerSize = containerSize
        self.safeAreaInsets = safeAreaInsets
        let margin = containerSize.width < 375 ? 16.0 : 20.0
        let margins = layoutMargins ?? EdgeInsets(top: 0, leading: margin, bottom: 0, trailing: margin)
        self.layoutMargins = margins
        self.readableContentInsets = readableContentInsets ?? margins
    }
    /// The insets a reference adds on top of a section's own content insets.
    func insets(for reference: ContentInsetsReference) -> EdgeInsets {
        switch reference {
        case .automatic, .safeArea: return safeAreaInsets
        case .none: return .zero
        case .layoutMargins: return layoutMargins
        case .readableContent: return readableContentInsets
        }
    }
}
