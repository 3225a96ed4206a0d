import Foundation
import Testing

@testable import HabitsClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers from a script and remembers every request, for checking headers and retries.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Result<TransportResponse, URLError>]
    private(set) var requests: [URLRequest] = []

    init(_ answers: [Result<TransportResponse, URLError>]) {
        self.answers = answers
    }

    func send(_ request: URLRequest, progress: (@Sendable (Int64, Int64) -> Void)?) async throws -> TransportResponse {
        let answer = lock.withLock {
            requests.append(request)
            return answers.isEmpty ? .failure(URLError(.cannotConnectToHost)) : answers.removeFirst()
        }
        return try answer.get()
    }

    var sent: [URLRequest] { lock.withLock { requests } }
}

@Suite("Requests to the server")
struct APIClientTests {
    let server = URL(string: "http://127.0.0.1:9")!

    func client(_ transport: ScriptedTransport) -> APIClient {
        APIClient(server: server, token: "habits_t", transport: transport)
    }

    @Test("Reads carry the token and no key; writes carry a fresh Idempotency-Key each")
    func headers() async throws {
        let transport = ScriptedTransport([
            .success(TransportResponse(status: 200)), .success(TransportResponse(status: 204)),
            .success(TransportResponse(status: 204)),
        ])
        let api = client(transport)
        _ = try await api.send(APIRequest("GET", "/v1/me"))
        _ = try await api.send(APIRequest("POST", "/v1/logs/undo"))
        _ = try await api.send(APIRequest("DELETE", "/v1/me/tokens/3"))
        let sent = transport.sent
        #expect(
            sent.map { $0.url?.absoluteString } == [
                "http://127.0.0.1:9/v1/me", "http://127.0.0.1:9/v1/logs/undo", "http://127.0.0.1:9/v1/me/tokens/3",
            ])
        #expect(sent.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == "Bearer habits_t" })
        #expect(sent[0].value(forHTTPHeaderField: "Idempotency-Key") == nil)
        let keys = sent.dropFirst().compactMap { $0.value(forHTTPHeaderField: "Idempotency-Key") }
        #expect(keys.count == 2 && Set(keys).count == 2)
        #expect(keys.allSatisfy { UUID(uuidString: $0) != nil })
    }

    @Test("A connection failure is tried once more with the same key")
    func retryKeepsTheKey() async throws {
        let transport = ScriptedTransport([
            .failure(URLError(.networkConnectionLost)), .success(TransportResponse(status: 201)),
        ])
        _ = try await client(transport).send(.json("POST", "/v1/logs", ["habitID": 1]))
        let keys = transport.sent.map { $0.value(forHTTPHeaderField: "Idempotency-Key") }
        #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1])
        #expect(transport.sent.allSatisfy { $0.httpBody == transport.sent[0].httpBody })
    }

    @Test("Two connection failures: unreachable, after exactly two tries")
    func unreachable() async {
        let transport = ScriptedTransport([])
        await #expect(throws: ClientError.unreachable(server: "http://127.0.0.1:9", reason: "connection refused")) {
            _ = try await client(transport).send(APIRequest("POST", "/v1/logs"))
        }
        #expect(transport.sent.count == 2)
    }

    @Test("An HTTP error is an answer: never retried, its message kept")
    func refusal() async {
        let body = Data(#"{"error":{"code":"future_day","message":"2026-11-28 is after today."}}"#.utf8)
        let transport = ScriptedTransport([.success(TransportResponse(status: 422, body: body))])
        await #expect(
            throws: ClientError.refused(status: 422, code: "future_day", message: "2026-11-28 is after today.")
        ) {
            _ = try await client(transport).send(APIRequest("PUT", "/v1/users/1/habits/1/days/2026-11-28"))
        }
        #expect(transport.sent.count == 1)
        let bare = APIClient.refusal(TransportResponse(status: 502, body: Data("Bad Gateway".utf8)))
        #expect(bare.message == "the server answered HTTP 502: Bad Gateway")
        #expect(bare.exitStatus == .failure)
    }

    @Test("A refused token says how to sign in again; a refused password does not")
    func unauthenticated() async {
        let body = Data(#"{"error":{"code":"unauthenticated","message":"Sign in first."}}"#.utf8)
        let transport = ScriptedTransport([
            .success(TransportResponse(status: 401, body: body)),
            .success(TransportResponse(status: 401, body: body)),
        ])
        await #expect(
            throws: ClientError.refused(
                status: 401, code: "unauthenticated",
                message: "Sign in first. (sign in again with `habits login`, or check HABITS_TOKEN)")
        ) {
            _ = try await client(transport).send(APIRequest("GET", "/v1/me"))
        }
        await #expect(throws: ClientError.refused(status: 401, code: "unauthenticated", message: "Sign in first.")) {
            _ = try await APIClient(server: server, token: nil, transport: transport).send(
                APIRequest("POST", "/v1/auth/signin"))
        }
    }

    @Test("Login reads the session cookie among the Set-Cookie attributes")
    func sessionCookie() {
        #expect(LoginFlow.sessionCookie("habits_session=abc; HttpOnly; SameSite=Lax; Path=/") == "habits_session=abc")
        #expect(
            LoginFlow.sessionCookie("other=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT, habits_session=xyz; Path=/")
                == "habits_session=xyz")
        #expect(LoginFlow.sessionCookie("habits_session=; Max-Age=0") == nil)
        #expect(LoginFlow.sessionCookie(nil) == nil)
        #expect(LoginFlow.tokenName(host: "laptop") == "habits on laptop")
        #expect(LoginFlow.tokenName(host: String(repeating: "h", count: 200)).count == 100)
    }

    /// An account as `POST /v1/auth/signin` answers it (the domain's `Account`).
    static func account(timeZone: String) -> Data {
        Data(
            """
            {"id":4,"username":"ada","name":"Ada","timeZone":"\(timeZone)","locale":"en_US","role":"member",
            "visibility":"public","createdAt":"2026-11-27T08:00:00Z"}
            """.utf8)
    }

    /// A token as `POST /v1/me/tokens` answers it (the domain's `IssuedToken`).
    static func issuedToken(id: Int64, name: String, secret: String) -> Data {
        Data(
            """
            {"id":\(id),"name":"\(name)","scope":"write","createdAt":"2026-11-27T08:00:00Z","token":"\(secret)"}
            """.utf8)
    }

    @Test("Login: sign in, a write token with the cookie, sign out; the record holds the token")
    func loginFlow() async throws {
        let account = Self.account(timeZone: "Europe/Paris")
        let token = Self.issuedToken(id: 12, name: "habits on laptop", secret: "habits_abc")
        let transport = ScriptedTransport([
            .success(
                TransportResponse(status: 200, headers: ["Set-Cookie": "habits_session=s1; Path=/"], body: account)),
            .success(TransportResponse(status: 201, body: token)),
            .success(TransportResponse(status: 204)),
        ])
        let record = try await LoginFlow(transport: transport).login(
            server: server, username: "ada", password: "correct horse", tokenName: "habits on laptop")
        #expect(record == LoginRecord(server: "http://127.0.0.1:9", token: "habits_abc", tokenID: 12, username: "ada"))
        let sent = transport.sent
        #expect(sent.map { $0.url?.path } == ["/v1/auth/signin", "/v1/me/tokens", "/v1/auth/signout"])
        #expect(sent[0].value(forHTTPHeaderField: "Cookie") == nil)
        #expect(sent.dropFirst().allSatisfy { $0.value(forHTTPHeaderField: "Cookie") == "habits_session=s1" })
        let body = try JSONSerialization.jsonObject(with: sent[1].httpBody ?? Data()) as? [String: String]
        #expect(body == ["name": "habits on laptop", "scope": "write"])
    }

    @Test("Logging in again as the same account revokes the earlier token with the session")
    func loginReplacesTheEarlierToken() async throws {
        let account = Self.account(timeZone: "UTC")
        let token = Self.issuedToken(id: 13, name: "n", secret: "habits_new")
        func script() -> ScriptedTransport {
            ScriptedTransport([
                .success(TransportResponse(status: 200, headers: ["set-cookie": "habits_session=s2"], body: account)),
                .success(TransportResponse(status: 201, body: token)),
                .success(TransportResponse(status: 204)), .success(TransportResponse(status: 204)),
            ])
        }
        let earlier = LoginRecord(server: "http://127.0.0.1:9", token: "habits_old", tokenID: 12, username: "Ada")
        let same = script()
        _ = try await LoginFlow(transport: same).login(
            server: server, username: "ada", password: "p", tokenName: "n", previous: earlier)
        #expect(
            same.sent.map { "\($0.httpMethod ?? "") \($0.url?.path ?? "")" } == [
                "POST /v1/auth/signin", "POST /v1/me/tokens", "DELETE /v1/me/tokens/12", "POST /v1/auth/signout",
            ])
        var elsewhere = earlier
        elsewhere.server = "https://other.example"
        let other = script()
        _ = try await LoginFlow(transport: other).login(
            server: server, username: "ada", password: "p", tokenName: "n", previous: elsewhere)
        #expect(other.sent.count == 3, "another server's token is not this server's to revoke")
    }
}
