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
        guard !hostPart.isEmpty else { return nil }
        var port: Int?
        if let portPart {
            guard let number = Int(portPart), (0...65_535).contains(number) else { return nil }
            port = number
        }
        self.init(host: String(hostPart), port: port)
    }

    /// The authority of an `Origin` header such as `http://localhost:8080`; nil for `null` or garbage.
    init?(origin: String) {
        guard let url = URL(string: origin), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        self.init(host: host, port: url.port ?? defaultPort)
    }

    private static func normalise(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        return host
    }
}
