import Foundation
import HTTPTypes
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing
import ZipArchive

@testable import HabitsServer

/// What an outsider's attack on export, import and retried writes found, each kept from coming back.
@Suite struct TransferAttackTests {
    @Test func aHugeLoopTargetOrAmountIsClampedNotATrap() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            var zip = ZipWriter()
            let habits = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
                + "Target Type,Target Value,Archived?\n001,Run,NUMERICAL,,,1,1,#fff,km,AT_LEAST,1e308,false\n"
            var bytes = zip.add(path: "Habits.csv", contents: Array(habits.utf8), modified: Fixture.now)
            bytes += zip.add(
                path: "001 Run/Checkmarks.csv", contents: Array("Date,Value,Notes\n2026-11-19,100000000,\n".utf8),
                modified: Fixture.now)
            bytes += zip.finish()
            let response = try await ImportRouteTests().upload(client, bytes, type: "application/zip", as: ada)
            #expect(response.status == .ok)
            let habit = try #require(try await store.ownHabits(ownerID: ada.account.id).first)
            #expect(habit.schedule.timesPerDay == HabitSchedule.maximumTimesPerDay)
            #expect(try ImportRouteTests().summary(response)["logsAdded"] == HabitSchedule.maximumTimesPerDay)
        }
    }

    @Test func credentialAnswersAreNeverKeptNorReplayedToAToken() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let key = HTTPField.Name("Idempotency-Key")!
            var session = ada.headers
            session[key] = "make-token"
            let json = body(#"{"name":"e","scope":"write"}"#)
            let first = try await client.execute(uri: "/v1/me/tokens", method: .post, headers: session, body: json) {
                $0
            }
            #expect(first.status == .created)
            let token = try #require(
                (try JSONSerialization.jsonObject(with: Data(first.body.readableBytesView)) as? [String: Any])?["token"]
                    as? String)
            // The same key from the token: not a replay of the secret, but the token's own request, refused.
            let asToken: HTTPFields = [
                .authorization: "Bearer \(token)", .contentType: "application/json", key: "make-token",
            ]
            try expectError(
                try await client.execute(uri: "/v1/me/tokens", method: .post, headers: asToken, body: json) { $0 },
                .forbidden)
            // The session's retry makes a new token: no answer holding a secret was kept.
            let again = try await client.execute(uri: "/v1/me/tokens", method: .post, headers: session, body: json) {
                $0
            }
            #expect(again.status == .created && again.body != first.body)
            #expect(again.headers[HTTPField.Name("Idempotent-Replayed")!] == nil)
        }
    }

    @Test func aCredentialRouteWithDoubledSlashesKeepsNoAnswerEither() async throws {
        #expect(IdempotencyMiddleware.isCredentialRoute("/v1//me/tokens"))
        #expect(IdempotencyMiddleware.isCredentialRoute("/v1///me//password"))
        #expect(IdempotencyMiddleware.isCredentialRoute("/v1/me/calendar-feed/"))
        #expect(!IdempotencyMiddleware.isCredentialRoute("/v1//logs"))
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            var session = ada.headers
            session[HTTPField.Name("Idempotency-Key")!] = "doubled"
            let json = body(#"{"name":"d","scope":"write"}"#)
            var answers: [TestResponse] = []
            for _ in 0..<2 {
                answers.append(
                    try await client.execute(uri: "/v1//me/tokens", method: .post, headers: session, body: json) { $0 })
            }
            #expect(answers.allSatisfy { $0.headers[HTTPField.Name("Idempotent-Replayed")!] == nil })
            #expect(answers[0].body != answers[1].body || answers[0].status != .created)
        }
    }

    @Test func aReadTokenRevokesItself() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let issued = try await client.send("/v1/me/tokens", .post, body(#"{"name":"r","scope":"read"}"#), as: ada)
            let object = try JSONSerialization.jsonObject(with: Data(issued.body.readableBytesView)) as? [String: Any]
            let token = try #require(object?["token"] as? String)
            let id = try #require(object?["id"] as? Int)
            #expect(try await client.send("/v1/me/tokens/\(id)", .delete, bearer: token).status == .noContent)
            try expectError(try await client.send("/v1/me", bearer: token), .unauthorized)
        }
    }

    @Test func logsOfSomeoneElsesPersonalHabitsAreNotRead() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
            let habit = try decodeV1(
                Habit.self,
                try await client.send(
                    "/v1/habits", .post, body(#"{"name":"Diary","categoryID":\#(category)}"#), as: ada))
            let log = try decodeV1(
                Log.self,
                try await client.send(
                    "/v1/logs", .post, body(#"{"userID":\#(ada.account.id),"habitID":\#(habit.id)}"#), as: ada))
            try expectError(try await client.send("/v1/logs/\(log.id)", as: bob), .notFound)
            #expect(try await client.send("/v1/logs/\(log.id)", as: ada).status == .ok)
            let adasLogs = "/v1/users/\(ada.account.id)/logs"
            let listed = try decodeV1(Page<Log>.self, try await client.send(adasLogs, as: bob))
            #expect(!listed.items.contains { $0.id == log.id })
            let own = try decodeV1(Page<Log>.self, try await client.send(adasLogs, as: ada))
            #expect(own.items.contains { $0.id == log.id })
            // Not even the cursor tells of it: filtered in the store's query, not after the page.
            let paged = try decodeV1(Page<Log>.self, try await client.send(adasLogs + "?limit=1", as: bob))
            #expect(paged.items.isEmpty && paged.nextCursor == nil)
        }
    }

    @Test func csvCellsThatOnlyLookNumericAreDefused() {
        #expect(CSVTable.field("-nan(abc)") == "'-nan(abc)")
        #expect(CSVTable.field("+inf") == "'+inf")
        #expect(CSVTable.field("-0x1p3") == "'-0x1p3")
        #expect(CSVTable.field("=1+2") == "'=1+2")
        #expect(CSVTable.field("-1e5") == "-1e5")
        #expect(CSVTable.field("-12.5") == "-12.5")
    }
}
