import Foundation
import HabitsDomain
import Hummingbird
import Logging
import NIOCore

/// The per-request context: Hummingbird's core context plus who the client is.
public struct HabitsRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The TCP peer's address (a proxy's, behind one); nil when the request did not come over a socket
    /// (router tests). Read `client` for the client's.
    public let remoteAddress: SocketAddress?
    /// The client's address, scheme and host, through trusted proxies: resolved by the router's first
    /// middleware (`ClientConnectionMiddleware`), so every other middleware and route reads it here.
    /// `client.address` is the key for per-client limits.
    public internal(set) var client: ClientConnection
    /// Completes when the request's connection closes; nil when it came over no socket.
    let connectionClosed: EventLoopFuture<Void>?
    /// Who is asking for a screen: set by `ViewerMiddleware` on the screen routes, nil on every other.
    /// Read it with `resolvedViewer()`.
    var viewer: Viewer?
    /// Who the request proved it is: set by `IdentityMiddleware` on every request, after the host and
    /// origin checks.
    var access: Access = .anonymous
    /// Whether the credential this request was signed in with is still live (not signed out, revoked or
    /// ended by a new password), for event streams that outlive their request's check; nil when none.
    var credentialIsLive: (@Sendable () async -> Bool)?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        client = ClientConnection(peer: remoteAddress, head: nil)
        connectionClosed = remoteAddress == nil ? nil : source.channel.closeFuture
    }

    /// The path parameter `name`, percent-decoded (`zo%C3%AB` → `zoë`), since the router leaves it encoded.
    public func pathParameter(_ name: String) throws -> String {
        let raw = try parameters.require(name)
        guard let decoded = raw.removingPercentEncoding else {
            throw HabitsError.malformed(reason: "The path parameter \(name) is not correctly percent-encoded.")
        }
        return decoded
    }

    /// Whether the client is on this machine (127.0.0.0/8 or ::1), through trusted proxies.
    public var isLoopbackCaller: Bool { client.isLoopback }
}
