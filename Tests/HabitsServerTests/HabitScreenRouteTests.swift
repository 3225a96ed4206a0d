import Foundation
import HTTPTypes
import HabitsDomain
import HabitsSQLite
import HabitsScreens
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// The habit page's own actions, as the course app's habit page has them.
@Suite struct HabitScreenRouteTests {
    func headerActions(_ document: ScreenDocument) -> [ItemAction] {
        document.sections.first { $0.id == "about" }?.items.first?.actions ?? []
    }

    @Test func theHabitPageFavouritesAndUnfavouritesItsHabit() async throws {
        let (store, users, habits) = try await screenStore()
        let user = try #require(users["user0"])
        let run = try #require(habits["Run"])
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            // user0 favours Run: the page offers to unfavourite it, and the action does.
            let favourite = try decode(ScreenDocument.self, try await client.send("/v1/screens/habit?habit=\(run)"))
            let toggle = try #require(headerActions(favourite).first { $0.title == "Unfavorite" })
            #expect(toggle.method == "DELETE" && toggle.path == Routes.favorite.path(user, run))
            #expect(headerActions(favourite).contains { $0.title == "Choose Icon" })
            #expect(try await client.send(try #require(toggle.path), .delete).status == .noContent)
            let after = try decode(ScreenDocument.self, try await client.send("/v1/screens/habit?habit=\(run)"))
            let again = try #require(headerActions(after).first { $0.title == "Favorite" })
            #expect(again.method == "PUT")
            #expect(try await store.readScreens { try await $0.favoriteHabitIDs(userID: user) }.contains(run) == false)
        }
    }
}
