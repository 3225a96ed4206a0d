import Foundation
import HabitsDomain
import Hummingbird
import Logging
import NIOCore

/// The per-request context: Hummingbird's core context plus the caller's address.
public struct HabitsRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer address, nil when the request did not come over a socket (router tests).
    public let remoteAddress: SocketAddress?
    /// Completes when the request's connection closes; nil when it came over no socket.
    let connectionClosed: EventLoopFuture<Void>?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
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

    /// Whether the caller is on this machine (127.0.0.0/8 or ::1).
    public var isLoopbackCaller: Bool {
        guard let remoteAddress else { return false }
        return Self.isLoopback(remoteAddress)
    }

    static func isLoopback(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4:
            return address.ipAddress?.hasPrefix("127.") ?? false
        case .v6:
            guard let ip = address.ipAddress else { return false }
            return ip == "::1" || ip.hasPrefix("::ffff:127.")
        case .unixDomainSocket:
            return true
        }
    }
}
