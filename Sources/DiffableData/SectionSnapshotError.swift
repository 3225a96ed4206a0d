/// The section snapshot mutation or query that was refused.
public enum SectionSnapshotOperation: String, Sendable, Hashable {
    case append, insert, delete, expand, collapse, snapshotOfParent, replaceChildren
}

/// A refused section snapshot operation: the operation and the identifier at fault.
///
/// The section snapshot is left unchanged.
public struct SectionSnapshotError<ItemIdentifier: Hashable & Sendable>: Error, Hashable, CustomStringConvertible {
    /// Why the operation was refused.
    public enum Reason: Sendable, Hashable {
        case duplicateItem(ItemIdentifier)
        case itemNotFound(ItemIdentifier)
    }

    /// The operation that was refused.
    ///
    /// - Complexity: O(1).
    public let operation: SectionSnapshotOperation
    /// The rule that it broke.
    ///
    /// - Complexity: O(1).
    public let reason: Reason

    /// Creates an error.
    ///
    /// - Complexity: O(1).
    public init(_ operation: SectionSnapshotOperation, _ reason: Reason) {
        self.operation = operation
        self.reason = reason
    }

    /// For example `append: item 7 is already in the section snapshot`.
    ///
    /// - Complexity: That of describing the item.
    public var description: String {
        switch reason {
        case .duplicateItem(let item): "\(operation.rawValue): item \(item) is already in the section snapshot"
        case .itemNotFound(let item): "\(operation.rawValue): item \(item) is not in the section snapshot"
        }
    }
}
