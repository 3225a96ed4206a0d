/// Builds the section at an index, as `UICollectionViewCompositionalLayoutSectionProvider`; nil leaves the section
/// empty (with a diagnostic).
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

    /// Equal sources of the same kind; providers compare by name.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.uniform(let left), .uniform(let right)): return left == right
        case (.perSection(let left), .perSection(let right)): return left == right
        case (.list(let left), .list(let right)): return left == right
        case (.provider(let left, _), .provider(let right, _)): return left == right
        default: return false
        }
    }
    /// Hashes the kind and its payload (a provider's name).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .uniform(let section):
            hasher.combine(0)
            hasher.combine(section)
        case .perSection(let sections):
            hasher.combine(1)
            hasher.combine(sections)
        case .list(let configuration):
            hasher.combine(2)
            hasher.combine(configuration)
        case .provider(let name, _):
            hasher.combine(3)
            hasher.combine(name)
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

    /// The descriptor of section `index`, or nil when a provider returns none (or no sections were given). O(1) plus
    /// the provider.
    public func section(at index: Int, environment: LayoutEnvironment) -> LayoutSection? {
        switch source {
        case .uniform(let section): return section
        case .perSection(let list): return list.isEmpty ? nil : list[min(index, list.count - 1)]
        case .list(let configuration): return LayoutSection.list(using: configuration, environment: environment)
        case .provider(_, let provider): return provider(index, environment)
        }
    }
}
