import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// `GET /v1/me/today` through the real application with accounts, on the clock `Fixture.now`.
@Suite struct TodayListRouteTests {
    @Test func listsOwnHabitsInOrderThenFavoritesWithTheirToday() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
            var own: [Habit] = []
            for (name, schedule) in [("Water", #"{"kind":"daily","timesPerDay":3}"#), ("Read", #"{"kind":"daily"}"#)] {
                let created = try await client.send(
                    "/v1/habits", .post,
                    body(#"{"name":"\#(name)","categoryID":\#(category),"schedule":\#(schedule)}"#), as: ada)
                own.append(try decodeV1(Habit.self, created))
            }
            let shared = try #require(try await store.habits(page: PageRequest(limit: 1)).items.first)
            #expect(try await client.send(
                "/v1/users/\(ada.account.id)/favorites/\(shared.id)", .put, as: ada).status == .noContent)
            for _ in 0..<2 {
                let log = body(#"{"userID":\#(ada.account.id),"habitID":\#(own[0].id)}"#)
                #expect(try await client.send("/v1/logs", .post, log, as: ada).status == .created)
            }
            let read = body(#"{"userID":\#(ada.account.id),"habitID":\#(own[1].id)}"#)
            #expect(try await client.send("/v1/logs", .post, read, as: ada).status == .created)
            let today = LocalDay(Fixture.now, in: TimeZone(identifier: ada.account.user.timeZone) ?? .gmt)
            let day = "/v1/users/\(ada.account.id)/habits/\(shared.id)/days/\(today)"
            let skip = body(#"{"status":"skipped","note":"Away"}"#)
            #expect(try await client.send(day, .put, skip, as: ada).status == .noContent)

            let list = try decodeV1(TodayList.self, try await client.send("/v1/me/today", as: ada))
            #expect(list.day == today)
            #expect(list.habits.map(\.id) == [own[0].id, own[1].id, shared.id])
            #expect(list.habits.map(\.own) == [true, true, false])
            let water = list.habits[0]
            #expect((water.logCount, water.target, water.done) == (2, 3, false))
            #expect((list.habits[1].done, list.habits[1].streak.current) == (true, 1))
            #expect((list.habits[2].skipped, list.habits[2].note) == (true, "Away"))
            // One shape for scripts: a missing note is null, not absent.
            let raw = String(buffer: try await client.send("/v1/me/today", as: ada).body)
            #expect(raw.contains(#""note":null"#))

            // Archived habits leave the list; nobody else's habits are on it.
            #expect(try await client.send("/v1/habits/\(own[1].id)/archive", .post, as: ada).status == .ok)
            let bob = try await client.signUp("bob")
            let afterArchive = try decodeV1(TodayList.self, try await client.send("/v1/me/today", as: ada))
            #expect(afterArchive.habits.map(\.id) == [own[0].id, shared.id])
            #expect(try decodeV1(TodayList.self, try await client.send("/v1/me/today", as: bob)).habits.isEmpty)
            try expectError(try await client.send("/v1/me/today", as: nil), .unauthorized)
        }
    }
}
