import Foundation
import HabitsDomain
import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Accounts mode with a cheap bcrypt cost: the tests check behaviour, not the hash's slowness.
let accountsConfiguration = ServerConfiguration(port: 0, authMode: .accounts, passwordCost: 4)

/// A signed-in client's credentials: its account and the `Cookie` header that carries its session.
struct SignedIn {
    var account: Account
    var cookie: String

    var headers: HTTPFields { [.cookie: cookie, .contentType: "application/json"] }
}

/// The `name=value` of a response's session cookie, nil when it sets none.
func sessionCookie(_ response: TestResponse) -> String? {
    response.headers[values: .setCookie].first { $0.hasPrefix("habits_session=") }
        .map { String($0.prefix { $0 != ";" }) }
}

extension TestClientProtocol {
    /// Signs up `username` and returns its account and session cookie.
    func signUp(
        _ username: String, password: String = "correct horse battery staple",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> SignedIn {
        let response = try await send(
            "/v1/auth/signup", .post,
            body(#"{"username":"\#(username)","password":"\#(password)","name":"\#(username.capitalized)"}"#))
        #expect(response.status == .created, sourceLocation: sourceLocation)
        let cookie = try #require(sessionCookie(response), sourceLocation: sourceLocation)
        return SignedIn(account: try decodeV1(Account.self, response), cookie: cookie)
    }

    /// Signs in and returns the new session cookie.
    func signIn(_ username: String, password: String = "correct horse battery staple") async throws -> TestResponse {
        try await send("/v1/auth/signin", .post, body(#"{"username":"\#(username)","password":"\#(password)"}"#))
    }

    /// Sends a request as `who` (nil: anonymous).
    func send(
        _ uri: String, _ method: HTTPRequest.Method = .get, _ body: ByteBuffer? = nil, as who: SignedIn?
    ) async throws -> TestResponse {
        try await execute(
            uri: uri, method: method, headers: who?.headers ?? [.contentType: "application/json"], body: body
        ) { $0 }
    }

    /// Sends a request with `Authorization: Bearer token`.
    func send(
        _ uri: String, _ method: HTTPRequest.Method = .get, _ body: ByteBuffer? = nil, bearer token: String
    ) async throws -> TestResponse {
        try await execute(
            uri: uri, method: method, headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
            body: body
        ) { $0 }
    }
}
