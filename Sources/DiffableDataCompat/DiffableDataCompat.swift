// UIKit's names for the snapshot types, on platforms without UIKit and AppKit, so that snapshot-building
// code written for Apple platforms compiles here with only its imports changed. On Apple platforms this
// module is empty: the system frameworks own these names.
#if !canImport(Darwin)
@_exported import DiffableData

/// `NSDiffableDataSourceSnapshot` on platforms without UIKit: ``DiffableSnapshot`` under Apple's name.
public typealias NSDiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
> = DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>

/// `NSDiffableDataSourceSectionSnapshot` on platforms without UIKit: ``DiffableSectionSnapshot`` under Apple's name.
public typealias NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable> =
    DiffableSectionSnapshot<ItemIdentifierType>

/// `NSDiffableDataSourceTransaction` on platforms without UIKit.
///
/// It holds the snapshots before and after an apply and the difference between them.
public struct NSDiffableDataSourceTransaction<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The snapshot before the apply.
    ///
    /// - Complexity: O(1).
    public let initialSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The snapshot after the apply.
    ///
    /// - Complexity: O(1).
    public let finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// Difference of the flat item identifiers, as UIKit reports it, computed on each access.
    ///
    /// - Complexity: O(n · d) for n items and d changes (the standard library's diff).
    public var difference: CollectionDifference<ItemIdentifierType> {
        finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers)
    }

    /// Records an apply from `initialSnapshot` to `finalSnapshot`.
    ///
    /// - Complexity: O(1).
    public init(
        initialSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) {
        self.initialSnapshot = initialSnapshot
        self.finalSnapshot = finalSnapshot
    }
}
#endif
