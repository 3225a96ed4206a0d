import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One call to the server's `/v1` API.
public struct APIRequest: Sendable {
    public var method: String
    /// The path below the server's base: a `Routes` pattern filled in, such as `Routes.meToday.path()`.
    public var path: String
    public var query: [URLQueryItem]
    public var body: Data?
    public var contentType: String?
    /// A session cookie (`habits_session=…`) for the few calls made before a token exists.
    public var cookie: String?

    public init(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: Data? = nil,
        contentType: String? = nil, cookie: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.contentType = contentType
        self.cookie = cookie
    }

    /// A request whose body is `value` as JSON.
    public static func json(_ method: String, _ path: String, _ value: some Encodable, cookie: String? = nil)
        -> APIRequest
    {
        let body = try? HabitsClientJSON.encoder.encode(value)
        return APIRequest(method, path, body: body, contentType: "application/json", cookie: cookie)
    }

    /// Whether the method changes something, and so carries an `Idempotency-Key`.
    public var isWrite: Bool { !["GET", "HEAD", "OPTIONS"].contains(method) }
}

/// Sends API requests to one server: the token, an `Idempotency-Key` on every write, one retry with the
/// same key when the connection failed, and the server's error body turned into a `ClientError`.
public struct APIClient: Sendable {
    public let server: URL
    public let token: String?
    let transport: any HTTPTransport
    /// Makes each write's key; a fresh UUID unless a test fixes it.
    let makeKey: @Sendable () -> String

    public init(
        server: URL, token: String?, transport: any HTTPTransport = URLSessionTransport(),
        makeKey: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.server = server
        self.token = token
        self.transport = transport
        self.makeKey = makeKey
    }

    /// Sends `request`; answers a 2xx response, throws the server's refusal otherwise.
    public func send(_ request: APIRequest, progress: (@Sendable (Int64, Int64) -> Void)? = nil)
        async throws(ClientError) -> TransportResponse
    {
        let urlRequest = try makeURLRequest(request, key: request.isWrite ? makeKey() : nil)
        let response: TransportResponse
        do {
            response = try await transport.send(urlRequest, progress: progress)
        } catch let error as URLError where Self.isConnectionFailure(error) {
            // Nothing may have reached the server, or its answer was lost: the same key makes a second
            // try safe, since the server answers a repeated key with the first outcome.
            do {
                response = try await transport.send(urlRequest, progress: progress)
            } catch {
                throw .unreachable(server: server.absoluteString, reason: Self.describe(error))
            }
        } catch {
            throw .unreachable(server: server.absoluteString, reason: Self.describe(error))
        }
        guard (200..<300).contains(response.status) else {
            let refusal = Self.refusal(response)
            // A token that no longer works needs a new login; say how.
            if token != nil, case .refused(401, let code, let message) = refusal {
                throw .refused(
                    status: 401, code: code,
                    message: message + " (sign in again with `habits login`, or check HABITS_TOKEN)")
            }
            throw refusal
        }
        return response
    }

    /// Sends `request` and decodes its JSON answer as `T`.
    public func decode<T: Decodable>(_ type: T.Type, _ request: APIRequest) async throws(ClientError) -> T {
        let response = try await send(request)
        return try HabitsClientJSON.decode(type, from: response.body)
    }

    func makeURLRequest(_ request: APIRequest, key: String?) throws(ClientError) -> URLRequest {
        guard var components = URLComponents(url: server, resolvingAgainstBaseURL: false) else {
            throw .usage("cannot use the server address \(server.absoluteString)")
        }
        components.path = components.path + request.path
        if !request.query.isEmpty { components.queryItems = request.query }
        guard let url = components.url else { throw .usage("cannot make an address for \(request.path)") }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        urlRequest.setValue("habits-cli", forHTTPHeaderField: "User-Agent")
        if let contentType = request.contentType {
            urlRequest.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        if let token { urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let cookie = request.cookie { urlRequest.setValue(cookie, forHTTPHeaderField: "Cookie") }
        if let key { urlRequest.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
        return urlRequest
    }

    /// Failures where no answer came back; an HTTP error status is an answer and is never retried.
    static func isConnectionFailure(_ error: URLError) -> Bool {
        [
            .cannotConnectToHost, .networkConnectionLost, .timedOut, .cannotFindHost, .dnsLookupFailed,
            .notConnectedToInternet, .secureConnectionFailed,
        ].contains(error.code)
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? URLError else { return "\(error)" }
        switch error.code {
        case .cannotConnectToHost: return "connection refused"
        case .timedOut: return "no answer within the timeout"
        case .cannotFindHost, .dnsLookupFailed: return "unknown host"
        case .networkConnectionLost: return "the connection was lost"
        default: return error.localizedDescription
        }
    }

    /// The server's `{"error": {"code", "message"}}` as a refusal; a bare status when the body is not that.
    static func refusal(_ response: TransportResponse) -> ClientError {
        struct Body: Decodable {
            struct Detail: Decodable {
                let code: String
                let message: String
            }
            let error: Detail
        }
        if let body = try? JSONDecoder().decode(Body.self, from: response.body) {
            return .refused(status: response.status, code: body.error.code, message: body.error.message)
        }
        let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return .refused(
            status: response.status, code: "http_\(response.status)",
            message: "the server answered HTTP \(response.status)" + (text.isEmpty ? "" : ": \(text)"))
    }
}
