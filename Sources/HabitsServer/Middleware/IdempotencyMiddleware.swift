import Crypto
import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// `Idempotency-Key` on a `/v1` write: the first request with a key runs and its answer is kept (24 hours, in
/// the store, so every instance knows it); a retry with the same key, method, path and body gets that answer
/// again (`Idempotent-Replayed: true`) and writes nothing; the same key with another request is a 422; a retry
/// while the first still runs is a 409. A request that fails lets its key go, so that a retry runs it.
///
/// It runs after the access checks, so a refused request claims no key, and keys are per account.
struct IdempotencyMiddleware: RouterMiddleware {
    typealias Context = HabitsRequestContext

    static let header = HTTPField.Name("Idempotency-Key")!
    static let replayedHeader = HTTPField.Name("Idempotent-Replayed")!
    /// The largest body a keyed request may have: an import's, else the largest other `/v1` write's (a picture).
    static func maximumBody(path: String) -> Int {
        path == Routes.meImport.pattern ? RequestBody.maximumImport : CourseAPIController.maximumImageBody
    }

    let store: any HabitStore
    let clock: @Sendable () -> Date

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let key = request.headers[Self.header], request.uri.path.hasPrefix("/v1/"),
            !CrossSiteRequestMiddleware.safeMethods.contains(request.method),
            !Self.isCredentialRoute(request.uri.path)
        else { return try await next(request, context) }
        try Self.check(key)
        let scope: IdempotencyScope
        let credential: String
        switch context.access {
        case .open: (scope, credential) = (.open, "open")
        case .signedIn(let identity):
            scope = .account(userID: identity.userID)
            credential = switch identity.proof {
            case .session: "session"
            case .token(_, let tokenScope): "token:\(tokenScope.rawValue)"
            }
        case .anonymous: return try await next(request, context)  // refused further in, or writes nothing
        }
        var request = request
        let body = try await request.body.collect(upTo: Self.maximumBody(path: request.uri.path))
        request.body = Hummingbird.RequestBody(buffer: body)
        let fingerprint = Self.fingerprint(request, body: body, credential: credential)
        switch try await store.beginIdempotentRequest(scope: scope, key: key, fingerprint: fingerprint, now: clock()) {
        case .replay(let stored): return Self.response(replaying: stored)
        case .mismatch:
            throw APIError(
                status: .unprocessableContent, code: "idempotency_key_reused",
                message: "This Idempotency-Key was used with another request; send a new key for a new request.")
        case .inProgress:
            throw APIError(
                status: .conflict, code: "idempotency_key_in_use",
                message: "A request with this Idempotency-Key is still running; retry in a moment.")
        case .started: break
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            try? await store.abandonIdempotentRequest(scope: scope, key: key)
            throw error
        }
        return try await keep(response, scope: scope, key: key)
    }

    /// Reads the answer's body, keeps it with its status when it is small enough, and sends it on.
    private func keep(_ response: Response, scope: IdempotencyScope, key: String) async throws -> Response {
        var response = response
        let collected = CollectedBody()
        try await response.body.write(CollectingBodyWriter(collected: collected))
        let bytes = collected.buffer
        response.body = ResponseBody(byteBuffer: bytes)
        guard response.status.code < 500, bytes.readableBytes <= IdempotencyRules.maximumResponseBytes else {
            try? await store.abandonIdempotentRequest(scope: scope, key: key)
            return response
        }
        let stored = StoredResponse(
            status: response.status.code, contentType: response.headers[.contentType],
            location: response.headers[.location], body: Data(bytes.readableBytesView))
        try await store.finishIdempotentRequest(scope: scope, key: key, response: stored)
        return response
    }

    /// 1 to 255 visible ASCII characters, as a UUID or any client's token is.
    static func check(_ key: String) throws {
        let bytes = key.utf8
        guard (1...IdempotencyRules.maximumKeyLength).contains(bytes.count),
            bytes.allSatisfy({ (0x21...0x7E).contains($0) })
        else {
            throw HabitsError.malformed(
                reason: "Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.")
        }
    }

    /// Routes whose answers are credentials (a token's secret, a session) or whose bodies are passwords:
    /// their answers are never kept, and a retry of one simply runs again.
    static func isCredentialRoute(_ rawPath: String) -> Bool {
        // The router reads `/v1//me/tokens` as `/v1/me/tokens`: so must this check.
        let path = "/" + rawPath.split(separator: "/").joined(separator: "/")
        return path.hasPrefix("/v1/auth/") || path == Routes.me.pattern || path.hasPrefix(Routes.meTokens.pattern)
            || path == Routes.mePassword.pattern || path.hasPrefix(Routes.meSessions.pattern)
            || path == Routes.meCalendarFeed.pattern
    }

    /// The request a key stands for: its method, path with query, body, and the kind of credential that
    /// sent it (a token replaying what only a session may do is another request, refused as such).
    static func fingerprint(_ request: Request, body: ByteBuffer, credential: String) -> Data {
        var hash = SHA256()
        hash.update(data: Data("\(credential) \(request.method.rawValue) \(request.uri.description)\n".utf8))
        hash.update(data: Data(body.readableBytesView))
        return Data(hash.finalize())
    }

    static func response(replaying stored: StoredResponse) -> Response {
        var headers: HTTPFields = [replayedHeader: "true", .cacheControl: "no-store"]
        if let type = stored.contentType { headers[.contentType] = type }
        if let location = stored.location { headers[.location] = location }
        return Response(
            status: HTTPResponse.Status(code: stored.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: stored.body)))
    }
}

/// Where `CollectingBodyWriter` puts what it is given.
private final class CollectedBody: Sendable {
    private let storage = NIOLockedValueBox(ByteBuffer())
    var buffer: ByteBuffer { storage.withLockedValue { $0 } }
    func append(_ part: ByteBuffer) { storage.withLockedValue { $0.writeImmutableBuffer(part) } }
}

/// A response body writer that keeps the bytes instead of sending them.
private struct CollectingBodyWriter: ResponseBodyWriter {
    let collected: CollectedBody
    mutating func write(_ buffer: ByteBuffer) async throws { collected.append(buffer) }
    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
