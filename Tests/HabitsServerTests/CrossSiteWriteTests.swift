import Foundation
import HabitsDemo
import HabitsDomain
@testable import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

/// Every write route refuses a request the browser labels as another site's by `Sec-Fetch-Site` alone,
/// without an `Origin` to give it away: the routes are read from the router, so a new one is covered.
@Suite struct CrossSiteWriteTests {
    /// Every route of the real router that is not a safe method, with its parameters filled in.
    static func writeRoutes(_ store: SQLiteHabitStore) -> [(String, HTTPRequest.Method)] {
        let router = makeDemoRouter(store: store)
        return router.routes
            .filter { !CrossSiteRequestMiddleware.safeMethods.contains($0.method) }
            .map { route in
                let path = route.path.description.split(separator: "/").map { component -> Substring in
                    if component.hasPrefix(":") || component.hasPrefix("{") { return "1" }
                    return component.hasPrefix("*") ? "x" : component
                }
                return ("/" + path.joined(separator: "/"), route.method)
            }
    }

    @Test(arguments: ["cross-site", "same-site", "CROSS-SITE"])
    func everyWriteRouteRefusesAnotherSitesRequestWithoutOrigin(site: String) async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let before = store.currentRevision()
        let routes = Self.writeRoutes(store)
        // POST, PUT and DELETE routes of every controller, the viewer picker among them.
        #expect(routes.count >= 30)
        #expect(routes.contains { $0 == ("/viewer", .post) })
        #expect(routes.contains { $0 == ("/v1/users/1", .delete) })
        let app = makeApplication(
            store: store, demo: DemoDataSet(activeUserID: "user0", now: Fixture.now),
            configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        // Router tests have no socket, so the simulator's loopback guard refuses them too: the code tells
        // which check answered.
        try await app.test(.router) { client in
            for (uri, method) in routes {
                for contentType in ["application/json", "application/x-www-form-urlencoded", "text/plain"] {
                    let headers: HTTPFields = [.secFetchSite: site, .contentType: contentType]
                    let response = try await client.execute(
                        uri: uri, method: method, headers: headers, body: ByteBuffer(string: "{}")) { $0 }
                    #expect(response.status == .forbidden, "\(method) \(uri) \(contentType)")
                    let code = try? decode(ErrorBody.self, response).error.code
                    #expect(code == "cross_site_request", "\(method) \(uri) \(contentType)")
                }
            }
            #expect(store.currentRevision() == before, "another site's requests wrote nothing")
            // The label alone makes the difference: the same request from the server's own page or from an
            // app is not refused as another site's (it may fail for other reasons, or write).
            for (uri, method) in routes {
                for own: HTTPFields in [[.secFetchSite: "same-origin"], [.secFetchSite: "none"], [:]] {
                    var headers = own
                    headers[.contentType] = "application/json"
                    let response = try await client.execute(
                        uri: uri, method: method, headers: headers, body: ByteBuffer(string: "{}")) { $0 }
                    let code = try? decode(ErrorBody.self, response).error.code
                    #expect(code != "cross_site_request", "\(method) \(uri) \(own)")
                }
            }
        }
    }

    @Test func anOriginIsExactlySchemeHostAndPort() {
        #expect(Authority.origin("http://localhost:8080")?.1 == Authority(host: "localhost", port: 8080))
        #expect(Authority.origin("HTTPS://Habits.Example")?.1 == Authority(host: "habits.example", port: 443))
        #expect(Authority.origin("http://[::1]:8080")?.1 == Authority(host: "::1", port: 8080))
        // What a browser never sends as an origin is no origin: user information, a path, a query.
        for garbage in [
            "null", "http://evil.example@127.0.0.1:8080", "http://127.0.0.1:8080/", "http://127.0.0.1:8080?x",
            "ftp://127.0.0.1", "http://", "127.0.0.1:8080", "http://127.0.0.1:99999",
        ] {
            #expect(Authority.origin(garbage) == nil, "\(garbage)")
        }
    }
}
