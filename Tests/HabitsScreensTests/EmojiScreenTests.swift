import CompositionalLayout
import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

/// The emoji picker for Alex's habit Walk, whose icon is 🏃, with Recents 🐈 then 🏃.
@Suite struct EmojiScreenTests {
    static func world() -> WorldSource {
        var world = WorldSource()
        world.addUser(1, "Alex")
        world.addHabit(10, "Walk")
        world.habitList[0].emoji = "🏃"
        world.recents[1] = ["🐈", "🏃"]
        return world
    }

    static func document(
        query: String? = nil, arrangement: EmojiArrangement = .list, collapsed: Set<String> = []
    ) async throws -> ScreenDocument {
        try await ScreenBuilder(source: world()).document(
            for: ScreenRequest(
                screen: .emoji, viewerID: 1, habitID: 10, query: query, arrangement: arrangement,
                collapsedGroups: collapsed), revision: "5")
    }

    @Test func everyGroupInUnicodesOrderAfterSearchArrangementAndRecents() async throws {
        let document = try await Self.document()
        #expect(document.title == "Icon for Walk")
        let groups = EmojiCatalog.groups.map { "group-\($0.slug)" }
        #expect(document.sections.map(\.id) == ["search", "arrangement", "group-recents"] + groups)
        #expect(
            groups == [
                "group-smileys-emotion", "group-people-body", "group-animals-nature", "group-food-drink",
                "group-travel-places", "group-activities", "group-objects", "group-symbols", "group-flags",
            ])
        #expect(document.items.count == 3 + 3 + groups.count + EmojiCatalog.groups.map(\.entries.count).reduce(0, +))
        let recents = try #require(document.sections.first { $0.id == "group-recents" })
        #expect(recents.items.map(\.id) == ["group-recents", "recents-1f408", "recents-1f3c3"])
        #expect(
            recents.items[0].content
                == ItemContent(EmojiGroupContent(name: "Recents", slug: "recents", count: 2, isExpanded: true)))
        #expect(recents.items[1].content == ItemContent(EmojiChoice(emoji: "🐈", name: "cat", isCurrent: false)))
        #expect(recents.items[2].content == ItemContent(EmojiChoice(emoji: "🏃", name: "person running",
            isCurrent: true)))
        let pick = recents.items[1].actions
        #expect(pick.map(\.title) == ["Choose cat"])
        #expect(pick[0].method == "POST" && pick[0].path == "/v1/users/1/emoji-picks")
        #expect(pick[0].body == ["habitID": .integer(10), "emoji": .string("🐈")])
    }

    @Test func searchFiltersEveryGroupAndRecentsByName() async throws {
        let document = try await Self.document(query: "CAT face")
        let emoji = document.items.compactMap { item -> String? in
            if let choice = item.content.as(EmojiChoice.self) { return choice.emoji }
            return nil
        }
        #expect(emoji == ["🐱"])
        #expect(document.sections.map(\.id) == ["search", "arrangement", "group-animals-nature"])
        guard let field = document.sections[0].items[0].content.as(SearchField.self) else { return }
        #expect(field == SearchField(parameter: "q", query: "CAT face", placeholder: "Search", kept: ["habit": "10"]))
        let recents = try await Self.document(query: "cat")
        #expect(
            recents.sections.first { $0.id == "group-recents" }?.items.map(\.id) == ["group-recents", "recents-1f408"])
        #expect(try await Self.document(query: "no such emoji name").sections.map(\.id) == ["search", "arrangement"])
    }

    @Test func aCollapsedGroupShowsOnlyItsParentWhoseActionExpandsIt() async throws {
        let document = try await Self.document(query: "cat", collapsed: ["animals-nature"])
        let animals = try #require(document.sections.first { $0.id == "group-animals-nature" })
        #expect(animals.items.map(\.id) == ["group-animals-nature"])
        guard let group = animals.items[0].content.as(EmojiGroupContent.self) else { return }
        #expect(!group.isExpanded && group.count > 1)
        #expect(animals.items[0].actions.map(\.title) == ["Expand"])
        #expect(animals.items[0].actions[0].parameters == ["habit": "10", "q": "cat"])
        let expanded = try await Self.document(query: "cat")
        let open = try #require(expanded.sections.first { $0.id == "group-animals-nature" })
        #expect(open.items.count == group.count + 1)
        #expect(open.items[0].actions[0].parameters == ["habit": "10", "q": "cat", "collapsed": "animals-nature"])
        // Collapsing is a changeset of deletes.
        let changeset = try await document.changeset(from: expanded)
        #expect(try expanded.applying(changeset) == document)
    }

    @Test func theGridDropsTheOutlineForAHeaderAndSquares() async throws {
        let document = try await Self.document(query: "cat", arrangement: .grid)
        let animals = try #require(document.sections.first { $0.id == "group-animals-nature" })
        #expect(animals.header == SectionBoundary(title: "Animals & Nature"))
        #expect(animals.items.allSatisfy { $0.type == "emoji" })
        #expect(animals.layout.group.layoutSize.heightDimension == .absolute(52))
        let chips = document.sections[1].items.map(\.content)
        #expect(
            chips == [
                ItemContent(FilterChip(title: "List", isSelected: false)),
                ItemContent(FilterChip(title: "Grid", isSelected: true)),
            ])
        #expect(document.sections[1].items[0].actions[0].parameters == ["habit": "10", "q": "cat"])
    }

    @Test func needsAnExistingHabit() async {
        await #expect(throws: ScreenError.missingParameter("habit")) {
            try await ScreenBuilder(source: Self.world()).document(
                for: ScreenRequest(screen: .emoji, viewerID: 1), revision: "1")
        }
        await #expect(throws: ScreenError.unknownHabit("99")) {
            try await ScreenBuilder(source: Self.world()).document(
                for: ScreenRequest(screen: .emoji, viewerID: 1, habitID: 99), revision: "1")
        }
    }
}
