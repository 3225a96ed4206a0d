/// The snapshot mutation that was refused.
public enum SnapshotOperation: String, Sendable, Hashable {
    case appendSections, insertSections, deleteSections, moveSection, reloadSections
    case appendItems, insertItems, deleteItems, moveItem, reloadItems, reconfigureItems
    case applySectionSnapshot
}

/// Why a snapshot mutation was refused; names the offending identifier.
public enum SnapshotErrorReason<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>:
    Sendable, Hashable
{
    case duplicateSection(SectionIdentifier)
    case duplicateItem(ItemIdentifier)
    case sectionNotFound(SectionIdentifier)
    case itemNotFound(ItemIdentifier)
    /// Items were appended without a section while the snapshot has no sections.
    case noSections
    case sectionMovedRelativeToItself(SectionIdentifier)
    case itemMovedRelativeToItself(ItemIdentifier)
}

/// A refused snapshot mutation: the operation and the identifier at fault. The snapshot is left unchanged.
public struct SnapshotError<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>:
    Error, Hashable, CustomStringConvertible
{
    /// The mutation that was refused.
    ///
    /// - Complexity: O(1).
    public let operation: SnapshotOperation
    /// The rule that the mutation broke.
    ///
    /// - Complexity: O(1).
    public let reason: SnapshotErrorReason<SectionIdentifier, ItemIdentifier>

    /// Creates an error.
    ///
    /// - Complexity: O(1).
    public init(_ operation: SnapshotOperation, _ reason: SnapshotErrorReason<SectionIdentifier, ItemIdentifier>) {
        self.operation = operation
        self.reason = reason
    }

    /// For example `appendItems: item 7 is already in the snapshot`.
    ///
    /// - Complexity: That of describing the identifier.
    public var description: String {
        let detail: String
        switch reason {
        case .duplicateSection(let section): detail = "section \(section) is already in the snapshot"
        case .duplicateItem(let item): detail = "item \(item) is already in the snapshot"
        case .sectionNotFound(let section): detail = "section \(section) is not in the snapshot"
        case .itemNotFound(let item): detail = "item \(item) is not in the snapshot"
        case .noSections: detail = "the snapshot has no section to append items to"
        case .sectionMovedRelativeToItself(let section):
            detail = "section \(section) cannot be moved relative to itself"
        case .itemMovedRelativeToItself(let item): detail = "item \(item) cannot be moved relative to itself"
        }
        return "\(operation.rawValue): \(detail)"
    }
}
