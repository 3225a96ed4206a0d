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
import ZipArchive

/// Export and import through the real application with accounts.
@Suite struct TransferRouteTests {
    /// Ada with two habits of her own (one archived, one with a reminder), logs, a skip, a note and a favourite.
    func fill(_ client: some TestClientProtocol, _ store: SQLiteHabitStore, as ada: SignedIn) async throws {
        let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
        var ids: [Int64] = []
        for json in [
            #"{"name":"Read","categoryID":\#(category),"reminder":"21:00","emoji":"📚"}"#,
            #"{"name":"=SUM(A1)","categoryID":\#(category),"schedule":{"kind":"weekly","timesPerWeek":3}}"#,
        ] {
            ids.append(try decodeV1(Habit.self, try await client.send("/v1/habits", .post, body(json), as: ada)).id)
        }
        let shared = try #require(try await store.habits(page: PageRequest(limit: 1)).items.first).id
        let favorite = "/v1/users/\(ada.account.id)/favorites/\(shared)"
        #expect(try await client.send(favorite, .put, as: ada).status == .noContent)
        let logs = (0..<3).map { day in
            #"{"userID":\#(ada.account.id),"habitID":\#(ids[0]),"timestamp":"2026-11-\#(18 + day)T08:00:00Z"}"#
        } + [#"{"userID":\#(ada.account.id),"habitID":\#(shared),"timestamp":"2026-11-20T09:30:00.250Z"}"#]
        for log in logs { #expect(try await client.send("/v1/logs", .post, body(log), as: ada).status == .created) }
        let days = "/v1/users/\(ada.account.id)/habits/\(ids[1])/days/2026-11-21"
        #expect(try await client.send(days, .put, body(#"{"status":"skipped","note":"Away, \"far\""}"#), as: ada)
            .status == .noContent)
        #expect(try await client.send("/v1/habits/\(ids[1])/archive", .post, as: ada).status == .ok)
    }

    @Test func theJSONExportHoldsTheAccountsAndNoOneElses() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            try await fill(client, store, as: ada)
            let response = try await client.send("/v1/me/export", as: ada)
            #expect(response.status == .ok)
            #expect(response.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"habits-ada-") == true)
            let export = try HabitsJSON.decoder().decode(
                AccountExport.self, from: Data(response.body.readableBytesView))
            #expect(export.account.username == "ada")
            #expect(export.habits.map(\.name).prefix(2) == ["Read", "=SUM(A1)"])
            #expect(export.habits.map(\.own) == [true, true, false])
            #expect(export.habits[0].reminder == ReminderTime(hour: 21, minute: 0) && export.habits[1].archived)
            #expect(export.logs.count == 4 && export.logs.filter { $0.habit == 1 }.count == 3)
            #expect(export.logs.last?.at == Fixture.instant("2026-11-20T09:30:00.250Z") || export.logs.contains {
                $0.at == Fixture.instant("2026-11-20T09:30:00.250Z") && $0.habit == 3 })
            #expect(export.days == [ExportedDay(habit: 2, day: LocalDay(iso: "2026-11-21")!, skipped: true,
                note: "Away, \"far\"")])
            #expect(export.favorites == [3])
            // Bob's export has none of it; nobody signed in gets nothing.
            let bobs = try await client.send("/v1/me/export", as: bob)
            let empty = try HabitsJSON.decoder().decode(AccountExport.self, from: Data(bobs.body.readableBytesView))
            #expect(empty.habits.isEmpty && empty.logs.isEmpty && empty.days.isEmpty)
            try expectError(try await client.send("/v1/me/export", as: nil), .unauthorized)
            try expectError(try await client.send("/v1/me/export?format=xml", as: ada), .unprocessableContent)
        }
    }

    @Test func theCSVExportIsAZipOfSafeTables() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            try await fill(client, store, as: ada)
            let response = try await client.send("/v1/me/export?format=csv", as: ada)
            #expect(response.headers[.contentType] == "application/zip")
            let zip = try ZipReader(bytes: Array(response.body.readableBytesView))
            let names = zip.entries.map { String($0.path.split(separator: "/").last ?? "") }
            #expect(names == ["account.csv", "habits.csv", "logs.csv", "days.csv", "favorites.csv", "following.csv",
                "programs.csv", "ratings.csv", "questions.csv"])
            func text(_ name: String) throws -> String {
                let entry = try #require(zip.entries.first { $0.path.hasSuffix("/" + name) })
                return String(decoding: try zip.contents(of: entry), as: UTF8.self)
            }
            let habits = try text("habits.csv")
            // A name a spreadsheet would run as a formula is written so that it runs nothing.
            #expect(habits.contains("\r\n2,true,'=SUM(A1),"))
            #expect(habits.contains("weekly:3"))
            #expect(try text("logs.csv").split(separator: "\r\n").count == 5)
            #expect(try text("days.csv").contains(#"2026-11-21,true,"Away, ""far""""#))
        }
    }
}
