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

/// `POST /v1/me/import` of what names others: follows by username, programs and ratings by title, and the
/// account's help questions, through the real application.
@Suite struct ImportOthersRouteTests {
    /// Creates a program of catalogue habits as the administrator; returns its id.
    func program(
        _ client: some TestClientProtocol, _ title: String, habits: [Int64], as admin: SignedIn
    ) async throws -> Int64 {
        let json = #"{"title":"\#(title)","author":"A","categoryID":1,"price":{"amount":"1","currency":"USD"},"#
            + #""habitIDs":\#(habits)}"#
        return try decodeV1(Program.self, try await client.send("/v1/programs", .post, body(json), as: admin)).id
    }

    func counts(_ response: TestResponse, _ key: String) throws -> [String: Int] {
        let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
        return (object?[key] as? [String: Int]) ?? [:]
    }

    @Test func followsProgramsRatingsAndQuestionsRoundTripAndTwiceIsOnce() async throws {
        let source = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let exported = try await makeApplication(store: source, configuration: accountsConfiguration).test(.router) {
            client in
            let admin = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let couch = try await program(client, "Couch to 5K", habits: [1, 2], as: admin)
            let sleep = try await program(client, "Sleep well", habits: [3], as: admin)
            let me = "/v1/users/\(ada.account.id)"
            #expect(try await client.send("\(me)/following/\(bob.account.id)", .put, as: ada).status == .noContent)
            #expect(try await client.send("\(me)/programs/\(couch)", .put, as: ada).status == .noContent)
            for (id, stars) in [(couch, 4), (sleep, 2)] {
                let rated = try await client.send("\(me)/ratings/\(id)", .put, body(#"{"stars":\#(stars)}"#), as: ada)
                #expect(rated.status == .ok)
            }
            let asked = #"{"question":"How do I export?","authorID":\#(ada.account.id)}"#
            #expect(try await client.send("/v1/help/questions", .post, body(asked), as: ada).status == .created)
            return Array(try await client.send("/v1/me/export", as: ada).body.readableBytesView)
        }
        let export = try HabitsJSON.decoder().decode(AccountExport.self, from: Data(exported))
        #expect(export.following == ["bob"] && export.programs == ["Couch to 5K"])
        #expect(export.ratings.map(\.stars) == [4, 2] && export.questions.map(\.answer) == [nil])

        let target = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: target, configuration: accountsConfiguration).test(.router) { client in
            let admin = try await client.signUp("admin")
            // Other ids here: the programs are made in the other order, and bob after someone else.
            _ = try await client.signUp("cy")
            let bob = try await client.signUp("bob")
            let ada = try await client.signUp("ada")
            let sleep = try await program(client, "Sleep well", habits: [3], as: admin)
            let couch = try await program(client, "Couch to 5K", habits: [1, 2], as: admin)
            let first = try await ImportRouteTests().upload(client, exported, type: "application/json", as: ada)
            #expect(first.status == .ok)
            let imported = try counts(first, "imported")
            #expect(imported["followsAdded"] == 1 && imported["programsJoined"] == 1 && imported["ratingsSet"] == 2)
            #expect(imported["questionsAdded"] == 1 && imported["followsRequested"] == 0)
            #expect(try counts(first, "notImported").isEmpty)
            let again = try counts(
                try await ImportRouteTests().upload(client, exported, type: "application/json", as: ada), "imported")
            #expect(again["followsAdded"] == 0 && again["programsJoined"] == 0 && again["ratingsSet"] == 0)
            #expect(again["questionsAdded"] == 0 && again["questionsAlreadyThere"] == 1 && again["favoritesAdded"] == 0)
            #expect(try await target.following(userID: ada.account.id, page: PageRequest()).items.map(\.id) == [
                bob.account.id
            ])
            let ratings = try await target.readScreens { try await $0.programRatings(userID: ada.account.id) }
            #expect(ratings == [couch: 4, sleep: 2])
            #expect(try await target.program(id: couch).rating.count == 1)
            let reexported = Array(try await client.send("/v1/me/export", as: ada).body.readableBytesView)
            #expect(String(decoding: reexported, as: UTF8.self) == String(decoding: exported, as: UTF8.self))
        }
    }

    @Test func privateAccountsGetRequestsAndWhatIsNotHereIsCountedNotWritten() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let admin = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let cy = try await client.signUp("cy")
            _ = try await client.send("/v1/me", .patch, body(#"{"visibility":"private"}"#), as: cy)
            _ = try await program(client, "Couch to 5K", habits: [1], as: admin)
            func file(following: String, ratings: String) -> [UInt8] {
                let json = #"{"format":"habits-export","version":1,"account":{"username":"ada","name":"Ada","#
                    + #""timeZone":"UTC","locale":"en_US","visibility":"public"},"habits":[],"logs":[],"days":[],"#
                    + #""favorites":[],"following":\#(following),"programs":["Couch to 5K","Gone"],"#
                    + #""ratings":\#(ratings),"questions":[{"question":"  Why?  ","answer":"Because.","#
                    + #""askedAt":"2026-01-02T03:04:05Z"}]}"#
                return Array(json.utf8)
            }
            let upload = { (bytes: [UInt8]) in
                try await ImportRouteTests().upload(client, bytes, type: "application/json", as: ada)
            }
            // A rating out of range refuses the whole file: nothing of it is written.
            let refused = try await upload(file(following: #"["cy"]"#, ratings: #"[{"program":"Gone","stars":9}]"#))
            try expectError(refused, .unprocessableContent, code: "invalid_import")
            #expect(String(buffer: refused.body).contains("ratings[0]"))
            #expect(try await store.followRequests(userID: cy.account.id).isEmpty)
            #expect(try await store.joinedPrograms(userID: ada.account.id, page: PageRequest()).items.isEmpty)

            let response = try await upload(
                file(following: #"["cy","nobody","ada","cy"]"#, ratings: #"[{"program":"Gone","stars":3}]"#))
            #expect(response.status == .ok)
            let imported = try counts(response, "imported")
            // A private account and an unknown username count alike, so that an import never tells them apart;
            // the account's own username counts nowhere.
            #expect(imported["followsAdded"] == 0 && imported["followsRequested"] == 2)
            #expect(imported["programsJoined"] == 1)
            #expect(imported["favoritesAdded"] == 1 && imported["ratingsSet"] == 0 && imported["questionsAdded"] == 1)
            #expect(try counts(response, "notImported") == ["programs": 1, "ratings": 1, "answers": 1])
            // A private account is followed only once it approves.
            #expect(try await store.followRequests(userID: cy.account.id).map(\.user.id) == [ada.account.id])
            #expect(try await store.following(userID: ada.account.id, page: PageRequest()).items.isEmpty)
            // The question is the account's, unanswered, at its own time: answers are the help desk's.
            let questions = try decodeV1(
                Page<Question>.self, try await client.send("/v1/help/questions?limit=200", as: ada)
            ).items.filter { $0.authorID == ada.account.id }
            #expect(questions.map(\.question) == ["Why?"] && questions.map(\.answer) == [nil])
            #expect(questions.first?.createdAt == Fixture.instant("2026-01-02T03:04:05Z"))
        }
    }

    @Test func aFileOverTheLimitsIsRefusedBeforeAnythingIsRead() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let habit = #"{"ref":REF,"own":true,"name":"H REF","category":"x","info":"","schedule":{"kind":"daily"},"#
                + #""archived":false}"#
            let habits = (1...1_001).map { habit.replacingOccurrences(of: "REF", with: String($0)) }
            let json = #"{"format":"habits-export","version":1,"account":{"username":"ada","name":"Ada","#
                + #""timeZone":"UTC","locale":"en_US","visibility":"public"},"habits":["#
                + habits.joined(separator: ",") + #"],"logs":[],"days":[],"favorites":[],"following":[],"#
                + #""programs":[],"ratings":[],"questions":[]}"#
            let refused = try await ImportRouteTests().upload(
                client, Array(json.utf8), type: "application/json", as: ada)
            try expectError(refused, .unprocessableContent, code: "invalid_import")
            #expect(String(buffer: refused.body).contains("habits: holds more than 1000 habits."))
            #expect(try await store.ownHabits(ownerID: ada.account.id).isEmpty)
        }
    }
}
