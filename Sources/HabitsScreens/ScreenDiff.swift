import DiffableData

/// Why a changeset could not be made or applied.
public enum ScreenChangeError: Error, Hashable, Sendable {
    /// Two items (or sections) of one document share an id.
    case duplicateIdentifier(String)
    /// The changeset applies to another revision than the document's.
    case revisionMismatch(expected: String, found: String)
    /// A stage breaks a batch-update rule, or names content it does not carry.
    case invalidStage(String)
}

extension ScreenDocument {
    /// The changeset that turns `old` into this document.
    ///
    /// Identity is the item id; an item whose content differs is an update, as is a section whose
    /// header, footer or layout differs.
    ///
    /// - Complexity: O(n) expected for n items in mostly kept order.
    public func changeset(from old: ScreenDocument) throws(ScreenChangeError) -> ScreenChangeset {
        if let changeset = try inPlaceChangeset(from: old) { return changeset }
        return try diffedChangeset(from: old)
    }

    /// The changeset from `old` by `DiffableData`'s staged diff, whatever the shapes.
    ///
    /// - Complexity: O(n) expected for n items in mostly kept order.
    func diffedChangeset(from old: ScreenDocument) throws(ScreenChangeError) -> ScreenChangeset {
        let oldSnapshot = try old.snapshot()
        let newSnapshot = try snapshot()
        let oldItems = old.itemsByID
        let newItems = itemsByID
        let oldSections = old.sectionsByID
        let newSections = sectionsByID
        let difference = newSnapshot.difference(
            from: oldSnapshot,
            itemContentEqual: { oldItems[$0] == newItems[$1] },
            sectionContentEqual: { oldSections[$0] == newSections[$1] }
        )
        let stages = difference.stages.map { stage in
            var wire = ScreenStage()
            wire.sectionDeletes = stage.sectionDeletes.map { SectionPosition(index: $0.index, id: $0.section) }
            wire.sectionInserts = stage.sectionInserts.compactMap { change in
                newSections[change.section].map { SectionValue(index: change.index, section: $0) }
            }
            wire.sectionMoves = stage.sectionMoves.map { SectionMove(from: $0.from, to: $0.to, id: $0.section) }
            wire.sectionReloads = stage.sectionReloads.compactMap { change in
                newSections[change.section].map { SectionValue(index: change.index, section: $0) }
            }
            wire.itemDeletes = stage.itemDeletes.map {
                ItemPosition(section: $0.path.section, item: $0.path.item, id: $0.item)
            }
            wire.itemInserts = stage.itemInserts.compactMap { change in
                newItems[change.item].map { ItemValue(section: change.path.section, item: change.path.item, value: $0) }
            }
            wire.itemMoves = stage.itemMoves.map {
                ItemMove(
                    from: ItemIndex(section: $0.from.section, item: $0.from.item),
                    to: ItemIndex(section: $0.to.section, item: $0.to.item), id: $0.item)
            }
            wire.itemUpdates = stage.itemUpdates.compactMap { change in
                newItems[change.item].map { ItemValue(section: change.path.section, item: change.path.item, value: $0) }
            }
            return wire
        }
        return ScreenChangeset(
            screen: screen, from: old.revision, revision: revision, title: title == old.title ? nil : title,
            stages: stages)
    }

    /// The changeset from `old` when both have the same sections and items in the same order, as the
    /// general diff would make it (one stage of section reloads and item updates, none when equal); nil
    /// when the shapes differ. A live screen's change is usually of this kind: content changes, ids stay.
    ///
    /// - Complexity: O(n) for n items, comparing each pair once and hashing each id once.
    func inPlaceChangeset(from old: ScreenDocument) throws(ScreenChangeError) -> ScreenChangeset? {
        // Items are compared through buffer pointers: `zip` copies each item, retaining its every string and
        // array only to compare it, thousands of times a second with many live screens.
        let oldSections = old.sections
        guard sections.count == oldSections.count else { return nil }
        for (section, oldSection) in zip(sections, oldSections) {
            guard section.id == oldSection.id, Self.sameIDs(section.items, oldSection.items) else { return nil }
        }
        var stage = ScreenStage()
        var sectionIDs = Set<String>(minimumCapacity: sections.count)
        var itemIDs = Set<String>()
        for (sectionIndex, (section, oldSection)) in zip(sections, oldSections).enumerated() {
            guard sectionIDs.insert(section.id).inserted else { throw .duplicateIdentifier(section.id) }
            if !section.showsTheSameFrame(as: oldSection) {
                stage.sectionReloads.append(SectionValue(index: sectionIndex, section: section.withoutItems))
            }
            let outcome = section.items.withUnsafeBufferPointer { items in
                oldSection.items.withUnsafeBufferPointer { oldItems -> String? in
                    for index in items.indices {
                        guard itemIDs.insert(items[index].id).inserted else { return items[index].id }
                        if items[index] != oldItems[index] {
                            stage.itemUpdates.append(ItemValue(section: sectionIndex, item: index, value: items[index]))
                        }
                    }
                    return nil
                }
            }
            if let duplicate = outcome { throw .duplicateIdentifier(duplicate) }
        }
        let isEmpty = stage.sectionReloads.isEmpty && stage.itemUpdates.isEmpty
        return ScreenChangeset(
            screen: screen, from: old.revision, revision: revision, title: title == old.title ? nil : title,
            stages: isEmpty ? [] : [stage])
    }

    /// Whether the two lists hold the same ids in the same order.
    ///
    /// - Complexity: O(n) for n items.
    private static func sameIDs(_ items: [ScreenItem], _ oldItems: [ScreenItem]) -> Bool {
        guard items.count == oldItems.count else { return false }
        return items.withUnsafeBufferPointer { items in
            oldItems.withUnsafeBufferPointer { oldItems in
                items.indices.allSatisfy { items[$0].id == oldItems[$0].id }
            }
        }
    }

    /// This document after `changeset`, checked stage by stage with `DiffableData`'s batch rules.
    ///
    /// - Complexity: O(stages × n) expected.
    public func applying(_ changeset: ScreenChangeset) throws(ScreenChangeError) -> ScreenDocument {
        guard changeset.from == revision else {
            throw .revisionMismatch(expected: revision, found: changeset.from)
        }
        var sections = sectionsByID
        var items = itemsByID
        var shape = SectionedItems(sections: self.sections.map(\.id), items: self.sections.map { $0.items.map(\.id) })
        for stage in changeset.stages {
            var batch = Changeset<String, String>()
            batch.sectionDeletes = stage.sectionDeletes.map { .init(index: $0.index, section: $0.id) }
            batch.sectionInserts = stage.sectionInserts.map { .init(index: $0.index, section: $0.section.id) }
            batch.sectionMoves = stage.sectionMoves.map { .init(from: $0.from, to: $0.to, section: $0.id) }
            batch.sectionReloads = stage.sectionReloads.map { .init(index: $0.index, section: $0.section.id) }
            batch.itemDeletes = stage.itemDeletes.map {
                .init(path: ItemPath(item: $0.item, section: $0.section), item: $0.id)
            }
            batch.itemInserts = stage.itemInserts.map {
                .init(path: ItemPath(item: $0.item, section: $0.section), item: $0.value.id)
            }
            batch.itemMoves = stage.itemMoves.map {
                .init(
                    from: ItemPath(item: $0.from.item, section: $0.from.section),
                    to: ItemPath(item: $0.to.item, section: $0.to.section), item: $0.id)
            }
            batch.itemUpdates = stage.itemUpdates.map {
                .init(path: ItemPath(item: $0.item, section: $0.section), item: $0.value.id)
            }
            do {
                shape = try BatchUpdateApplier.apply(batch, to: shape)
            } catch {
                throw .invalidStage("\(error)")
            }
            for value in stage.sectionInserts + stage.sectionReloads { sections[value.section.id] = value.section }
            for value in stage.itemInserts + stage.itemUpdates { items[value.value.id] = value.value }
        }
        var result = self
        result.revision = changeset.revision
        if let title = changeset.title { result.title = title }
        result.sections = []
        for (sectionID, itemIDs) in zip(shape.sections, shape.items) {
            guard var section = sections[sectionID] else { throw .invalidStage("no content for section \(sectionID)") }
            section.items = []
            for itemID in itemIDs {
                guard let item = items[itemID] else { throw .invalidStage("no content for item \(itemID)") }
                section.items.append(item)
            }
            result.sections.append(section)
        }
        return result
    }

    /// Section and item ids as a `DiffableData` snapshot.
    func snapshot() throws(ScreenChangeError) -> DiffableSnapshot<String, String> {
        do {
            return try DiffableSnapshot(sections: sections.map { ($0.id, $0.items.map(\.id)) })
        } catch {
            throw .duplicateIdentifier("\(error)")
        }
    }

    var itemsByID: [String: ScreenItem] {
        var byID: [String: ScreenItem] = [:]
        for section in sections {
            for item in section.items { byID[item.id] = item }
        }
        return byID
    }

    var sectionsByID: [String: ScreenSection] {
        var byID: [String: ScreenSection] = [:]
        for section in sections { byID[section.id] = section.withoutItems }
        return byID
    }
}

extension ScreenSection {
    /// Whether the two show the same layouts, header and footer: what a section reload changes.
    func showsTheSameFrame(as other: ScreenSection) -> Bool {
        layout == other.layout && wideLayout == other.wideLayout && header == other.header && footer == other.footer
    }
}
