import DiffableData
import HabitsDomain
import HabitsStore

extension ScreenName {
    /// The emoji picker for one habit.
    public static let emoji = ScreenName(declared: "emoji")
}

/// The emoji picker (`?habit=`, `?q=`, `?layout=`, `?collapsed=`); Back returns to its habit.
public enum EmojiScreen: Screen {
    public static let name = ScreenName.emoji
    public static let payloads: [any ItemPayload.Type] = [
        SearchField.self, FilterChip.self, EmojiGroupContent.self, EmojiChoice.self,
    ]
    public static let title = "Choose an Icon"
    public static let parent: ScreenName? = .habits
    public static let parameters: Set<ScreenParameter> = [.habit, .query, .arrangement, .collapsed]

    public static func back(from request: ScreenRequest) -> ScreenLink? {
        ScreenLink(screen: .habit, parameters: request.habitID.map { ["habit": String($0)] } ?? [:])
    }

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        try await builder.emoji(viewer: viewer, request: request, revision: revision)
    }
}

extension ScreenBuilder {
    /// The emoji picker for a habit's icon: a search field, List and Grid, the viewer's Recents, then the
    /// Unicode emoji groups in their official order, each a section snapshot whose outline parent collapses
    /// its emoji.
    func emoji(viewer: User, request: ScreenRequest, revision: String) async throws -> ScreenDocument {
        guard let habitID = request.habitID else { throw ScreenError.missingParameter("habit") }
        guard let habit = try await source.habit(id: habitID) else { throw ScreenError.unknownHabit(String(habitID)) }
        let query = request.query ?? ""
        let picker = EmojiPicker(viewerID: viewer.id, habit: habit, request: request)
        var kept = picker.parameters()
        kept["q"] = nil
        var sections = [
            ScreenSection(
                id: "search", layout: ScreenLayouts.searchField,
                items: [
                    ScreenItem(
                        id: "search",
                        content: ItemContent(
                            SearchField(parameter: "q", query: query, placeholder: "Search", kept: kept)),
                        fallback: ItemFallback(title: "Search", subtitle: query.isEmpty ? nil : query))
                ]),
            ScreenSection(
                id: "arrangement", layout: ScreenLayouts.chips(background: false),
                items: EmojiArrangement.allCases.map(picker.arrangementChip)),
        ]
        let groups = EmojiCatalog.matching(query)
        var recents = try await source.recentEmoji(userID: viewer.id).compactMap(EmojiCatalog.entry(for:))
        if !query.isEmpty {
            let matches = Set(groups.lazy.flatMap(\.entries).map(\.emoji))
            recents = recents.filter { matches.contains($0.emoji) }
        }
        if !recents.isEmpty {
            sections.append(try await picker.section(name: "Recents", slug: "recents", entries: recents))
        }
        for group in groups {
            sections.append(try await picker.section(name: group.name, slug: group.slug, entries: group.entries))
        }
        return ScreenDocument(
            screen: .emoji, title: "Icon for \(habit.name)", revision: revision, sections: sections)
    }
}

/// The parts of one emoji picker document.
struct EmojiPicker {
    let viewerID: Int64
    let habit: Habit
    let request: ScreenRequest

    /// The picker's parameters with some changed: what a chip or a group's parent opens.
    func parameters(
        arrangement: EmojiArrangement? = nil, collapsed: Set<String>? = nil
    ) -> [String: String] {
        var parameters = ["habit": String(habit.id)]
        if let query = request.query, !query.isEmpty { parameters["q"] = query }
        let arrangement = arrangement ?? request.arrangement
        if arrangement != .list { parameters["layout"] = arrangement.rawValue }
        let collapsed = collapsed ?? request.collapsedGroups
        if !collapsed.isEmpty { parameters["collapsed"] = collapsed.sorted().joined(separator: ",") }
        return parameters
    }

    /// List or Grid, the current one selected.
    func arrangementChip(_ arrangement: EmojiArrangement) -> ScreenItem {
        let title = arrangement == .list ? "List" : "Grid"
        let isSelected = arrangement == request.arrangement
        return ScreenItem(
            id: "arrangement-\(arrangement.rawValue)",
            content: ItemContent(FilterChip(title: title, isSelected: isSelected)),
            fallback: ItemFallback(title: title, subtitle: isSelected ? "Selected" : nil),
            actions: isSelected
                ? [] : [.open(title: title, screen: .emoji, parameters: parameters(arrangement: arrangement))])
    }

    /// A group's section. In the list, a section snapshot: the group's parent item, its emoji as children,
    /// collapsed when the request says so; in the grid, the emoji under a header with the group's name.
    func section(name: String, slug: String, entries: [EmojiEntry]) async throws -> ScreenSection {
        let isExpanded = !request.collapsedGroups.contains(slug)
        var items: [String: ScreenItem] = [:]
        for entry in entries {
            let id = Self.itemID(entry.emoji, group: slug)
            items[id] = choice(entry, id: id)
        }
        let childIDs = entries.map { Self.itemID($0.emoji, group: slug) }
        guard request.arrangement == .list else {
            return ScreenSection(
                id: "group-\(slug)", layout: ScreenLayouts.emojiGrid, header: SectionBoundary(title: name),
                items: childIDs.compactMap { items[$0] })
        }
        let parentID = "group-\(slug)"
        var toggled = request.collapsedGroups
        if isExpanded { toggled.insert(slug) } else { toggled.remove(slug) }
        items[parentID] = ScreenItem(
            id: parentID,
            content: ItemContent(
                EmojiGroupContent(name: name, slug: slug, count: entries.count, isExpanded: isExpanded)),
            fallback: ItemFallback(title: name, subtitle: "\(entries.count) emoji"),
            actions: [
                .open(
                    title: isExpanded ? "Collapse" : "Expand", screen: .emoji,
                    parameters: parameters(collapsed: toggled))
            ])
        var outline = DiffableSectionSnapshot<String>()
        try outline.tryAppend([parentID])
        try outline.tryAppend(childIDs, to: parentID)
        if isExpanded { try outline.tryExpand([parentID]) }
        return ScreenSection(
            id: "group-\(slug)", layout: ScreenLayouts.emojiList, items: outline.visibleItems.compactMap { items[$0] })
    }

    /// One emoji: choosing it makes it the habit's icon and the first of the viewer's Recents.
    func choice(_ entry: EmojiEntry, id: String) -> ScreenItem {
        ScreenItem(
            id: id,
            content: ItemContent(
                EmojiChoice(emoji: entry.emoji, name: entry.name, isCurrent: habit.emoji == entry.emoji)),
            fallback: ItemFallback(title: entry.emoji, subtitle: entry.name),
            actions: [
                .request(
                    .activate, title: "Choose \(entry.name)", method: "POST", path: Routes.emojiPicks.path(viewerID),
                    body: ["habitID": .integer(habit.id), "emoji": .string(entry.emoji)])
            ])
    }

    /// An id safe in HTML and URLs: the group and the emoji's scalars in hexadecimal ("smileys-emotion-1f600").
    static func itemID(_ emoji: String, group: String) -> String {
        group + "-" + emoji.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-")
    }
}
