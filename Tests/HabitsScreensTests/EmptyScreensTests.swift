import CompositionalLayout
import HabitsDomain
import HabitsStore
import Testing

@testable import HabitsScreens

/// A new account on a new server: every tab says why it is empty and where to go, in a card sized to its
/// text, never a blank screen or a refusal.
@Suite struct EmptyScreensTests {
    static func document(_ screen: ScreenName, _ world: WorldSource) async throws -> ScreenDocument {
        try await ScreenBuilder(source: world).document(for: ScreenRequest(screen: screen, viewerID: 1), revision: "1")
    }

    /// A world with one account and nothing else: no habit, no other person.
    static var newServer: WorldSource {
        var world = WorldSource()
        world.addUser(1, "Me")
        return world
    }

    /// The one empty-state card of `document`, with its section.
    static func emptyState(_ document: ScreenDocument) throws -> (ScreenSection, ScreenItem) {
        try #require(document.sections.count == 1 && document.sections[0].items.count == 1)
        let section = document.sections[0], item = section.items[0]
        try #require(item.content.as(EmptyState.self) != nil, "\(document.screen) shows \(item.id)")
        return (section, item)
    }

    @Test(arguments: [
        (ScreenName.today, "empty-today", ScreenName.habits), (.log, "empty-log", .yourHabits),
        (.streak, "empty-streak", .yourHabits), (.users, "empty-people", .home),
    ])
    func anEmptyTabShowsOneCardThatLeadsOn(screen: ScreenName, id: String, leadsTo: ScreenName) async throws {
        let (section, item) = try Self.emptyState(try await Self.document(screen, Self.newServer))
        #expect(item.id == id)
        #expect(item.actions.first?.role == .activate && item.actions.first?.screen == leadsTo)
        // Sized to its text at every width: a fixed-height row would cut a message that wraps on a phone.
        for layout in [section.layout, section.wideLayout] {
            #expect(layout?.group.layoutSize.heightDimension.isEstimated == true)
        }
    }

    @Test func homesWelcomeIsOneCardAcrossSizedToItsText() async throws {
        let document = try await Self.document(.home, Self.newServer)
        let leaderboard = try #require(document.sections.first { $0.id == "leaderboard" })
        #expect(leaderboard.items.map(\.id) == ["empty-leaderboard"])
        for layout in [leaderboard.layout, leaderboard.wideLayout] {
            #expect(layout?.group.layoutSize.heightDimension.isEstimated == true)
            #expect(layout?.orthogonalScrollingBehavior == OrthogonalScrollingBehavior.none)
        }
        // With a favourite the leaderboard's own layouts come back.
        var world = Self.newServer
        world.addHabit(10, "Run")
        world.favorites[1] = [10]
        let cards = try #require(
            try await Self.document(.home, world).sections.first { $0.id == "leaderboard" })
        #expect(cards.layout == ScreenLayouts.leaderboard && cards.wideLayout == ScreenLayouts.wideLeaderboard)
    }

    @Test func theCardsGoOnceThereIsSomethingToShow() async throws {
        var world = Self.newServer
        world.addUser(2, "Sam")
        world.addHabit(10, "Run")
        world.favorites[1] = [10]
        for screen in [ScreenName.today, .log, .streak, .users] {
            let document = try await Self.document(screen, world)
            let empty = document.sections.flatMap(\.items).filter { $0.content.as(EmptyState.self) != nil }
            #expect(empty.isEmpty, "\(screen) still shows \(empty.map(\.id))")
        }
    }
}
