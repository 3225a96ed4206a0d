import HabitsDomain
import HabitsStore
import Testing

@testable import HabitsScreens

/// Every rule of Home's leaderboard cards, with exact strings.
@Suite struct HomeLeaderboardTests {
    /// A world with the viewer (id 1, "Me"), one favourite habit (id 10, "Run") and `others` users.
    func world(counts: [(name: String, count: Int)], viewerCount: Int = 0) -> WorldSource {
        var world = WorldSource()
        world.addUser(1, "Me")
        world.addHabit(10, "Run")
        world.favorites[1] = [10]
        world.setCount(user: 1, habit: 10, viewerCount)
        for (index, entry) in counts.enumerated() {
            let id = Int64(100 + index)
            world.addUser(id, entry.name)
            world.setCount(user: id, habit: 10, entry.count)
        }
        return world
    }

    func card(_ world: WorldSource) async throws -> LeaderboardHabit {
        let document = try await ScreenBuilder(source: world).document(
            for: ScreenRequest(screen: .home, viewerID: 1), revision: "1")
        let items = document.sections.first { $0.id == "leaderboard" }?.items ?? []
        guard items.count == 1, let card = items[0].content.as(LeaderboardHabit.self) else {
            Issue.record("expected one leaderboard card, got \(items)")
            return LeaderboardHabit(habitName: "", leader: "", secondary: nil)
        }
        return card
    }

    @Test func nobodyLoggedIt() async throws {
        #expect(
            try await card(world(counts: [])) == LeaderboardHabit(habitName: "Run", leader: "Nobody Yet!",
                secondary: nil))
    }

    @Test func oneOtherUser() async throws {
        #expect(try await card(world(counts: [("Ann", 4)])).leader == "Ann 4")
        #expect(try await card(world(counts: [("Ann", 4)])).secondary == nil)
    }

    @Test func onlyTheViewer() async throws {
        let only = try await card(world(counts: [], viewerCount: 3))
        #expect(only.leader == "You 3 (1st)")
        #expect(only.secondary == nil)
    }

    @Test func twoUsersWithoutTheViewer() async throws {
        let two = try await card(world(counts: [("Ann", 2), ("Bob", 5)]))
        #expect(two.leader == "Bob 5")
        #expect(two.secondary == "Ann 2")
    }

    @Test func manyUsersSortedByCountFromHighest() async throws {
        let many = try await card(world(counts: [("Ann", 2), ("Bob", 9), ("Cy", 5), ("Di", 7)]))
        #expect(many.leader == "Bob 9")
        #expect(many.secondary == "Di 7")
    }

    @Test func aTieAtTheTopIsOrderedByName() async throws {
        let tie = try await card(world(counts: [("Zed", 6), ("Amy", 6), ("Bo", 1)]))
        #expect(tie.leader == "Amy 6")
        #expect(tie.secondary == "Zed 6")
    }

    @Test func theViewerLeads() async throws {
        let leads = try await card(world(counts: [("Ann", 2), ("Bob", 1)], viewerCount: 8))
        #expect(leads.leader == "You 8 (1st)")
        #expect(leads.secondary == "Ann 2")
    }

    @Test func theViewerLeadsTied() async throws {
        // "Ann" sorts before "Me", so Ann is first and the viewer's tied line comes second.
        let tied = try await card(world(counts: [("Ann", 8), ("Zoe", 1)], viewerCount: 8))
        #expect(tied.leader == "Ann 8")
        #expect(tied.secondary == "You 8 (tied 1st)")
        let tiedFirst = try await card(world(counts: [("Zoe", 8)], viewerCount: 8))
        #expect(tiedFirst.leader == "You 8 (tied 1st)")
        #expect(tiedFirst.secondary == "Zoe 8")
    }

    @Test func theViewerTiedInTheMiddle() async throws {
        // 5, 3, 3, 1: the viewer's 3 is tied 2nd.
        let middle = try await card(world(counts: [("Ann", 5), ("Bob", 3), ("Cy", 1)], viewerCount: 3))
        #expect(middle.leader == "Ann 5")
        #expect(middle.secondary == "You 3 (tied 2nd)")
    }

    @Test func theViewerAloneInTheMiddle() async throws {
        let middle = try await card(world(counts: [("Ann", 5), ("Bob", 4), ("Cy", 1)], viewerCount: 2))
        #expect(middle.secondary == "You 2 (3rd)")
    }

    @Test func theViewerRankedPast100th() async throws {
        let others = (0..<111).map { (name: "User \($0)", count: 10 + $0) }
        let far = try await card(world(counts: others, viewerCount: 3))
        #expect(far.leader == "User 110 120")
        #expect(far.secondary == "You 3 (112th)")
        let tied = try await card(world(counts: others + [("Zz", 3)], viewerCount: 3))
        #expect(tied.secondary == "You 3 (tied 112th)")
    }

    @Test func theViewerAbsentShowsTheRunnerUp() async throws {
        let absent = try await card(world(counts: [("Ann", 5), ("Bob", 4)], viewerCount: 0))
        #expect(absent.secondary == "Bob 4")
    }

    @Test func cardsAreOneFavouriteEachByHabitName() async throws {
        var world = world(counts: [("Ann", 1)])
        world.addHabit(11, "Archery")
        world.addHabit(12, "Yoga")
        world.favorites[1] = [10, 11]
        let document = try await ScreenBuilder(source: world).document(
            for: ScreenRequest(screen: .home, viewerID: 1), revision: "1")
        let names = document.sections[0].items.compactMap { item -> String? in
            if let card = item.content.as(LeaderboardHabit.self) { return card.habitName }
            return nil
        }
        #expect(names == ["Archery", "Run"])
    }
}
