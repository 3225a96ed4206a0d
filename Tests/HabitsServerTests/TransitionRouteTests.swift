import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// The emoji picker's and Help's parameters, and the web client's transitions between them.
@Suite struct TransitionRouteTests {
    struct Answer: Decodable {
        struct Changes: Decodable {
            var changeset: ScreenChangeset
            var items: [String: String]
        }

        var event: String
        var data: Changes?
    }

    struct Event: Decodable {
        var event: String
    }

    @Test func aSearchIsTheChangesetFromThePageShown() async throws {
        let (store, _, habits) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        let habit = habits["Run"] ?? 0
        try await app.test(.router) { client in
            let shown = try decode(ScreenDocument.self, try await client.send("/v1/screens/emoji?habit=\(habit)&q=cat"))
            let target = try decode(
                ScreenDocument.self, try await client.send("/v1/screens/emoji?habit=\(habit)&q=cat%20face"))
            let from = "habit%3D\(habit)%26q%3Dcat"
            let response = try await client.send(
                "/screens/emoji/transition?habit=\(habit)&q=cat%20face&from=\(from)&since=\(shown.revision)")
            #expect(response.status == .ok)
            let answer = try JSONDecoder().decode(Answer.self, from: Data(response.body.readableBytesView))
            #expect(answer.event == "changes")
            let changeset = try #require(answer.data?.changeset)
            #expect(try shown.applying(changeset) == target)
            // A page behind the current revision gets the whole document.
            let stale = try await client.send(
                "/screens/emoji/transition?habit=\(habit)&q=dog&from=\(from)&since=old")
            #expect(try JSONDecoder().decode(Event.self, from: Data(stale.body.readableBytesView)).event == "document")
            try expectError(try await client.send("/screens/emoji/transition?habit=\(habit)"), .badRequest)
        }
    }

    @Test func badParametersAreClearErrors() async throws {
        let (store, _, habits) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        let habit = habits["Run"] ?? 0
        try await app.test(.router) { client in
            let long = String(repeating: "a", count: 101)
            for (query, status) in [
                ("habit=\(habit)&layout=tiles", HTTPResponse.Status.unprocessableContent),
                ("habit=\(habit)&collapsed=Flags", .unprocessableContent),
                ("habit=\(habit)&q=\(long)", .unprocessableContent),
                ("habit=x", .badRequest),
                ("habit=999999", .notFound),
                ("", .unprocessableContent),
            ] {
                try expectError(try await client.send("/v1/screens/emoji?\(query)"), status)
            }
            #expect(try await client.send("/v1/screens/emoji?habit=\(habit)&collapsed=").status == .ok)
            try expectError(try await client.send("/v1/screens/help?tag=999"), .notFound, code: "tag_not_found")
        }
    }
}
