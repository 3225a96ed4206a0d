import HabitsSQLite
import Foundation
import HTTPTypes
import HabitsDomain
@testable import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Who is asking for a screen, decided in one place: `?user=`, else the web client's cookie, else
/// `--active-user`, else the first user.
@Suite struct ViewerMiddlewareTests {
    func request(_ path: String, cookie: String? = nil) -> Request {
        var head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path)
        if let cookie { head.headerFields[.cookie] = cookie }
        return Request(head: head, body: RequestBody(buffer: ByteBuffer()))
    }

    @Test func theViewerComesFromTheQueryThenTheCookieThenTheDefault() async throws {
        let (store, users, _) = try await screenStore()
        let web = ViewerMiddleware(store: store, defaultViewerKey: "user0", readsCookie: true)
        let api = ViewerMiddleware(store: store, defaultViewerKey: "user0", readsCookie: false)

        let named = try await web.viewer(of: request("/?user=user1", cookie: "habits_user=user2"))
        #expect(named.key == "user1" && named.id == users["user1"] && named.source == .query && !named.cookieIsStale)
        let remembered = try await web.viewer(of: request("/", cookie: "habits_user=user2"))
        #expect(remembered.key == "user2" && remembered.source == .cookie)
        let plain = try await web.viewer(of: request("/"))
        #expect(plain.key == "user0" && plain.source == .fallback && !plain.cookieIsStale)
        let stale = try await web.viewer(of: request("/", cookie: "habits_user=nobody"))
        #expect(stale.key == "user0" && stale.source == .fallback && stale.cookieIsStale)
        // `/v1`'s clients are not browsers: a cookie there changes nothing.
        let viaAPI = try await api.viewer(of: request("/", cookie: "habits_user=user2"))
        #expect(viaAPI.key == "user0" && viaAPI.source == .fallback && !viaAPI.cookieIsStale)
        await #expect(throws: HabitsError.self) { try await web.viewer(of: request("/?user=nobody")) }
    }

    @Test func withTheDefaultGoneTheFirstUserIsTheViewer() async throws {
        let (store, users, _) = try await screenStore()
        let web = ViewerMiddleware(store: store, defaultViewerKey: "gone", readsCookie: true)
        let first = try await store.users(page: PageRequest(limit: 1)).items.first
        let viewer = try await web.viewer(of: request("/", cookie: "habits_user=nobody"))
        #expect(viewer.id == first?.id && viewer.source == .fallback && viewer.cookieIsStale)
        #expect(users.values.contains(viewer.id))
    }

    @Test func aTransitionNeverSwitchesTheViewer() async throws {
        let (store, _, habits) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        let habit = habits["Run"] ?? 0
        try await app.test(.router) { client in
            let base = "/screens/emoji/transition?habit=\(habit)&q=dog&since=old&user=user1&from="
            #expect(try await client.send(base + "habit%3D\(habit)%26user%3Duser1").status == .ok)
            #expect(try await client.send(base + "habit%3D\(habit)").status == .ok)
            try expectError(try await client.send(base + "habit%3D\(habit)%26user%3Duser2"), .unprocessableContent)
            try expectError(try await client.send(base + "habit%3D\(habit)%26user%3Dnobody"), .notFound)
        }
    }
}
