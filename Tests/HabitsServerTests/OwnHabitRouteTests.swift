import Foundation
import HTTPTypes
import HabitsDomain
import HabitsSQLite
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Habits of one's own through the real application with accounts: made by members, seen by their owner
/// alone, archived and restored; the shared catalogue stays the administrators'.
@Suite struct OwnHabitRouteTests {
    func shows(_ name: String, _ paths: [String], _ client: some TestClientProtocol, as who: SignedIn)
        async throws -> Bool
    {
        try await VisibilityRouteTests().shows(name, paths, client, as: who)
    }

    @Test func aPersonalHabitIsItsOwnersAloneOnEveryRoute() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
            let created = try await client.send(
                "/v1/habits", .post,
                body(#"{"name":"Meditate","categoryID":\#(category),"reminder":"07:30","schedule":{"kind":"daily"}}"#),
                as: ada)
            #expect(created.status == .created)
            let habit = try decodeV1(Habit.self, created)
            #expect(habit.visibility == .personal && habit.ownerID == ada.account.id)
            #expect(habit.reminder == ReminderTime(hour: 7, minute: 30))
            // Bob may have a "Meditate" of his own: names are unique per owner, and his says nothing of Ada's.
            let bobs = body(#"{"name":"Meditate","categoryID":\#(category)}"#)
            #expect(try await client.send("/v1/habits", .post, bobs, as: bob).status == .created)
            try expectError(
                try await client.send(
                    "/v1/habits", .post, body(#"{"name":"meditate","categoryID":\#(category)}"#), as: ada),
                .conflict)

            // To Bob, Ada's habit does not exist: not listed, not read, not written, not logged.
            let listed = try await client.all("/v1/habits", Habit.self, limit: 3, as: bob)
            #expect(!listed.contains { $0.id == habit.id })
            #expect(try await client.all("/v1/habits", Habit.self, limit: 3, as: ada).contains { $0.id == habit.id })
            let base = "/v1/habits/\(habit.id)"
            try expectError(try await client.send(base, as: bob), .notFound, code: "habit_not_found")
            try expectError(try await client.send(base, .patch, body(#"{"name":"Mine"}"#), as: bob), .notFound)
            try expectError(try await client.send("\(base)/archive", .post, as: bob), .notFound)
            try expectError(
                try await client.send("/v1/users/\(bob.account.id)/favorites/\(habit.id)", .put, as: bob), .notFound)
            try expectError(
                try await client.send(
                    "/v1/logs", .post, body(#"{"userID":\#(bob.account.id),"habitID":\#(habit.id)}"#), as: bob),
                .notFound)
            #expect(try await shows("Meditate", ["/v1/screens/habits"], client, as: ada))
            #expect(try await shows("Meditate", ["/v1/screens/habits"], client, as: bob))  // his own
            #expect(try await client.send(base, .delete, as: bob).status == .notFound)

            // Its owner logs it, archives it (gone from every screen, history kept) and restores it.
            #expect(
                try await client.send(
                    "/v1/logs", .post, body(#"{"userID":\#(ada.account.id),"habitID":\#(habit.id)}"#), as: ada
                ).status == .created)
            let archived = try decodeV1(Habit.self, try await client.send("\(base)/archive", .post, as: ada))
            #expect(archived.isArchived)
            #expect(try await client.send("/v1/screens/habit?habit=\(habit.id)", as: ada).status == .notFound)
            let unarchived = try await client.all("/v1/habits", Habit.self, limit: 50, as: ada)
            #expect(!unarchived.contains { $0.id == habit.id })
            let shelf = try await client.all("/v1/habits?archived=true", Habit.self, limit: 50, as: ada)
            #expect(shelf.map(\.id) == [habit.id])
            let restored = try decodeV1(Habit.self, try await client.send("\(base)/restore", .post, as: ada))
            #expect(!restored.isArchived)
            #expect(try await store.readScreens { try await $0.count(userID: ada.account.id, habitID: habit.id) } == 1)
        }
    }

    @Test func theSharedCatalogueStaysTheAdministratorsAndTheCourseAPIsOnly() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let admin = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
            let shared = #"{"name":"Stretch","categoryID":\#(category),"visibility":"shared"}"#
            try expectError(try await client.send("/v1/habits", .post, body(shared), as: ada), .forbidden)
            try expectError(
                try await client.send(
                    "/v1/habits", .post,
                    body(#"{"name":"Stretch","categoryID":\#(category),"ownerID":\#(admin.account.id)}"#), as: ada),
                .forbidden)
            let made = try decodeV1(
                Habit.self,
                try await client.send(
                    "/v1/habits", .post, body(#"{"name":"Stretch","categoryID":\#(category)}"#), as: admin))
            #expect(made.visibility == .shared && made.ownerID == admin.account.id)
            try expectError(
                try await client.send("/v1/habits/\(made.id)", .patch, body(#"{"name":"Bend"}"#), as: ada), .forbidden)
            try expectError(try await client.send("/v1/habits/\(made.id)/archive", .post, as: ada), .forbidden)
            let personal = try decodeV1(
                Habit.self,
                try await client.send(
                    "/v1/habits", .post, body(#"{"name":"Journal","categoryID":\#(category)}"#), as: ada))
            // The course API knows the shared catalogue only.
            let courseNames = try await store.habits().map(\.name)
            #expect(courseNames.contains("Stretch") && !courseNames.contains(personal.name))
            // Deleting Ada takes her personal habits with her; the admin's shared habit outlives its owner.
            let password = body(#"{"password":"correct horse battery staple"}"#)
            #expect(try await client.send("/v1/me", .delete, password, as: ada).status == .noContent)
            await #expect(throws: HabitsError.self) { try await store.habit(id: personal.id) }
        }
    }

    @Test func theTwoHundredAndFirstHabitOfOnesOwnIsA409NamingTheBound() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let admin = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
            for index in 0..<AccountRules.maximumPersonalHabits {
                _ = try await store.createHabit(
                    Habit(
                        id: 0, name: "Habit \(index)", categoryID: category, info: "", emoji: nil,
                        ownerID: ada.account.id, visibility: .personal, isArchived: index.isMultiple(of: 2)))
            }
            let refused = try await client.send(
                "/v1/habits", .post, body(#"{"name":"One more","categoryID":\#(category)}"#), as: ada)
            try expectError(refused, .conflict, code: "conflict")
            #expect(
                try decode(ErrorBody.self, refused).error.message
                    == "An account holds at most 200 habits of its own (archived ones count); delete one first.")
            // The catalogue is not anyone's own: an administrator adds to it whatever members hold.
            let shared = body(#"{"name":"One more","categoryID":\#(category)}"#)
            #expect(try await client.send("/v1/habits", .post, shared, as: admin).status == .created)
        }
    }
}
