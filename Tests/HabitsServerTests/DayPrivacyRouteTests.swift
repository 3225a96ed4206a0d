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

/// What another member may read of one's days, what Unskip leaves, and who may make a calendar address.
@Suite struct DayPrivacyRouteTests {
    struct Days: Decodable {
        var entries: [HabitDay]
    }

    @Test func unskippingADayKeepsItsLogs() async throws {
        let (store, user, habit) = try await DayRouteTests.store(zone: "UTC")
        try await makeApplication(store: store).test(.router) { client in
            let schedule = body(#"{"schedule":{"kind":"daily","timesPerDay":3}}"#)
            let patched = try await client.send("/v1/habits/\(habit)", .patch, schedule)
            #expect(patched.status == .ok)
            let log = #"{"userID":\#(user),"habitID":\#(habit),"timestamp":"2026-11-21T09:00:00Z"}"#
            #expect(try await client.send("/v1/logs", .post, body(log)).status == .created)
            let day = "/v1/users/\(user)/habits/\(habit)/days/2026-11-21"
            #expect(try await client.send(day, .put, body(#"{"status":"skipped"}"#)).status == .noContent)
            #expect(try await client.send(day, .put, body(#"{"status":"unskipped"}"#)).status == .noContent)
            let range = "/v1/users/\(user)/habits/\(habit)/days?from=2026-11-21&to=2026-11-21"
            let listed = try decode(Days.self, try await client.send(range))
            #expect(listed.entries.map { "\($0.logCount) \($0.isSkipped)" } == ["1 false"], "the log stays")
        }
    }

    @Test func anotherMemberReadsTheDaysWithoutTheNotes() async throws {
        let (store, _, habits) = try await screenStore()
        let run = try #require(habits["Run"])
        let app = makeApplication(store: store, configuration: accountsConfiguration)
        try await app.test(.router) { client in
            let ada = try await client.signUp("ada")
            let bo = try await client.signUp("bo")
            let base = "/v1/users/\(ada.account.user.id)/habits/\(run)/days"
            let today = LocalDay(Fixture.now, in: TimeZone(identifier: "UTC") ?? .current).description
            let skip = body(#"{"status":"skipped","note":"Private"}"#)
            #expect(try await client.send("\(base)/\(today)", .put, skip, as: ada).status == .noContent)
            let range = "\(base)?from=\(today)&to=\(today)"
            let own = try decode(Days.self, try await client.send(range, as: ada))
            #expect(own.entries.map(\.note) == ["Private"])
            let seen = try await client.send(range, as: bo)
            #expect(seen.status == .ok)
            #expect(try decode(Days.self, seen).entries.map(\.isSkipped) == [true])
            #expect(!String(buffer: seen.body).contains("Private"))
        }
    }

    @Test func onlyASessionMakesACalendarAddress() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(store: store, configuration: accountsConfiguration)
        try await app.test(.router) { client in
            let ada = try await client.signUp("ada")
            let made = try await client.send("/v1/me/tokens", .post, body(#"{"name":"cli","scope":"write"}"#), as: ada)
            let object = try JSONSerialization.jsonObject(with: Data(made.body.readableBytesView)) as? [String: Any]
            let token = try #require(object?["token"] as? String)
            #expect(try await client.send("/v1/me/calendar-feed", .post, bearer: token).status == .forbidden)
            #expect(try await client.send("/v1/me/calendar-feed", .post, as: ada).status == .created)
        }
    }
}
