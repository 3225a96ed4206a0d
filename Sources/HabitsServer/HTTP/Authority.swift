import Foundation

/// A host and optional port as `Host` and `Origin` carry them, normalised for comparison:
/// lower case, IPv6 without brackets, no trailing dot.
struct Authority: Hashable, Sendable {
    var host: String
    var port: Int?

    init(host: String, port: Int? = nil) {
        self.host = Self.normalise(host)
        self.port = port
    }

    /// Parses `host`, `host:port`, `[v6]` or `[v6]:port`; nil for anything else.
    init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        var hostPart: Substring
        var portPart: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portPart = rest.dropFirst()
            }
        } else {
            let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
            // A bare IPv6 address (the `--host ::1` value) has several colons and no port.
            if pieces.count > 2 {
                hostPart = Substring(text)
            } else {
                hostPart = pieces[0]
                portPart = pieces.count == 2 ? pieces[1] : nil
            }
        }
        // A name, an IPv4 address or an IPv6 literal (with a zone): nothing a browser would not send.
        guard !hostPart.isEmpty, hostPart.utf8.allSatisfy(Self.isHostByte) else { return nil }
        var port: Int?
        if let portPart {
            guard let number = Int(portPart), (0...65_535).contains(number) else { return nil }
            port = number
        }
        self.init(host: String(hostPart), port: port)
    }

    /// The scheme and authority (its port made explicit) of an `Origin` header such as
    /// `http://localhost:8080`; nil for `null` or garbage. An origin is exactly `scheme://host[:port]`
    /// (RFC 6454): user information, a path or a query (`http://evil.example@localhost`) is garbage.
    static func origin(_ origin: String) -> (ClientConnection.Scheme, Authority)? {
        guard let separator = origin.range(of: "://"),
            let scheme = ClientConnection.Scheme(rawValue: origin[..<separator.lowerBound].lowercased()),
            let authority = Authority(parsing: String(origin[separator.upperBound...]))
        else { return nil }
        return (scheme, Authority(host: authority.host, port: authority.port ?? scheme.defaultPort))
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "%"):
            return true
        default:
            return false
        }
    }

    private static func normalise(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        return host
    }
}
