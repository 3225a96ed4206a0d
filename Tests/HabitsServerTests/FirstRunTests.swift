import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// A new server without `--demo`, as its first people meet it: the first account can add a habit at once.
@Suite struct FirstRunTests {
    @Test func theFirstAccountOfAnEmptyServerFindsTheStarterCategoriesAndAddsAHabit() async throws {
        let store = try await SQLiteHabitStore.temporary()
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            #expect(try await store.categories(page: PageRequest()).items.isEmpty)
            let ada = try await client.signUp("ada")
            let categories = try await client.all("/v1/categories", HabitsDomain.Category.self, limit: 50, as: ada)
            #expect(categories.map(\.name) == StarterCatalogue.categories.map(\.name))

            // The Your Habits form offers them, so the web's first habit needs no administrator's page.
            let form = try await client.send("/v1/screens/yourHabits", as: ada)
            #expect(form.status == .ok)
            #expect(String(buffer: form.body).contains("\"Fitness\""))

            let created = try await client.send(
                "/v1/habits", .post, body(#"{"name":"Stretch","categoryID":\#(categories[1].id)}"#), as: ada)
            #expect(created.status == .created)
            let habit = try decodeV1(Habit.self, created)
            let logged = try await client.send(
                "/v1/logs", .post, body(#"{"userID":\#(ada.account.id),"habitID":\#(habit.id)}"#), as: ada)
            #expect(logged.status == .created)

            // Later accounts plant nothing more.
            _ = try await client.signUp("bob")
            #expect(try await store.categories(page: PageRequest(limit: 50)).items.count == categories.count)
        }
    }

    @Test func aServerThatHasCategoriesGetsNoStarterOnes() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let before = try await store.categories(page: PageRequest(limit: 50)).items
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let admin = try await client.signUp("ada")
            #expect(admin.account.role == .administrator)
            #expect(try await store.categories(page: PageRequest(limit: 50)).items == before)
        }
    }

    @Test func theStarterCatalogueIsForTheFirstAccountOnAStoreWithoutCategories() {
        #expect(StarterCatalogue.isPlanted(forNewAccountWith: .administrator, categoriesInStore: 0))
        #expect(!StarterCatalogue.isPlanted(forNewAccountWith: .member, categoriesInStore: 0))
        #expect(!StarterCatalogue.isPlanted(forNewAccountWith: .administrator, categoriesInStore: 1))
        #expect(Set(StarterCatalogue.categories.map(\.name)).count == StarterCatalogue.categories.count)
    }
}
