/// The change between two revisions of one screen: `DiffableData`'s stages, with the new content of
/// every inserted or updated item and section.
///
/// A client applies the stages in order, each as one batch update: within a stage, updates replace
/// items at their old positions, deletes use old positions, inserts and move targets new ones.
public struct ScreenChangeset: Codable, Hashable, Sendable {
    public var schemaVersion: Int
    public var screen: ScreenName
    /// The revision this changeset applies to.
    public var from: String
    /// The revision it produces.
    public var revision: String
    /// The new title, when it changed.
    public var title: String?
    public var stages: [ScreenStage]

    public init(screen: ScreenName, from: String, revision: String, title: String?, stages: [ScreenStage]) {
        self.schemaVersion = ScreenDocument.schemaVersion
        self.screen = screen
        self.from = from
        self.revision = revision
        self.title = title
        self.stages = stages
    }

    /// Whether applying it changes nothing but the revision.
    public var isEmpty: Bool { title == nil && stages.isEmpty }
}

/// One batch of changes, in `performBatchUpdates` conventions.
public struct ScreenStage: Codable, Hashable, Sendable {
    public var sectionDeletes: [SectionPosition] = []
    public var sectionInserts: [SectionValue] = []
    public var sectionMoves: [SectionMove] = []
    public var sectionReloads: [SectionValue] = []
    public var itemDeletes: [ItemPosition] = []
    public var itemInserts: [ItemValue] = []
    public var itemMoves: [ItemMove] = []
    public var itemUpdates: [ItemValue] = []

    public init() {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sectionDeletes = try container.decodeIfPresent([SectionPosition].self, forKey: .sectionDeletes) ?? []
        sectionInserts = try container.decodeIfPresent([SectionValue].self, forKey: .sectionInserts) ?? []
        sectionMoves = try container.decodeIfPresent([SectionMove].self, forKey: .sectionMoves) ?? []
        sectionReloads = try container.decodeIfPresent([SectionValue].self, forKey: .sectionReloads) ?? []
        itemDeletes = try container.decodeIfPresent([ItemPosition].self, forKey: .itemDeletes) ?? []
        itemInserts = try container.decodeIfPresent([ItemValue].self, forKey: .itemInserts) ?? []
        itemMoves = try container.decodeIfPresent([ItemMove].self, forKey: .itemMoves) ?? []
        itemUpdates = try container.decodeIfPresent([ItemValue].self, forKey: .itemUpdates) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        // Empty lists are left out, so a stage reads as what it does.
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !sectionDeletes.isEmpty { try container.encode(sectionDeletes, forKey: .sectionDeletes) }
        if !sectionInserts.isEmpty { try container.encode(sectionInserts, forKey: .sectionInserts) }
        if !sectionMoves.isEmpty { try container.encode(sectionMoves, forKey: .sectionMoves) }
        if !sectionReloads.isEmpty { try container.encode(sectionReloads, forKey: .sectionReloads) }
        if !itemDeletes.isEmpty { try container.encode(itemDeletes, forKey: .itemDeletes) }
        if !itemInserts.isEmpty { try container.encode(itemInserts, forKey: .itemInserts) }
        if !itemMoves.isEmpty { try container.encode(itemMoves, forKey: .itemMoves) }
        if !itemUpdates.isEmpty { try container.encode(itemUpdates, forKey: .itemUpdates) }
    }

    private enum CodingKeys: String, CodingKey {
        case sectionDeletes, sectionInserts, sectionMoves, sectionReloads
        case itemDeletes, itemInserts, itemMoves, itemUpdates
    }
}

/// A section at a position.
public struct SectionPosition: Codable, Hashable, Sendable {
    public var index: Int
    public var id: String
}

/// A section at a position with its new content (without items: items change on their own).
public struct SectionValue: Codable, Hashable, Sendable {
    public var index: Int
    public var section: ScreenSection
}

/// A section moving from one position to another.
public struct SectionMove: Codable, Hashable, Sendable {
    public var from: Int
    public var to: Int
    public var id: String
}

/// A position of an item: section index and item index.
public struct ItemPosition: Codable, Hashable, Sendable {
    public var section: Int
    public var item: Int
    public var id: String
}

/// An item at a position with its new content.
public struct ItemValue: Codable, Hashable, Sendable {
    public var section: Int
    public var item: Int
    public var value: ScreenItem
}

/// An item moving between positions.
public struct ItemMove: Codable, Hashable, Sendable {
    public var from: ItemIndex
    public var to: ItemIndex
    public var id: String
}

/// Section index and item index.
public struct ItemIndex: Codable, Hashable, Sendable {
    public var section: Int
    public var item: Int
}
