import HabitsDomain
import HabitsStore
import Testing

@testable import HabitsScreens

/// An empty Home says how to fill it; a new account is welcomed.
@Suite struct HomeEmptyStateTests {
    func home(_ world: WorldSource) async throws -> [String: [ScreenItem]] {
        let document = try await ScreenBuilder(source: world).document(
            for: ScreenRequest(screen: .home, viewerID: 1), revision: "1")
        return Dictionary(uniqueKeysWithValues: document.sections.map { ($0.id, $0.items) })
    }

    @Test func aNewAccountIsWelcomedAndEachEmptySectionSaysHowToFillIt() async throws {
        var world = WorldSource()
        world.addUser(1, "Me")
        world.addUser(2, "Sam")
        world.addHabit(10, "Run")
        var sections = try await home(world)
        let welcome = try #require(sections["leaderboard"]?.first?.content.as(EmptyState.self))
        #expect(sections["leaderboard"]?.count == 1 && welcome.title == "Welcome! Add your first habit")
        #expect(sections["leaderboard"]?.first?.actions.first?.screen == .yourHabits)
        #expect(sections["leaderboard"]?.first?.actions.last?.screen == .habits)
        #expect(sections["followedUsers"]?.first?.content.as(EmptyState.self)?.title == "You follow no one yet")
        #expect(sections["followedUsers"]?.first?.actions.first?.screen == .users)

        // Someone who has logged but favours nothing is not welcomed again.
        world.setCount(user: 1, habit: 10, 2)
        sections = try await home(world)
        #expect(sections["leaderboard"]?.first?.content.as(EmptyState.self)?.title == "No favorites yet")

        // A favourite and a follow replace the empty states.
        world.favorites[1] = [10]
        world.follows[1] = [2]
        sections = try await home(world)
        #expect(sections["leaderboard"]?.compactMap { $0.content.as(EmptyState.self) }.isEmpty == true)
        #expect(sections["followedUsers"]?.compactMap { $0.content.as(EmptyState.self) }.isEmpty == true)
        #expect(sections["leaderboard"]?.first?.content.as(LeaderboardHabit.self)?.habitName == "Run")
    }
}
