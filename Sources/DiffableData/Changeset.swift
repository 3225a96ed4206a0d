/// Sections and their items as plain arrays: the data a collection view shows, before or after a batch.
public struct SectionedItems<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>:
    Sendable, Equatable
{
    /// Section identifiers in order.
    ///
    /// - Complexity: O(1).
    public var sections: [SectionIdentifier]
    /// `items[s]` are the items of `sections[s]` in order.
    ///
    /// - Complexity: O(1).
    public var items: [[ItemIdentifier]]

    /// Creates the data from parallel arrays.
    ///
    /// - Complexity: O(1).
    @inlinable public init(sections: [SectionIdentifier], items: [[ItemIdentifier]]) {
        self.sections = sections
        self.items = items
    }

    /// Item counts per section, what a collection view asks its data source.
    ///
    /// - Complexity: O(sections).
    public var itemCounts: [Int] { items.map(\.count) }
}

extension DiffableSnapshot {
    /// The snapshot's sections and items as plain arrays.
    ///
    /// - Complexity: O(sections).
    public var sectionedItems: SectionedItems<SectionIdentifier, ItemIdentifier> {
        SectionedItems(sections: sectionList, items: sectionContents)
    }
}

/// One batch of changes in `UICollectionView.performBatchUpdates` conventions.
///
/// Deletes, reloads and move sources are positions before the batch, inserts and move destinations are
/// positions after it.
///
/// Entries carry identifiers so that ``BatchUpdateApplier`` can replay the batch on plain arrays.
public struct Changeset<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>:
    Sendable, Equatable
{
    /// A section at a position.
    public struct SectionChange: Sendable, Hashable {
        /// Position of the section (old or new, by the entry's kind).
        ///
        /// - Complexity: O(1).
        public var index: Int
        /// The section's identifier.
        ///
        /// - Complexity: O(1).
        public var section: SectionIdentifier
        /// Creates an entry.
        ///
        /// - Complexity: O(1).
        @inlinable public init(index: Int, section: SectionIdentifier) {
            self.index = index
            self.section = section
        }
    }

    /// A section moving from an old position to a new one.
    public struct SectionMove: Sendable, Hashable {
        /// Old position.
        ///
        /// - Complexity: O(1).
        public var from: Int
        /// New position.
        ///
        /// - Complexity: O(1).
        public var to: Int
        /// The section's identifier.
        ///
        /// - Complexity: O(1).
        public var section: SectionIdentifier
        /// Creates an entry.
        ///
        /// - Complexity: O(1).
        @inlinable public init(from: Int, to: Int, section: SectionIdentifier) {
            self.from = from
            self.to = to
            self.section = section
        }
    }

    /// An item at a path.
    public struct ItemChange: Sendable, Hashable {
        /// Path of the item (old or new, by the entry's kind).
        ///
        /// - Complexity: O(1).
        public var path: ItemPath
        /// The item's identifier.
        ///
        /// - Complexity: O(1).
        public var item: ItemIdentifier
        /// Creates an entry.
        ///
        /// - Complexity: O(1).
        @inlinable public init(path: ItemPath, item: ItemIdentifier) {
            self.path = path
            self.item = item
        }
    }

    /// An item moving from an old path to a new one, possibly in another section.
    public struct ItemMove: Sendable, Hashable {
        /// Old path.
        ///
        /// - Complexity: O(1).
        public var from: ItemPath
        /// New path.
        ///
        /// - Complexity: O(1).
        public var to: ItemPath
        /// The item's new identifier.
        ///
        /// - Complexity: O(1).
        public var item: ItemIdentifier
        /// Creates an entry.
        ///
        /// - Complexity: O(1).
        @inlinable public init(from: ItemPath, to: ItemPath, item: ItemIdentifier) {
            self.from = from
            self.to = to
            self.item = item
        }
    }

    /// Deleted sections at old positions, with their old identifiers.
    ///
    /// - Complexity: O(1).
    public var sectionDeletes: [SectionChange] = []
    /// Inserted sections at new positions.
    ///
    /// - Complexity: O(1).
    public var sectionInserts: [SectionChange] = []
    /// Moved sections, old position to new position.
    ///
    /// - Complexity: O(1).
    public var sectionMoves: [SectionMove] = []
    /// Reloaded sections at old positions, with their new identifiers.
    ///
    /// - Complexity: O(1).
    public var sectionReloads: [SectionChange] = []
    /// Deleted items at old paths, with their old identifiers.
    ///
    /// - Complexity: O(1).
    public var itemDeletes: [ItemChange] = []
    /// Inserted items at new paths.
    ///
    /// - Complexity: O(1).
    public var itemInserts: [ItemChange] = []
    /// Moved items, old path to new path, with their new identifiers.
    ///
    /// - Complexity: O(1).
    public var itemMoves: [ItemMove] = []
    /// Updated (reloaded) items at old paths, with their new identifiers.
    ///
    /// - Complexity: O(1).
    public var itemUpdates: [ItemChange] = []

    /// Creates an empty changeset.
    ///
    /// - Complexity: O(1).
    @inlinable public init() {}

    /// Whether the batch changes nothing.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { changeCount == 0 }

    /// Number of entries of all kinds.
    ///
    /// - Complexity: O(1).
    public var changeCount: Int {
        sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionReloads.count
            + itemDeletes.count + itemInserts.count + itemMoves.count + itemUpdates.count
    }
}

/// The difference between two snapshots: one changeset, and the same change as ordered stages.
///
/// `changeset` lists every change once in single-batch conventions; it is what a renderer reports or
/// animates when it has no batch updater. `stages` are the batches to hand to a UIKit-style batch
/// updater, in order. The staging rule:
/// 1. **updates**: item updates at old paths, with nothing else, so that a reload never meets a delete
///    or move of the same path;
/// 2. **sections**: section deletes (of sections none of whose items survive), section inserts (empty)
///    and section moves; a deleted section that still holds surviving items is moved to the end instead;
/// 3. **items**: item deletes, inserts and moves (within and across sections), now that every target
///    section exists and every source section still exists;
/// 4. **drop**: deletes of the now empty sections kept at the end by stage 2;
/// 5. **section reloads** at final positions.
/// Empty stages are left out, so an item-only change is at most an updates stage and an items stage.
public struct SnapshotDifference<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>:
    Sendable, Equatable
{
    /// Every change once, in `performBatchUpdates` index conventions.
    ///
    /// - Complexity: O(1).
    public var changeset: Changeset<SectionIdentifier, ItemIdentifier>
    /// Batches that a UIKit-style batch updater accepts one after the other.
    ///
    /// - Complexity: O(1).
    public var stages: [Changeset<SectionIdentifier, ItemIdentifier>]

    @usableFromInline
    init(
        changeset: Changeset<SectionIdentifier, ItemIdentifier>, stages: [Changeset<SectionIdentifier, ItemIdentifier>]
    ) {
        self.changeset = changeset
        self.stages = stages
    }
}
