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

/// The web client's pages, static files and live stream through the real app.
@Suite struct WebRouteTests {
    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }

    /// The values of `attribute` in `html`, in order.
    static func values(of attribute: String, in html: String) -> [String] {
        html.components(separatedBy: "\(attribute)=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
    }

    @Test func everyScreenIsAPageOfItsDocumentInOrder() async throws {
        let (store, _, habits) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            let pages = [
                ("/", "/v1/screens/home"), ("/screens/habits", "/v1/screens/habits"),
                ("/screens/habit?habit=\(habits["Run"] ?? 0)", "/v1/screens/habit?habit=\(habits["Run"] ?? 0)"),
                ("/screens/users", "/v1/screens/users"), ("/screens/user?of=2", "/v1/screens/user?of=2"),
                ("/screens/log", "/v1/screens/log"), ("/screens/streak", "/v1/screens/streak"),
            ]
            for (page, api) in pages {
                let response = try await client.send(page)
                #expect(response.status == .ok, "\(page)")
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let html = Self.text(response)
                let document = try decode(ScreenDocument.self, try await client.send(api))
                #expect(Self.values(of: "data-section-id", in: html) == document.sections.map(\.id), "\(page)")
                #expect(Self.values(of: "data-item-id", in: html) == document.items.map(\.id), "\(page)")
                #expect(Self.values(of: "data-item-type", in: html) == document.items.map(\.type), "\(page)")
                #expect(html.contains(#"data-revision="\#(document.revision)""#))
            }
            try expectError(try await client.send("/screens/nothing"), .notFound, code: "screen_not_found")
        }
    }

    @Test func userSuppliedTextIsEscaped() async throws {
        let (store, users, _) = try await screenStore()
        let category = try await store.createCategory(
            Category(id: 0, name: "<i>Cat</i>", color: Color(hue: 0.1, saturation: 0.5, brightness: 0.5)))
        let habit = try await store.createHabit(
            Habit(
                id: 0, name: "<script>alert(1)</script>", categoryID: category.id, info: "\"quoted\" & <b>", emoji: nil)
        )
        try await store.setFavorite(userID: users["user0"] ?? 0, habitID: habit.id, true)
        _ = try await store.updateUser(id: users["user1"] ?? 0) { user in
            var user = user
            user.name = "<img src=x onerror=alert(2)>"
            return user
        }
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            for page in ["/", "/screens/habits", "/screens/habit?habit=\(habit.id)", "/screens/users", "/screens/log"] {
                let html = Self.text(try await client.send(page))
                #expect(!html.contains("<script>alert"), "\(page)")
                #expect(!html.contains("<img src=x"), "\(page)")
                #expect(!html.contains("<i>Cat"), "\(page)")
            }
            let habitsPage = Self.text(try await client.send("/screens/habits"))
            #expect(habitsPage.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            let detail = Self.text(try await client.send("/screens/habit?habit=\(habit.id)"))
            #expect(detail.contains("&quot;quoted&quot; &amp; &lt;b&gt;"))
        }
    }

    @Test func staticFilesAreServedWithTheirVersion() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let script = try await client.send("/web/app.js")
            #expect(script.status == .ok)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            let tag = try #require(script.headers[.eTag])
            let again = try await client.execute(uri: "/web/app.js", method: .get, headers: [.ifNoneMatch: tag]) { $0 }
            #expect(again.status == .notModified)
            #expect(try await client.send("/web/app.css").headers[.contentType] == "text/css; charset=utf-8")
            #expect(try await client.send("/web/secret.txt").status == .notFound)
            #expect(try await client.send("/web/..%2Fopenapi.yaml").status == .notFound)
        }
    }

    @Test func theLiveStreamCarriesRenderedHTML() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let page = try await client.execute(uri: "/", method: .get) { Self.text($0) }
            let revision = try #require(Self.values(of: "data-revision", in: page).first)
            let stream = try EventStreamClient(port: port, path: "/screens/home/live?since=\(revision)")
            try await log("user1", "Run", client)
            let event = try #require(await stream.nextEvent(timeout: 5))
            #expect(event.event == "changes")
            struct Payload: Decodable {
                var changeset: ScreenChangeset
                var items: [String: String]
            }
            let payload = try JSONDecoder().decode(Payload.self, from: Data(event.data.utf8))
            #expect(payload.changeset.from == revision)
            let updated = payload.changeset.stages.flatMap { $0.itemUpdates + $0.itemInserts }.map(\.value.id)
            #expect(!updated.isEmpty)
            for id in updated {
                #expect(payload.items[id]?.contains(#"data-item-id="\#(id)""#) == true)
            }
        }
    }
}

extension WebRouteTests {
    struct Frames: Decodable {
        struct Frame: Decodable {
            var id: String
            var x, y, width, height: Double
            var estimatedHeight: Bool
        }
        var items: [Frame]
    }

    @Test func theEngineFramesOfAScreenAreServedForAViewport() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            let document = try decode(ScreenDocument.self, try await client.send("/v1/screens/home"))
            let frames = try decode(Frames.self, try await client.send("/v1/screens/home/frames?width=390&height=844"))
            #expect(frames.items.map(\.id) == document.items.map(\.id))
            // The leaderboard's trios: 0.75 of the width, the group's height (0.75 of 844 less the insets)
            // shared by three cards 10 apart.
            let first = try #require(frames.items.first)
            #expect(first.x == 20 && first.width == 292.5)
            #expect(abs(first.height - (0.75 * (844 - 32) - 20) / 3) < 0.001)
            let followed = try #require(frames.items.first { $0.id.hasPrefix("user-") })
            #expect(followed.estimatedHeight && followed.height == 100)
            let measured = try decode(
                Frames.self,
                try await client.send("/v1/screens/home/frames?width=390&height=844&measured=\(followed.id):72.5"))
            #expect(measured.items.first { $0.id == followed.id }?.height == 72.5)
            try expectError(try await client.send("/v1/screens/home/frames?width=0&height=844"), .unprocessableContent)
            try expectError(try await client.send("/v1/screens/home/frames?height=844"), .badRequest)
            try expectError(
                try await client.send("/v1/screens/home/frames?width=390&height=844&measured=x"), .badRequest)
        }
    }
}
