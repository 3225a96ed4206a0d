/// Where an item sits: its section's position and its position inside that section.
@usableFromInline
struct ItemSlot: Sendable, Hashable {
    @usableFromInline var section: Int32
    @usableFromInline var index: Int32

    @inlinable init(section: Int, index: Int) {
        self.section = Int32(truncatingIfNeeded: section)
        self.index = Int32(truncatingIfNeeded: index)
    }
}

/// Sections of identified items, the portable counterpart of `NSDiffableDataSourceSnapshot`.
///
/// Every identifier appears at most once. Lookups by identifier are hashed (O(1) expected).
/// Each Apple-shaped mutation has a throwing `try…` twin that reports bad input as a
/// ``SnapshotError``; the Apple-shaped form never traps and leaves the snapshot unchanged on bad input.
public struct DiffableSnapshot<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>: Sendable {
    @usableFromInline typealias S = SectionIdentifier
    @usableFromInline typealias I = ItemIdentifier
    /// The error every throwing mutation of this snapshot reports.
    public typealias MutationError = SnapshotError<SectionIdentifier, ItemIdentifier>

    @usableFromInline var sectionList: [S] = []
    @usableFromInline var sectionPositions: [S: Int] = [:]
    @usableFromInline var sectionContents: [[I]] = []
    /// `sectionStarts[s]` is the number of items in the sections before `s`, so a flat index is O(1).
    @usableFromInline var sectionStarts: [Int] = []
    @usableFromInline var slots: [I: ItemSlot] = [:]
    @usableFromInline var reloadedSections: Set<S> = []
    @usableFromInline var reloadedItems: Set<I> = []
    @usableFromInline var reconfiguredItems: Set<I> = []

    /// Creates an empty snapshot.
    ///
    /// - Complexity: O(1).
    @inlinable public init() {}

    // MARK: Queries

    /// Number of sections.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int { sectionList.count }

    /// Number of items in all sections.
    ///
    /// - Complexity: O(1).
    public var numberOfItems: Int { slots.count }

    /// Number of items in `section`, 0 for an unknown section.
    ///
    /// - Complexity: O(1) expected.
    public func numberOfItems(inSection section: SectionIdentifier) -> Int {
        sectionPositions[section].map { sectionContents[$0].count } ?? 0
    }

    /// Section identifiers in order.
    ///
    /// - Complexity: O(1).
    public var sectionIdentifiers: [SectionIdentifier] { sectionList }

    /// All item identifiers, section after section.
    ///
    /// - Complexity: O(n).
    public var itemIdentifiers: [ItemIdentifier] {
        var all: [I] = []
        all.reserveCapacity(slots.count)
        for items in sectionContents { all.append(contentsOf: items) }
        return all
    }

    /// Items of `section` in order, empty for an unknown section.
    ///
    /// - Complexity: O(1) expected.
    public func itemIdentifiers(inSection section: SectionIdentifier) -> [ItemIdentifier] {
        sectionPositions[section].map { sectionContents[$0] } ?? []
    }

    /// The section holding `item`, nil if the item is unknown.
    ///
    /// - Complexity: O(1) expected.
    public func sectionIdentifier(containingItem item: ItemIdentifier) -> SectionIdentifier? {
        slots[item].map { sectionList[Int($0.section)] }
    }

    /// Position of `item` among all items (section after section), nil if unknown.
    ///
    /// - Complexity: O(1) expected.
    public func indexOfItem(_ item: ItemIdentifier) -> Int? {
        slots[item].map { sectionStarts[Int($0.section)] + Int($0.index) }
    }

    /// Position of `section`, nil if unknown.
    ///
    /// - Complexity: O(1) expected.
    public func indexOfSection(_ section: SectionIdentifier) -> Int? {
        sectionPositions[section]
    }

    /// Section and item position of `item`, nil if unknown.
    ///
    /// - Complexity: O(1) expected.
    public func itemPath(of item: ItemIdentifier) -> ItemPath? {
        slots[item].map { ItemPath(item: Int($0.index), section: Int($0.section)) }
    }

    /// Whether `item` is in the snapshot.
    ///
    /// - Complexity: O(1) expected.
    public func contains(item: ItemIdentifier) -> Bool { slots[item] != nil }

    /// Whether `section` is in the snapshot.
    ///
    /// - Complexity: O(1) expected.
    public func contains(section: SectionIdentifier) -> Bool { sectionPositions[section] != nil }

    /// Sections marked for reload, in snapshot order.
    ///
    /// - Complexity: O(k log k) for k marks.
    public var reloadedSectionIdentifiers: [SectionIdentifier] {
        reloadedSections.sorted { sectionPositions[$0]! < sectionPositions[$1]! }
    }

    /// Items marked for reload, in snapshot order.
    ///
    /// - Complexity: O(k log k) for k marks.
    public var reloadedItemIdentifiers: [ItemIdentifier] { inSnapshotOrder(reloadedItems) }

    /// Items marked for reconfiguration, in snapshot order.
    ///
    /// - Complexity: O(k log k) for k marks.
    public var reconfiguredItemIdentifiers: [ItemIdentifier] { inSnapshotOrder(reconfiguredItems) }

    /// Whether `item` is marked reloaded or reconfigured, so that a diff reports it as updated.
    ///
    /// - Complexity: O(1) expected.
    @inlinable public func isMarkedForUpdate(_ item: ItemIdentifier) -> Bool {
        reloadedItems.contains(item) || reconfiguredItems.contains(item)
    }

    /// Whether `section` is marked reloaded.
    ///
    /// - Complexity: O(1) expected.
    public func isMarkedForReload(_ section: SectionIdentifier) -> Bool { reloadedSections.contains(section) }

    private func inSnapshotOrder(_ items: Set<I>) -> [I] {
        items.sorted { indexOfItem($0)! < indexOfItem($1)! }
    }

    // MARK: Internal upkeep

    /// Rewrites slots of every item in `sections`; O(items in those sections).
    @inlinable
    mutating func reindexItems(inSections sections: Range<Int>) {
        for section in sections {
            for (index, item) in sectionContents[section].enumerated() {
                slots[item] = ItemSlot(section: section, index: index)
            }
        }
    }

    /// Rewrites slots of items at `from...` in section `s`; O(items after `from`).
    @inlinable
    mutating func reindexItems(inSection section: Int, from start: Int) {
        let items = sectionContents[section]
        var index = start
        while index < items.count {
            slots[items[index]] = ItemSlot(section: section, index: index)
            index += 1
        }
    }

    /// Rebuilds section positions and item starts from `first` on; O(sections after `first`).
    @inlinable
    mutating func refreshSections(from first: Int) {
        sectionStarts.removeSubrange(min(first, sectionStarts.count)...)
        var start = first == 0 ? 0 : sectionStarts[first - 1] + sectionContents[first - 1].count
        var section = first
        while section < sectionList.count {
            sectionPositions[sectionList[section]] = section
            sectionStarts.append(start)
            start += sectionContents[section].count
            section += 1
        }
    }

    /// Item starts of sections after `s` shift by `delta`; O(sections after `s`).
    @inlinable
    mutating func shiftStarts(after section: Int, by delta: Int) {
        var later = section + 1
        while later < sectionStarts.count {
            sectionStarts[later] += delta
            later += 1
        }
    }
}

extension DiffableSnapshot: Equatable {
    /// Equal when sections, items and reload and reconfigure marks are equal.
    ///
    /// - Complexity: O(n).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sectionList == rhs.sectionList && lhs.sectionContents == rhs.sectionContents
            && lhs.reloadedSections == rhs.reloadedSections && lhs.reloadedItems == rhs.reloadedItems
            && lhs.reconfiguredItems == rhs.reconfiguredItems
    }
}

extension DiffableSnapshot {
    /// Builds a snapshot from sections and their items, or throws on a duplicate identifier.
    ///
    /// - Complexity: O(n).
    @inlinable
    public init(sections: [(SectionIdentifier, [ItemIdentifier])]) throws(MutationError) {
        self.init()
        for (section, items) in sections {
            try tryAppendSections([section])
            try tryAppendItems(items, toSection: section)
        }
    }

    /// A single-section snapshot of `items`, or throws on a duplicate identifier.
    ///
    /// - Complexity: O(n).
    @inlinable
    public init(section: SectionIdentifier, items: [ItemIdentifier]) throws(MutationError) {
        self.init()
        try tryAppendSections([section])
        try tryAppendItems(items, toSection: section)
    }
}
