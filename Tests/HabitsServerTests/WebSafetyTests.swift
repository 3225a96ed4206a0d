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
import NIOCore
import Testing

/// Sends one request over a real socket with any `Host` (authority) and headers.
func sendLive(
    port: Int, _ uri: String, _ method: HTTPRequest.Method = .get, authority: String,
    headers: HTTPFields = [:], body: ByteBuffer? = nil
) async throws -> TestClient.Response {
    try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
        try await client.execute(
            TestClient.Request(uri, method: method, authority: authority, headers: headers, body: body))
    }
}

/// Another web site must never reach the server through the user's browser.
@Suite struct WebSafetyTests {
    func app(_ store: SQLiteHabitStore, host: String = "127.0.0.1", allowed: [String] = []) -> some ApplicationProtocol
    {
        makeApplication(
            store: store, demo: DemoDataSet(activeUserID: "user0", now: Fixture.now),
            configuration: ServerConfiguration(host: host, port: 0, allowedHosts: allowed)
        )
    }

    @Test func dnsRebindingIsRefusedOnEveryRoute() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let before = store.currentRevision()
        try await app(store).test(.live) { client in
            let port = try #require(client.port)
            let sameOrigin: HTTPFields = [.origin: "http://evil.tld:8080", .secFetchSite: "same-origin"]
            for (uri, method) in [
                ("/control/simulator/stop", HTTPRequest.Method.post), ("/control/simulator/reset", .post),
                ("/users", .get), ("/v1/users", .get), ("/v1/users/1", .delete), ("/no/such/route", .get),
            ] {
                let response = try await sendLive(
                    port: port, uri, method, authority: "evil.tld:8080", headers: sameOrigin)
                #expect(response.head.status == .misdirectedRequest, "\(method) \(uri)")
                let body = try JSONDecoder().decode(
                    ErrorBody.self, from: Data((response.body ?? ByteBuffer()).readableBytesView))
                #expect(body.error.code == "misdirected_request")
            }
        }
        #expect(store.currentRevision() == before, "nothing was written")
    }

    @Test func theServersOwnNamesAreAccepted() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await app(store, allowed: ["habits.example"]).test(.live) { client in
            let port = try #require(client.port)
            for authority in [
                "localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", "LOCALHOST", "habits.example:\(port)",
                "habits.example.",
            ] {
                let response = try await sendLive(port: port, "/healthz", authority: authority)
                #expect(response.head.status == .ok, "\(authority)")
            }
            #expect(
                try await sendLive(port: port, "/healthz", authority: "habits.example.evil").head.status
                    == .misdirectedRequest)
        }
    }

    @Test func onAnIPv6HostThePagesOwnControlsWork() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await app(store, host: "::1").test(.live) { client in
            let port = try #require(client.port)
            let headers: HTTPFields = [.origin: "http://[::1]:\(port)", .secFetchSite: "same-origin"]
            let response = try await sendLive(
                port: port, "/control/simulator/stop", .post, authority: "[::1]:\(port)", headers: headers
            )
            #expect(response.head.status == .ok)
        }
    }

    @Test func crossSiteSimpleRequestsWriteNothing() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let before = store.currentRevision()
        let log = #"{"userID":"user1","habitName":"Run","timestamp":"2026-11-20T10:00:00Z"}"#
        try await app(store).test(.live) { client in
            let port = try #require(client.port)
            let authority = "127.0.0.1:\(port)"
            let attacks: [HTTPFields] = [
                [.contentType: "text/plain", .origin: "http://evil.example", .secFetchSite: "cross-site"],
                [.contentType: "application/json", .origin: "http://evil.example"],
                [.contentType: "application/json", .secFetchSite: "same-site"],
                [.contentType: "application/json", .origin: "http://localhost:3000"],
                [.contentType: "application/json", .origin: "null"],
            ]
            for headers in attacks {
                for (uri, method) in [("/loggedHabit", HTTPRequest.Method.post), ("/v1/logs", .post)] {
                    let response = try await sendLive(
                        port: port, uri, method, authority: authority, headers: headers, body: ByteBuffer(string: log)
                    )
                    #expect(response.head.status == .forbidden, "\(uri) \(headers)")
                }
                let delete = try await sendLive(
                    port: port, "/v1/users/1?cascade=true", .delete, authority: authority, headers: headers)
                #expect(delete.head.status == .forbidden)
                let image = try await sendLive(
                    port: port, "/images/user1", .put, authority: authority, headers: headers,
                    body: ByteBuffer(bytes: [0xFF, 0xD8, 0xFF, 0])
                )
                #expect(image.head.status == .forbidden)
            }
            // The same write from the server's own page passes.
            let own: HTTPFields = [
                .contentType: "application/json", .origin: "http://\(authority)", .secFetchSite: "same-origin",
            ]
            let response = try await sendLive(
                port: port, "/loggedHabit", .post, authority: authority, headers: own, body: ByteBuffer(string: log))
            #expect(response.head.status == .ok)
        }
        #expect(try await store.statisticsSnapshot().count(userID: "user1", habitName: "Run") == 1)
        #expect(store.currentRevision() == before + 1)
    }

    @Test func jsonRoutesRequireAJSONContentType() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let log = #"{"userID":"user1","habitName":"Run","timestamp":"2026-11-20T10:00:00Z"}"#
        try await makeApplication(store: store).test(.router) { client in
            for contentType in [nil, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"] {
                var headers: HTTPFields = [:]
                if let contentType { headers[.contentType] = contentType }
                for uri in ["/loggedHabit", "/v1/users", "/v1/logs", "/v1/logs/batch", "/v1/categories"] {
                    try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: log)) {
                        response in
                        try expectError(response, .unsupportedMediaType, code: "unsupported_media_type")
                    }
                }
            }
            let json: HTTPFields = [.contentType: "application/json; charset=utf-8"]
            try await client.execute(uri: "/loggedHabit", method: .post, headers: json, body: ByteBuffer(string: log)) {
                response in
                #expect(response.status == .ok)
            }
        }
    }
}
