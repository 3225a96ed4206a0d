import HabitsDomain
import HabitsStore
import Testing

@testable import HabitsScreens

/// Wherever a screen shows a person by display name, which anyone may choose, their username goes beside it:
/// two people who chose the same name are still told apart.
@Suite struct UsernameTests {
    /// Ada views; two others both call themselves "alice"; both logged Run, which Ada favours and logged less.
    static var world: WorldSource {
        var world = WorldSource()
        world.addUser(1, "Ada", key: "ada")
        world.addUser(2, "alice", key: "alice")
        world.addUser(3, "alice", key: "aIice")
        world.addHabit(10, "Run")
        world.favorites[1] = [10]
        world.follows[1] = [2, 3]
        world.setCount(user: 2, habit: 10, 5)
        world.setCount(user: 3, habit: 10, 4)
        world.setCount(user: 1, habit: 10, 1)
        return world
    }

    static func items(_ request: ScreenRequest) async throws -> [ScreenItem] {
        try await ScreenBuilder(source: world).document(for: request, revision: "1").sections.flatMap(\.items)
    }

    @Test func peopleAndTheUserScreenShowTheUsername() async throws {
        let cards = try await Self.items(ScreenRequest(screen: .users, viewerID: 1))
            .compactMap { $0.content.as(UserCard.self) }
        #expect(cards.map(\.username).sorted() == ["aIice", "alice"])
        let header = try await Self.items(ScreenRequest(screen: .user, viewerID: 1, userID: 3))
            .compactMap { $0.content.as(UserHeader.self) }
        #expect(header.map(\.username) == ["aIice"])
    }

    @Test func homesLinesAndTheRankingShowTheUsernameButNotTheViewers() async throws {
        let home = try await Self.items(ScreenRequest(screen: .home, viewerID: 1))
        let card = try #require(home.compactMap { $0.content.as(LeaderboardHabit.self) }.first)
        #expect(card.leader == "alice 5" && card.leaderUsername == "alice")
        #expect(card.secondary?.hasPrefix("You 1") == true && card.secondaryUsername == nil)
        #expect(Set(home.compactMap { $0.content.as(FollowedUser.self)?.username }) == ["alice", "aIice"])
        let ranking = try await Self.items(ScreenRequest(screen: .habit, viewerID: 1, habitID: 10))
            .compactMap { $0.content.as(UserCount.self) }
        #expect(ranking.map(\.username) == ["alice", "aIice", "ada"])
    }
}
