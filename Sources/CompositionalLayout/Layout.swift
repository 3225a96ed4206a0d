/// Builds the section at an index, as `UICollectionViewCompositionalLayoutSectionProvider`; nil leaves the section empty (with a diagnostic).
public typealias SectionProvider = @Sendable (_ sectionIndex: Int, _ environment: LayoutEnvironment) -> LayoutSection?

/// Where a layout's sections come from.
public enum SectionSource: Hashable, Sendable {
    /// The same section descriptor for every section.
    case uniform(LayoutSection)
    /// One descriptor per section; sections past the end reuse the last one.
    case perSection([LayoutSection])
    /// A list built from a list configuration.
    case list(ListConfiguration)
    /// A closure; `name` identifies it for equality and debug output. Not encodable.
    case provider(name: String, SectionProvider)

    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.uniform(let x), .uniform(let y)): return x == y
        case (.perSection(let x), .perSection(let y)): return x == y
        case (.list(let x), .list(let y)): return x == y
        case (.provider(let x, _), .provider(let y, _)): return x == y
        default: return false
        }
    }
    public func hash(into h: inout Hasher) {
        switch self {
        case .uniform(let s):
            h.combine(0)
            h.combine(s)
        case .perSection(let s):
            h.combine(1)
            h.combine(s)
        case .list(let c):
            h.combine(2)
            h.combine(c)
        case .provider(let n, _):
            h.combine(3)
            h.combine(n)
        }
    }
}

/// A whole layout, as `UICollectionViewCompositionalLayout`: where sections come from plus layout-wide configuration.
public struct CompositionalLayout: Hashable, Sendable {
    public var source: SectionSource
    public var configuration: LayoutConfiguration
    public init(source: SectionSource, configuration: LayoutConfiguration = LayoutConfiguration()) {
        self.source = source
        self.configuration = configuration
    }
    /// Every section uses `section`.
    public init(section: LayoutSection, configuration: LayoutConfiguration = LayoutConfiguration()) {
        self.init(source: .uniform(section), configuration: configuration)
    }
    /// Section `i` uses `sections[i]` (the last one beyond the end).
    public init(sections: [LayoutSection], configuration: LayoutConfiguration = LayoutConfiguration()) {
        self.init(source: .perSection(sections), configuration: configuration)
    }
    /// Sections come from a closure, as `UICollectionViewCompositionalLayout(sectionProvider:)`.
    public init(
        name: String = "sectionProvider", configuration: LayoutConfiguration = LayoutConfiguration(),
        sectionProvider: @escaping SectionProvider
    ) {
        self.init(source: .provider(name: name, sectionProvider), configuration: configuration)
    }
    /// A list layout, as `UICollectionViewCompositionalLayout.list(using:)`.
    public static func list(using configuration: ListConfiguration) -> CompositionalLayout {
        CompositionalLayout(source: .list(configuration))
    }

    /// The descriptor of section `index`, or nil when a provider returns none (or no sections were given). O(1) plus the provider.
    public func section(at index: Int, environment: LayoutEnvironment) -> LayoutSection? {
        switch source {
        case .uniform(let s): return s
        case .perSection(let list): return list.isEmpty ? nil : list[min(index, list.count - 1)]
        case .list(let c): return LayoutSection.list(using: c, environment: environment)
        case .provider(_, let p): return p(index, environment)
        }
    }
}
