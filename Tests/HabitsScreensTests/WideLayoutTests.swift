import CompositionalLayout
import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

/// Wide windows get columns where phones keep the seeds' layouts, and the engine lays out both.
@Suite struct WideLayoutTests {
    /// A world where the viewer has favourites, follows people, and Discover has a lane.
    static func world() -> WorldSource {
        var world = DiscoverScreenTests.world()
        world.categoryList.append(
            Category(id: 9, name: "Health", color: Color(hue: 0.1, saturation: 0.5, brightness: 0.8)))
        for id in Int64(10)...Int64(14) { world.addHabit(id, "Habit \(id)", categoryID: 9) }
        world.favorites[1] = [10, 11, 12, 13]
        world.follows[1] = [2, 3, 4]
        return world
    }

    static func document(_ screen: ScreenName) async throws -> ScreenDocument {
        try await ScreenBuilder(source: world()).document(
            for: ScreenRequest(screen: screen, viewerID: 1), revision: "1")
    }

    /// The frames of section `id` of `document` in a container `width` points wide, laid out as a client would.
    static func frames(_ document: ScreenDocument, section id: String, width: Double) throws -> [Rect] {
        let layouts = document.sections.map { $0.layout(forWidth: width) }
        let engine = try LayoutEngine(
            layout: CompositionalLayout(sections: layouts), containerSize: Size(width: width, height: 844),
            itemCounts: document.sections.map(\.items.count))
        let index = try #require(document.sections.firstIndex { $0.id == id })
        return (0..<document.sections[index].items.count).compactMap {
            engine.attributesForItem(at: ElementIndexPath(item: $0, section: index))?.frame
        }
    }

    /// How many distinct rows (by their top) `frames` take.
    static func rows(_ frames: [Rect]) -> Int { Set(frames.map { ($0.origin.y * 10).rounded() }).count }

    @Test func theLayoutFollowsTheContainersWidth() {
        let phone = ScreenLayouts.leaderboard
        let section = ScreenSection(id: "s", layout: phone, wideLayout: ScreenLayouts.wideLeaderboard, items: [])
        #expect(section.layout(forWidth: 390) == phone)
        #expect(section.layout(forWidth: 699.5) == phone)
        #expect(section.layout(forWidth: ScreenSection.wideMinimumWidth) == ScreenLayouts.wideLeaderboard)
        #expect(ScreenSection(id: "s", layout: phone, items: []).layout(forWidth: 1280) == phone)
    }

    @Test func homesLeaderboardIsThreeColumnsWideAndSidewaysOnAPhone() async throws {
        let home = try await Self.document(.home)
        let wide = try Self.frames(home, section: "leaderboard", width: 1280)
        let phone = try Self.frames(home, section: "leaderboard", width: 390)
        #expect(wide.count == 4 && phone.count == 4)
        // Wide: rows of three cards, none past the window's edge.
        #expect(Self.rows(wide) == 2)
        #expect(wide.allSatisfy { $0.origin.x >= 0 && $0.origin.x + $0.size.width <= 1280 })
        #expect(wide.allSatisfy { $0.size.width > 350 && $0.size.width < 420 })
        // Phone: a trio per column three quarters of the window wide, the fourth card in a second column.
        #expect(Set(phone.map(\.origin.x)).count == 2)
        #expect(phone.allSatisfy { abs($0.size.width - 390 * 0.75) < 1 })
        let followed = try Self.frames(home, section: "followedUsers", width: 1280)
        #expect(followed.count == 3 && Self.rows(followed) == 2)
    }

    @Test func discoversLanesAreRowsOfColumnsWide() async throws {
        let discover = try await Self.document(.discover)
        let lane = try #require(discover.sections.first { $0.id == "programs-1" })
        #expect(lane.layout.orthogonalScrollingBehavior == .continuous)
        #expect(try #require(lane.wideLayout).orthogonalScrollingBehavior == .none)
        let wide = try Self.frames(discover, section: "programs-1", width: 1280)
        #expect(wide.count == 3 && Self.rows(wide) == 1)
        #expect(wide.allSatisfy { $0.origin.x + $0.size.width <= 1280 })
    }

    @Test func logButtonsArrangeFourToARowWide() async throws {
        let log = try await Self.document(.log)
        let category = try #require(log.sections.first { $0.id == "category-9" })
        #expect(category.items.count == 5)
        let wide = try Self.frames(log, section: "category-9", width: 1280)
        let phone = try Self.frames(log, section: "category-9", width: 390)
        #expect(Self.rows(wide) == 2 && Self.rows(phone) == 3)
        let favorites = try Self.frames(log, section: "favorites", width: 1280)
        #expect(favorites.count == 4 && Self.rows(favorites) == 1)
    }

    @Test func aChangedWideLayoutIsASectionReload() throws {
        let item = ScreenItem(
            id: "a", content: ItemContent(EmptyState(title: "A", message: "B")), fallback: ItemFallback(title: "A"))
        let old = ScreenDocument(
            screen: .home, title: "Home", revision: "1",
            sections: [ScreenSection(id: "s", layout: ScreenLayouts.leaderboard, items: [item])])
        var new = old
        new.revision = "2"
        new.sections[0].wideLayout = ScreenLayouts.wideLeaderboard
        let changeset = try new.changeset(from: old)
        #expect(!changeset.isEmpty)
        #expect(try old.applying(changeset).sections == new.sections)
        // And the JSON names it only when there is one.
        let json = String(decoding: try JSONEncoder().encode(new.sections[0]), as: UTF8.self)
        #expect(json.contains("\"wideLayout\""))
        #expect(!String(decoding: try JSONEncoder().encode(old.sections[0]), as: UTF8.self).contains("wideLayout"))
    }
}
