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

/// `POST /v1/me/import` under the bounds one member must not break for everyone: the habits of one's own an
/// account holds, and one import at a time per account without holding up anyone else's.
@Suite struct ImportLimitRouteTests {
    /// Our JSON export holding new habits of one's own named `names`, and one log of the first.
    static func export(habits names: [String]) -> [UInt8] {
        let habits = names.enumerated().map { index, name in
            #"{"ref":\#(index + 1),"own":true,"name":"\#(name)","category":"x","info":"","#
                + #""schedule":{"kind":"daily"},"archived":false}"#
        }
        let logs = names.isEmpty ? "" : #"{"habit":1,"at":"2026-11-01T10:00:00Z"}"#
        let json = #"{"format":"habits-export","version":1,"account":{"username":"ada","name":"Ada","#
            + #""timeZone":"UTC","locale":"en_US","visibility":"public"},"habits":[\#(habits.joined(separator: ","))],"#
            + #""logs":[\#(logs)],"days":[],"favorites":[],"following":[],"programs":[],"ratings":[],"questions":[]}"#
        return Array(json.utf8)
    }

    func upload(_ client: some TestClientProtocol, _ bytes: [UInt8], as who: SignedIn) async throws -> TestResponse {
        try await ImportRouteTests().upload(client, bytes, type: "application/json", as: who)
    }

    func message(_ response: TestResponse) throws -> String { try decode(ErrorBody.self, response).error.message }

    @Test func anImportThatWouldPassTheBoundIsA409NamingItAndWritesNothing() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
            let bound = AccountRules.maximumPersonalHabits
            for index in 0..<(bound - 1) {
                _ = try await store.createHabit(
                    Habit(
                        id: 0, name: "Habit \(index)", categoryID: category, info: "", emoji: nil,
                        ownerID: ada.account.id, visibility: .personal))
            }
            let refused = try await upload(client, Self.export(habits: ["Swim", "Walk"]), as: ada)
            try expectError(refused, .conflict, code: "conflict")
            #expect(try message(refused).contains("at most 200 habits of its own"))
            #expect(try message(refused).contains("would add 2 to the 199 it holds"))
            #expect(try await store.ownHabits(ownerID: ada.account.id).count == bound - 1)
            let logs = try await store.logs(userID: ada.account.id, in: TimeRange(), page: PageRequest(limit: 10))
            #expect(logs.items.isEmpty)

            // A file of more new habits than the bound is refused before the write waits for its turn.
            let huge = try await upload(client, Self.export(habits: (0...bound).map { "New \($0)" }), as: bob)
            try expectError(huge, .conflict, code: "conflict")
            #expect(try message(huge).contains("would add 201;"))
            #expect(try await store.ownHabits(ownerID: bob.account.id).isEmpty)

            // One that fits is written.
            let fits = try await upload(client, Self.export(habits: ["Swim"]), as: ada)
            #expect(fits.status == .ok)
            #expect(try await store.ownHabits(ownerID: ada.account.id).count == bound)
        }
    }

    @Test(.timeLimit(.minutes(2))) func oneAccountsRunningImportRefusesItsSecondButNoOneElses() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.live) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let carol = try await client.signUp("carol")
            let port = try #require(client.port)
            // Ada's import runs for as long as she holds back the second half of its body.
            let file = Self.export(habits: ["Swim"])
            let half = file.count / 2
            let held = try RawConnection(port: port)
            #expect(
                held.send(
                    "POST /v1/me/import HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(ada.cookie)\r\n"
                        + "Content-Type: application/json\r\nContent-Length: \(file.count)\r\nConnection: close\r\n\r\n"
                        + String(decoding: file[..<half], as: UTF8.self)))
            // Her second is refused once the first runs: a broken file (422 when it runs) shows which it met.
            let deadline = Date().addingTimeInterval(20)
            var second = try await upload(client, Array("{}".utf8), as: ada)
            while second.status == .unprocessableContent, Date() < deadline {
                try await Task.sleep(for: .milliseconds(20))
                second = try await upload(client, Array("{}".utf8), as: ada)
            }
            try expectError(second, .conflict, code: "conflict")
            #expect(try message(second) == "An import into this account is still running; send the next one when "
                + "it has finished.")
            // Everyone else's imports run meanwhile, two of them past the old bound of two at once.
            for who in [bob, carol] {
                let response = try await upload(client, Self.export(habits: ["Swim"]), as: who)
                #expect(response.status == .ok, "\(who.account.username)")
                #expect(try await store.ownHabits(ownerID: who.account.id).map(\.name) == ["Swim"])
            }
            // Ada's first ends, and then her next one is let in.
            #expect(held.send(String(decoding: file[half...], as: UTF8.self)))
            let answer = await held.response(within: 30)
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(300))")
            #expect(try await store.ownHabits(ownerID: ada.account.id).map(\.name) == ["Swim"])
            #expect(try await upload(client, Self.export(habits: ["Swim"]), as: ada).status == .ok)
        }
    }
}
