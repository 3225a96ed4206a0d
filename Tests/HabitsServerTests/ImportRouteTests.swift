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

/// `POST /v1/me/import` through the real application: all or nothing, twice is once, our export round trips.
@Suite struct ImportRouteTests {
    func upload(
        _ client: some TestClientProtocol, _ bytes: [UInt8], type: String, as who: SignedIn
    ) async throws -> TestResponse {
        var headers = who.headers
        headers[.contentType] = type
        return try await client.execute(
            uri: "/v1/me/import", method: .post, headers: headers, body: ByteBuffer(bytes: bytes)
        ) { $0 }
    }

    func summary(_ response: TestResponse) throws -> [String: Int] {
        let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
        return (object?["imported"] as? [String: Int]) ?? [:]
    }

    @Test func anExportImportedElsewhereExportsTheSameAndTwiceIsOnce() async throws {
        let source = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let exported = try await makeApplication(store: source, configuration: accountsConfiguration).test(.router) {
            client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            try await TransferRouteTests().fill(client, source, as: ada)
            return Array(try await client.send("/v1/me/export", as: ada).body.readableBytesView)
        }
        let target = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: target, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let first = try await upload(client, exported, type: "application/json", as: ada)
            #expect(first.status == .ok)
            let counts = try summary(first)
            #expect(counts["habitsCreated"] == 2 && counts["logsAdded"] == 4 && counts["skipsAdded"] == 1)
            #expect(counts["notesSet"] == 1 && counts["favoritesAdded"] == 1)
            let again = try summary(try await upload(client, exported, type: "application/json", as: ada))
            #expect(again["habitsCreated"] == 0 && again["logsAdded"] == 0 && again["logsAlreadyThere"] == 4)
            #expect(again["skipsAdded"] == 0 && again["notesSet"] == 0 && again["favoritesAdded"] == 0)
            let reexported = Array(try await client.send("/v1/me/export", as: ada).body.readableBytesView)
            #expect(String(decoding: reexported, as: UTF8.self) == String(decoding: exported, as: UTF8.self))
        }
    }

    @Test func aBadFileIsRefusedByPlaceAndWritesNothing() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let valid = #"{"format":"habits-export","version":1,"account":{"username":"ada","name":"Ada","#
                + #""timeZone":"UTC","locale":"en_US","visibility":"public"},"habits":[{"ref":1,"own":true,"#
                + #""name":"Swim","category":"x","info":"","schedule":{"kind":"daily"},"archived":false}],"#
                + #""logs":[LOGS],"days":[],"favorites":[],"#
                + #""following":[],"programs":[],"ratings":[],"questions":[]}"#
            func logs(_ json: String) -> String { valid.replacingOccurrences(of: "LOGS", with: json) }
            let cases: [(String, String)] = [
                (logs(#"{"habit":1,"at":"2026-02-30T10:00:00Z"}"#), "logs[0].at"),
                (logs(#"{"habit":2,"at":"2026-11-01T10:00:00Z"}"#), "logs[0].habit"),
                (logs(#"{"habit":1,"at":"2030-01-01T10:00:00Z"}"#), "logs[0].at"),
                (logs(#"{"habit":1}"#), "logs[0].at"),
                (logs(#"{"habit":1,"at":"2026-11-01T10:00:00Z","habit":1}"#), "logs[0].habit: is written twice"),
                (valid.replacingOccurrences(of: #""name":"Swim""#, with: #""name":"""#).replacingOccurrences(
                    of: "LOGS", with: ""), "habits[0]"),
            ]
            for (file, place) in cases {
                let response = try await upload(client, Array(file.utf8), type: "application/json", as: ada)
                try expectError(response, .unprocessableContent, code: "invalid_import")
                #expect(String(buffer: response.body).contains(place), "\(place)")
            }
            let loop = Self.loopZip(checkmarks: "Date,Value,Notes\n2024-03-05,YES_MANUAL,\n2024-02-30,YES_MANUAL,\n")
            let refused = try await upload(client, loop, type: "application/zip", as: ada)
            try expectError(refused, .unprocessableContent, code: "invalid_import")
            #expect(String(buffer: refused.body).contains("Checkmarks.csv, line 3"))
            try expectError(
                try await upload(client, [1, 2, 3], type: "application/zip", as: ada), .unprocessableContent)
            try expectError(try await upload(client, [1, 2, 3], type: "text/plain", as: ada), .unsupportedMediaType)
            // Nothing of any of them was written.
            #expect(try await store.ownHabits(ownerID: ada.account.id).isEmpty)
        }
    }

    @Test func loopsExportBecomesHabitsLogsSkipsAndNotes() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let zip = Self.loopZip(
                checkmarks: "Date,Value,Notes\n2024-03-05,YES_MANUAL,\n2024-03-04,SKIP,Travelling\n"
                    + "2024-03-03,NO,\n2024-03-02,YES_AUTO,\n2024-03-01,YES_MANUAL,\"Best, \"\"ever\"\"\"\n")
            let response = try await upload(client, zip, type: "application/zip", as: ada)
            #expect(response.status == .ok)
            let counts = try summary(response)
            #expect(counts["habitsCreated"] == 1 && counts["logsAdded"] == 2 && counts["skipsAdded"] == 1)
            #expect(counts["notesSet"] == 2)
            let habit = try #require(try await store.ownHabits(ownerID: ada.account.id).first)
            #expect(habit.name == "Meditate" && habit.info.hasPrefix("Did you meditate"))
            let days = try await store.habitDays(
                userID: ada.account.id, habitID: habit.id, from: LocalDay(iso: "2024-03-01")!,
                through: LocalDay(iso: "2024-03-05")!)
            #expect(days.map(\.logCount) == [1, 0, 1])
            #expect(days.first { $0.isSkipped }?.note == "Travelling")
            #expect(days.first?.note == "Best, \"ever\"")
            #expect(try summary(try await upload(client, zip, type: "application/zip", as: ada))["logsAdded"] == 0)
        }
    }

    /// A Loop Habit Tracker CSV export with one yes/no habit, as its exporter writes it.
    static func loopZip(checkmarks: String) -> [UInt8] {
        var zip = ZipWriter()
        let habits = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
            + "Target Type,Target Value,Archived?\n001,Meditate,YES_NO,Did you meditate?,,1,1,#FF8F00,,,,false\n"
        var bytes = zip.add(path: "Habits.csv", contents: Array(habits.utf8), modified: Fixture.now)
        bytes += zip.add(path: "001 Meditate/Checkmarks.csv", contents: Array(checkmarks.utf8), modified: Fixture.now)
        return bytes + zip.finish()
    }
}
