import HTTPTypes
import NIOCore

/// The request as its client made it: from which address, over which scheme, to which host. Behind a
/// trusted reverse proxy these come from the proxy's `Forwarded` or `X-Forwarded-*` headers; from any
/// other peer the headers are ignored and they are the TCP connection's own.
///
/// Resolved once per request by `ClientConnectionMiddleware` into `HabitsRequestContext.client`; the
/// logs, loopback-only routes, per-client limits, the host allow-list and the Origin check read it there.
public struct ClientConnection: Sendable, Equatable {
    /// The scheme of the client's request.
    public enum Scheme: String, Sendable {
        case http, https

        /// The port an authority without one means.
        var defaultPort: Int { self == .https ? 443 : 80 }
    }

    /// The client's IP address, the key for per-client limits; nil when a trusted proxy says it does not
    /// know it (`unknown`, an obfuscated name, an unreadable header) or the request came over no socket.
    public let address: IPAddress?
    /// `https` when the client's own connection was TLS (as a trusted proxy says), else the server's.
    public let scheme: Scheme
    /// The `Host` the client asked for (`host` or `host:port`); nil when the request carries none.
    public let host: String?
    /// `host`, parsed; nil when absent or unreadable.
    let authority: Authority?

    init(address: IPAddress?, scheme: Scheme, host: String?) {
        self.address = address
        self.scheme = scheme
        self.host = host
        authority = host.flatMap { Authority(parsing: $0) }
    }

    /// The connection's own peer, scheme and `Host`, believing no header.
    init(peer: SocketAddress?, head: HTTPRequest?) {
        self.init(
            address: peer.flatMap { IPAddress($0) },
            scheme: head?.scheme.flatMap { Scheme(rawValue: $0.lowercased()) } ?? .http,
            host: head?.authority)
    }

    /// Whether the client is on this machine (127.0.0.0/8 or ::1).
    public var isLoopback: Bool { address?.isLoopback ?? false }

    /// The client of a request that arrived from `peer`.
    ///
    /// From a peer in `trustedProxies`, `Forwarded` is read when present, else `X-Forwarded-For`,
    /// `-Proto` and `-Host`. The hops are walked from the right (the proxy nearest this server wrote
    /// the last one), skipping trusted proxies: the first other address is the client, and its hop's
    /// scheme and host are the client's. A peer that sends none of these headers is the client itself;
    /// one that sends them unreadable or without an address leaves the address unknown, never its own.
    /// - Complexity: O(n) in the length of the forwarding headers.
    static func resolve(head: HTTPRequest, peer: SocketAddress?, trustedProxies: [IPAddressRange]) -> Self {
        let direct = ClientConnection(peer: peer, head: head)
        guard let peerAddress = direct.address, trustedProxies.containsAddress(peerAddress) else { return direct }
        let fields = head.headerFields
        let forwarded = fields[values: .forwarded]
        if !forwarded.isEmpty {
            guard let hops = ForwardedHeaders.forwarded(forwarded) else {
                return ClientConnection(address: nil, scheme: direct.scheme, host: direct.host)
            }
            let client = hops[clientIndex(hops.map(\.address), trustedProxies)]
            return ClientConnection(
                address: client.address, scheme: client.scheme ?? direct.scheme, host: client.host ?? direct.host)
        }
        let forwardedFor = ForwardedHeaders.forwardedFor(fields[values: .xForwardedFor])
        let proto = ForwardedHeaders.last(fields[values: .xForwardedProto])
        let host = ForwardedHeaders.last(fields[values: .xForwardedHost])
        guard !forwardedFor.isEmpty || proto != nil || host != nil else { return direct }
        return ClientConnection(
            address: forwardedFor.isEmpty ? nil : forwardedFor[clientIndex(forwardedFor, trustedProxies)],
            scheme: proto.flatMap { Scheme(rawValue: $0.lowercased()) } ?? direct.scheme,
            host: host.flatMap { Authority(parsing: String($0)) == nil ? nil : String($0) } ?? direct.host)
    }

    /// The index of the client among `addresses` (nearest the client first, not empty): the rightmost
    /// that is unknown or not a trusted proxy; the first when every one is a trusted proxy.
    private static func clientIndex(_ addresses: [IPAddress?], _ trustedProxies: [IPAddressRange]) -> Int {
        var index = addresses.count - 1
        while index > 0, let address = addresses[index], trustedProxies.containsAddress(address) {
            index -= 1
        }
        return index
    }
}
