import Foundation
import HTTPTypes
import HabitsDomain
@testable import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// The web client's viewer: chosen with `POST /viewer` behind the Origin checks, never by a link.
@Suite struct ViewerChoiceTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    func app(_ store: SQLiteHabitStore, trusting proxies: [String] = []) -> some ApplicationProtocol {
        makeApplication(
            store: store,
            configuration: ServerConfiguration(
                port: 0, activeUser: "user0", trustedProxies: proxies.compactMap { IPAddressRange($0) }))
    }

    @Test func aLinkShowsThePageAsAnotherViewerButNeverRemembersIt() async throws {
        let (store, _, _) = try await screenStore()
        try await app(store).test(.router) { client in
            let linked = try await client.send("/screens/habits?tag=2&user=user2&q=x")
            #expect(linked.status == .ok)
            #expect(linked.headers[.setCookie] == nil, "a GET never sets the viewer")
            let html = WebRouteTests.text(linked)
            #expect(html.contains(#"<option value="user2" selected>User 2</option>"#))
            #expect(html.contains(#"<option value="user0">User 0</option>"#))
            // The picker posts, and comes back to this page without the linked viewer.
            #expect(html.contains(#"<form class="viewer" method="post" action="/viewer">"#))
            #expect(html.contains(#"<input type="hidden" name="return" value="/screens/habits?tag=2&amp;q=x">"#))
            // The next page without the link is the default viewer's again.
            let next = try await client.send("/screens/habits")
            #expect(WebRouteTests.text(next).contains(#"<option value="user0" selected>"#))
            // A user named in the query who does not exist is a 404.
            try expectError(try await client.send("/?user=nobody"), .notFound, code: "user_not_found")
        }
    }

    @Test func choosingTheViewerIsAPostThatRemembersItAndGoesBack() async throws {
        let (store, _, _) = try await screenStore()
        let before = store.currentRevision()
        try await app(store).test(.router) { client in
            let chosen = try await client.execute(
                uri: "/viewer", method: .post, headers: Self.form,
                body: ByteBuffer(string: "user=user2&return=%2Fscreens%2Fhabits%3Ftag%3D2%26q%3Da%2Bb")
            ) { $0 }
            #expect(chosen.status == .seeOther)
            #expect(chosen.headers[.location] == "/screens/habits?tag=2&q=a+b")
            let cookie = try #require(chosen.headers[.setCookie])
            #expect(cookie.hasPrefix("habits_user=user2;"))
            #expect(Self.attributes(cookie) == ["Path=/", "SameSite=Strict", "HttpOnly", "Max-Age=31536000"])
            #expect(!cookie.contains("Secure"), "the connection is plain HTTP")
            // Without `return`, Home.
            let home = try await client.execute(
                uri: "/viewer", method: .post, headers: Self.form, body: ByteBuffer(string: "user=user1")) { $0 }
            #expect(home.status == .seeOther && home.headers[.location] == "/")

            // The cookie names the viewer of the pages that follow.
            let remembered = try await client.execute(
                uri: "/screens/users", method: .get, headers: [.cookie: "other=1; habits_user=user2"]) { $0 }
            #expect(WebRouteTests.text(remembered).contains(#"<option value="user2" selected>"#))
            // A cookie naming a user who is gone shows the default viewer, and is cleared.
            let stale = try await client.execute(uri: "/", method: .get, headers: [.cookie: "habits_user=nobody"]) {
                $0
            }
            #expect(stale.status == .ok)
            #expect(WebRouteTests.text(stale).contains(#"<option value="user0" selected>"#))
            let cleared = try #require(stale.headers[.setCookie])
            #expect(cleared.hasPrefix("habits_user=; "))
            #expect(Self.attributes(cleared) == ["Path=/", "SameSite=Strict", "HttpOnly", "Max-Age=0"])
        }
        #expect(store.currentRevision() == before, "choosing a viewer writes nothing to the store")
    }

    @Test func badChoicesAreRefusedWithoutACookie() async throws {
        let (store, _, _) = try await screenStore()
        try await app(store).test(.router) { client in
            let cases: [(HTTPFields, String, HTTPResponse.Status, String)] = [
                (Self.form, "user=nobody", .notFound, "user_not_found"),
                (Self.form, "user=a%20b", .unprocessableContent, "invalid"),
                (Self.form, "return=%2F", .badRequest, "malformed_request"),
                (Self.form, "user=user1&return=%2F%2Fevil.example", .unprocessableContent, "invalid"),
                (Self.form, "user=user1&return=%2F%5Cevil.example", .unprocessableContent, "invalid"),
                (Self.form, "user=user1&return=https%3A%2F%2Fevil.example", .unprocessableContent, "invalid"),
                (Self.form, "user=user1&return=%2F%0D%0ASet-Cookie%3A+x%3D1", .unprocessableContent, "invalid"),
                ([.contentType: "application/json"], #"{"user":"user1"}"#, .unsupportedMediaType,
                 "unsupported_media_type"),
                ([:], "user=user1", .unsupportedMediaType, "unsupported_media_type"),
                (Self.form, "user=" + String(repeating: "a", count: 9_000), .contentTooLarge, "payload_too_large"),
            ]
            for (headers, body, status, code) in cases {
                let response = try await client.execute(
                    uri: "/viewer", method: .post, headers: headers, body: ByteBuffer(string: body)) { $0 }
                try expectError(response, status)
                #expect(try decode(ErrorBody.self, response).error.code == code, "\(body)")
                #expect(response.headers[.setCookie] == nil, "\(body)")
            }
            // Another site cannot switch the viewer with a form or a link.
            for headers: HTTPFields in [
                [.contentType: "application/x-www-form-urlencoded", .secFetchSite: "cross-site"],
                [.contentType: "application/x-www-form-urlencoded", .origin: "http://evil.example"],
            ] {
                let response = try await client.execute(
                    uri: "/viewer", method: .post, headers: headers, body: ByteBuffer(string: "user=user1")) { $0 }
                try expectError(response, .forbidden, code: "cross_site_request")
                #expect(response.headers[.setCookie] == nil)
            }
        }
    }

    @Test func overHTTPSThroughATrustedProxyTheCookieIsSecure() async throws {
        let (store, _, _) = try await screenStore()
        try await app(store, trusting: ["127.0.0.1"]).test(.live) { client in
            let port = try #require(client.port)
            let origin = "https://localhost:8443"
            let headers: HTTPFields = [
                .contentType: "application/x-www-form-urlencoded", .origin: origin, .secFetchSite: "same-origin",
                .xForwardedProto: "https", .xForwardedHost: "localhost:8443", .xForwardedFor: "127.0.0.1",
            ]
            let response = try await sendLive(
                port: port, "/viewer", .post, authority: "localhost", headers: headers,
                body: ByteBuffer(string: "user=user2&return=%2F"))
            #expect(response.head.status == .seeOther)
            let cookie = try #require(response.head.headerFields[.setCookie])
            #expect(Self.attributes(cookie).contains("Secure"))
        }
    }

    @Test func aMalformedOrUnreadableCookieIsNoViewer() async throws {
        let (store, _, _) = try await screenStore()
        try await app(store).test(.router) { client in
            for header in [
                "habits_user", "habits_user=", ";;=;", "=user2", "habits_user=%ZZ", "habits_user=\"",
                String(repeating: "habits_user=x;", count: 500), "habits_user=us%65r2",
            ] {
                let response = try await client.execute(uri: "/", method: .get, headers: [.cookie: header]) { $0 }
                #expect(response.status == .ok, "\(header.prefix(40))")
                let expected = header == "habits_user=us%65r2" ? "user2" : "user0"
                #expect(WebRouteTests.text(response).contains(#"<option value="\#(expected)" selected>"#))
            }
        }
    }

    /// A `Set-Cookie` value's attributes, in whatever order they come.
    static func attributes(_ cookie: String) -> Set<String> {
        Set(cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
    }
}
