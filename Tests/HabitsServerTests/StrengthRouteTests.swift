import Foundation
import HTTPTypes
import HabitsDomain
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// `GET …/score`: a habit's strength as Loop scores it, from the days marked through the API.
@Suite struct StrengthRouteTests {
    struct Scores: Decodable {
        struct Day: Decodable {
            var day: String
            var score: Double
        }

        var days: [Day]
    }

    /// Loop's scores of `entries` (oldest first), to four decimals.
    static func expected(_ entries: [StrengthEntry], frequency: StrengthFrequency) -> [Double] {
        StrengthCalculator(frequency: frequency, target: .yesNo).scores(days: entries).map {
            ($0 * 10_000).rounded() / 10_000
        }
    }

    @Test func theScoreIsLoopsOfTheMarkedDays() async throws {
        let (store, user, habit) = try await DayRouteTests.store(zone: "UTC")
        try await makeApplication(store: store).test(.router) { client in
            let base = "/v1/users/\(user)/habits/\(habit)"
            for day in ["2026-11-18", "2026-11-20", "2026-11-21", "2026-11-22"] {
                #expect(try await client.send("\(base)/days/\(day)", .put, as: nil).status == .noContent)
            }
            #expect(
                try await client.send("\(base)/days/2026-11-19", .put, body(#"{"status":"skipped"}"#), as: nil).status
                    == .noContent)
            let daily = try decode(
                Scores.self, try await client.send("\(base)/score?from=2026-11-17&to=2026-11-22", as: nil))
            #expect(daily.days.map(\.day) == (17...22).map { "2026-11-\($0)" })
            // From the first entry: the 18th done, the 19th skipped (the score holds), three more done.
            let entries: [StrengthEntry] = [.yesManual, .skip, .yesManual, .yesManual, .yesManual]
            #expect(daily.days.map(\.score) == [0] + Self.expected(entries, frequency: .daily))
            #expect(daily.days[1].score == 0.0519, "one day done: 1 - 0.5^(1/13)")
            #expect(daily.days[2].score == daily.days[1].score, "a skipped day leaves the score as it was")

            let weekly = body(#"{"schedule":{"kind":"weekly","timesPerWeek":3}}"#)
            #expect(try await client.send("/v1/habits/\(habit)", .patch, weekly, as: nil).status == .ok)
            let three = try decode(
                Scores.self, try await client.send("\(base)/score?from=2026-11-18&to=2026-11-22", as: nil))
            #expect(
                three.days.map(\.score)
                    == Self.expected(entries, frequency: StrengthFrequency(numerator: 3, denominator: 7)))
        }
    }

    @Test func aRangeIsCheckedAsTheDaysAre() async throws {
        let (store, user, habit) = try await DayRouteTests.store(zone: "UTC")
        try await makeApplication(store: store).test(.router) { client in
            let base = "/v1/users/\(user)/habits/\(habit)/score"
            for query in [
                "?from=2026-11-20&to=2026-11-23", "?from=2025-01-01&to=2026-11-22", "?from=2026-11-22&to=2026-11-20",
            ] {
                try expectError(try await client.send(base + query, as: nil), .unprocessableContent, code: "invalid")
            }
            try expectError(try await client.send(base + "?from=2026-11-20", as: nil), .badRequest)
            try expectError(
                try await client.send("/v1/users/\(user)/habits/999999/score?from=2026-11-20&to=2026-11-22", as: nil),
                .notFound)
        }
    }

    @Test func aPrivateAccountsScoreIsItsFollowersAlone() async throws {
        let (store, _, habits) = try await screenStore()
        let run = try #require(habits["Run"])
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bo = try await client.signUp("bo")
            #expect(try await client.send("/v1/me", .patch, body(#"{"visibility":"private"}"#), as: bo).status == .ok)
            let path = "/v1/users/\(bo.account.user.id)/habits/\(run)/score?from=2026-11-20&to=2026-11-22"
            #expect(try await client.send(path, as: bo).status == .ok)
            try expectError(try await client.send(path, as: ada), .notFound)
        }
    }
}
