/// An operation inside a batch update, named as in `performBatchUpdates`.
public enum BatchOperation: String, Sendable, Hashable {
    case deleteSection, insertSection, moveSection, reloadSection
    case deleteItem, insertItem, moveItem, reloadItem
}

/// A rule of `performBatchUpdates` that a batch broke.
public enum BatchUpdateRule: Sendable, Hashable {
    /// Sections after must equal sections before plus inserted minus deleted.
    case sectionCount(before: Int, after: Int, inserted: Int, deleted: Int)
    /// A section index outside the sections before (delete, reload, move source) or after (insert, move target).
    case sectionOutOfRange(BatchOperation, index: Int, count: Int)
    /// One section used by two operations on the same side of the batch.
    case sectionConflict(index: Int, BatchOperation, BatchOperation)
    /// An item path outside the items before (delete, reload, move source) or after (insert, move target).
    case itemOutOfRange(BatchOperation, path: ItemPath, count: Int)
    /// One item path used by two operations on the same side, such as a delete and a reload.
    case itemConflict(path: ItemPath, BatchOperation, BatchOperation)
    /// An item operation inside a section that the same batch deletes.
    case itemInDeletedSection(BatchOperation, path: ItemPath)
    /// An item operation inside a section that the same batch inserts.
    case itemInInsertedSection(BatchOperation, path: ItemPath)
    /// An item operation inside a section that the same batch reloads.
    case itemInReloadedSection(BatchOperation, path: ItemPath)
    /// Items of an existing section after must equal items before plus inserted minus deleted, plus moved in
    /// minus moved out.
    case itemCount(section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
}

/// A batch that a collection view would reject with an inconsistency exception; names the violated rule.
public struct BatchUpdateError: Error, Hashable, CustomStringConvertible {
    /// The rule that the batch broke.
    ///
    /// - Complexity: O(1).
    public let rule: BatchUpdateRule

    /// Creates an error.
    ///
    /// - Complexity: O(1).
    public init(_ rule: BatchUpdateRule) { self.rule = rule }

    /// A message in the words of UIKit's inconsistency exception.
    ///
    /// - Complexity: O(1), plus describing the operations named.
    public var description: String {
        switch rule {
        case let .sectionCount(before, after, inserted, deleted):
            return "invalid number of sections: \(after) after the update must equal \(before) before, "
                + "plus \(inserted) inserted, minus \(deleted) deleted"
        case let .sectionOutOfRange(op, index, count):
            return "\(op.rawValue): section \(index) is out of range, there are \(count) sections"
        case let .sectionConflict(index, first, second):
            return "\(first.rawValue) and \(second.rawValue) of the same section \(index)"
        case let .itemOutOfRange(op, path, count):
            return "\(op.rawValue): item \(path) is out of range, section \(path.section) has \(count) items"
        case let .itemConflict(path, first, second):
            return "\(first.rawValue) and \(second.rawValue) of the same index path \(path)"
        case let .itemInDeletedSection(op, path):
            return "\(op.rawValue): item \(path) is in a section being deleted"
        case let .itemInInsertedSection(op, path):
            return "\(op.rawValue): item \(path) is in a section being inserted"
        case let .itemInReloadedSection(op, path):
            return "\(op.rawValue): item \(path) is in a section being reloaded"
        case let .itemCount(section, before, after, inserted, deleted, movedIn, movedOut):
            return "invalid number of items in section \(section): \(after) after the update must equal "
                + "\(before) before, plus \(inserted) inserted, minus \(deleted) deleted, "
                + "plus \(movedIn) moved in, minus \(movedOut) moved out"
        }
    }
}
