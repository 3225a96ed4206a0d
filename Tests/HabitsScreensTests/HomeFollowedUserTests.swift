import HabitsDomain
import HabitsStore
import Testing

@testable import HabitsScreens

/// Every rule of Home's followed-user messages, with exact strings.
@Suite struct HomeFollowedUserTests {
    /// The viewer (1, "Me") follows Kim (2); Run (10), Swim (11) and Yoga (12); Pat (3) and Lou (4) set ranks.
    func world() -> WorldSource {
        var world = WorldSource()
        world.addUser(1, "Me")
        world.addUser(2, "Kim")
        world.addUser(3, "Pat")
        world.addUser(4, "Lou")
        world.addHabit(10, "Run")
        world.addHabit(11, "Swim")
        world.addHabit(12, "Yoga")
        world.follows[1] = [2]
        return world
    }

    func message(_ world: WorldSource) async throws -> String {
        let document = try await ScreenBuilder(source: world).document(
            for: ScreenRequest(screen: .home, viewerID: 1), revision: "1")
        guard let item = document.sections.first(where: { $0.id == "followedUsers" })?.items.first,
            let followed = item.content.as(FollowedUser.self)
        else {
            Issue.record("no followed user in \(document)")
            return ""
        }
        #expect(followed.userName == "Kim")
        return followed.message
    }

    @Test func theyAreAhead() async throws {
        var world = world()
        world.setCount(user: 2, habit: 10, 9)
        world.setCount(user: 3, habit: 10, 5)
        world.setCount(user: 1, habit: 10, 2)
        #expect(
            try await message(world)
                == "Currently 1st, ahead of you (3rd) in Run.\nYou might catch up with a little extra effort!")
    }

    @Test func theyAreBehind() async throws {
        var world = world()
        world.setCount(user: 2, habit: 10, 1)
        world.setCount(user: 1, habit: 10, 4)
        world.setCount(user: 3, habit: 10, 4)
        #expect(try await message(world) == "Currently 3rd, behind you (1st) in Run.\nSend them a friendly reminder!")
    }

    @Test func theyAreTied() async throws {
        var world = world()
        world.setCount(user: 2, habit: 10, 3)
        world.setCount(user: 1, habit: 10, 3)
        world.setCount(user: 3, habit: 10, 7)
        #expect(try await message(world) == "You are tied at 2nd in Run! Now's your chance to pull ahead.")
    }

    @Test func aCommonFavouriteWinsOverAnEarlierCommonHabit() async throws {
        var world = world()
        // Run is common and first by name, but Yoga is common and a favourite.
        world.favorites[1] = [12]
        world.setCount(user: 2, habit: 10, 1)
        world.setCount(user: 1, habit: 10, 5)
        world.setCount(user: 2, habit: 12, 6)
        world.setCount(user: 1, habit: 12, 2)
        #expect(
            try await message(world)
                == "Currently 1st, ahead of you (2nd) in Yoga.\nYou might catch up with a little extra effort!")
    }

    @Test func withoutCommonFavouritesTheFirstCommonHabitByName() async throws {
        var world = world()
        world.favorites[1] = [11]  // Swim: a favourite, but Kim never logged it
        world.setCount(user: 1, habit: 11, 4)
        world.setCount(user: 2, habit: 12, 2)
        world.setCount(user: 1, habit: 12, 2)
        world.setCount(user: 2, habit: 10, 1)
        world.setCount(user: 1, habit: 10, 7)
        #expect(try await message(world) == "Currently 2nd, behind you (1st) in Run.\nSend them a friendly reminder!")
    }

    @Test func nothingInCommon() async throws {
        var world = world()
        world.setCount(user: 1, habit: 10, 2)
        world.setCount(user: 2, habit: 12, 1)
        world.setCount(user: 2, habit: 11, 3)
        world.setCount(user: 4, habit: 11, 8)
        #expect(try await message(world) == "Currently 2nd in Swim.\nMaybe you should give this habit a look.")
    }

    @Test func theyLoggedNothing() async throws {
        var world = world()
        world.setCount(user: 1, habit: 10, 2)
        #expect(
            try await message(world)
                == "This user doesn't seem to have done much yet. "
                + "Check in to see if they need any help getting started."
        )
    }

    @Test func followedUsersAreListedByName() async throws {
        var world = world()
        world.follows[1] = [2, 3, 4]
        let document = try await ScreenBuilder(source: world).document(
            for: ScreenRequest(screen: .home, viewerID: 1), revision: "1")
        let names = document.sections[1].items.compactMap { item -> String? in
            if let followed = item.content.as(FollowedUser.self) { return followed.userName }
            return nil
        }
        #expect(names == ["Kim", "Lou", "Pat"])
    }
}
