import HTTPTypes

/// What proxies say about the request they passed on, read from `Forwarded` (RFC 7239) or from
/// `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host`. Only `ClientConnection` reads these,
/// and only when the request came from a trusted proxy.
enum ForwardedHeaders {
    /// One proxy's account of the request it received: who sent it, over which scheme, for which host.
    struct Hop: Equatable {
        /// The sender; nil when the proxy says `unknown`, hides it (`_name`) or writes something unreadable.
        var address: IPAddress?
        var scheme: ClientConnection.Scheme?
        var host: String?
    }

    /// The hops of every `Forwarded` line, nearest the client first; nil when a line is not RFC 7239
    /// syntax or names no parameter at all.
    /// - Complexity: O(n) in the length of the header.
    static func forwarded(_ lines: [String]) -> [Hop]? {
        var hops: [Hop] = []
        for line in lines {
            guard let elements = ForwardedSyntax.elements(Array(line.utf8)) else { return nil }
            for pairs in elements {
                hops.append(
                    Hop(
                        address: pairs["for"].flatMap { node($0[...]) },
                        scheme: pairs["proto"].flatMap { ClientConnection.Scheme(rawValue: $0.lowercased()) },
                        host: pairs["host"].flatMap { Authority(parsing: $0) == nil ? nil : $0 }))
            }
        }
        return hops.isEmpty ? nil : hops
    }

    /// The addresses of `X-Forwarded-For`, nearest the client first; an entry that is not an address is
    /// nil, so that a walk from the right stops there rather than skipping it.
    static func forwardedFor(_ lines: [String]) -> [IPAddress?] {
        entries(lines).map { node($0) }
    }

    /// The last (rightmost) entry of a comma-separated header such as `X-Forwarded-Proto`: the one the
    /// proxy nearest this server wrote.
    static func last(_ lines: [String]) -> Substring? {
        entries(lines).last
    }

    /// The non-empty, trimmed entries of comma-separated header lines, in order.
    private static func entries(_ lines: [String]) -> [Substring] {
        lines.flatMap { $0.split(separator: ",") }.map(trimmed).filter { !$0.isEmpty }
    }

    /// An address as proxies write a node: `192.0.2.1`, `192.0.2.1:8080`, `[2001:db8::1]`,
    /// `[2001:db8::1]:8080` or a bare `2001:db8::1`; nil for `unknown`, `_hidden` names and garbage.
    static func node(_ text: Substring) -> IPAddress? {
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && isPort(rest.dropFirst())) else { return nil }
            return IPAddress(text[text.index(after: text.startIndex)..<close])
        }
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
        if pieces.count == 2 {
            guard isPort(pieces[1]) else { return nil }
            return IPAddress(pieces[0])
        }
        return IPAddress(text)
    }

    /// A port number, or an obfuscated port (`_abc`) as RFC 7239 allows.
    private static func isPort(_ text: Substring) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 32 else { return false }
        return text.hasPrefix("_") || (text.utf8.count <= 5 && text.utf8.allSatisfy { (48...57).contains($0) })
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}

/// RFC 7239's grammar: `element *("," element)`, `element = [pair] *(";" [pair])`,
/// `pair = token "=" (token / quoted-string)`. Whitespace is allowed around `,` and `;`.
private struct ForwardedSyntax {
    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Each element's parameters, names lowercased; nil on any syntax error or a repeated parameter.
    static func elements(_ bytes: [UInt8]) -> [[String: String]]? {
        var parser = ForwardedSyntax(bytes)
        return parser.parse()
    }

    private mutating func parse() -> [[String: String]]? {
        var elements: [[String: String]] = []
        var current: [String: String] = [:]
        while true {
            skipWhitespace()
            guard index < bytes.count else { break }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                if !current.isEmpty { elements.append(current) }
                current = [:]
                continue
            case UInt8(ascii: ";"):
                index += 1
                continue
            default:
                break
            }
            guard let name = token(), index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            guard let value = index < bytes.count && bytes[index] == UInt8(ascii: "\"") ? quoted() : token() else {
                return nil
            }
            let key = name.lowercased()
            guard current[key] == nil else { return nil }
            current[key] = value
            skipWhitespace()
            guard index == bytes.count || bytes[index] == UInt8(ascii: ";") || bytes[index] == UInt8(ascii: ",")
            else { return nil }
        }
        if !current.isEmpty { elements.append(current) }
        return elements.isEmpty ? nil : elements
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
    }

    private mutating func token() -> String? {
        let start = index
        while index < bytes.count, Self.isTokenByte(bytes[index]) { index += 1 }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    /// A quoted string without its quotes, escapes resolved; nil when it does not close.
    private mutating func quoted() -> String? {
        index += 1
        var value: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "\\"):
                // quoted-pair: any visible character, `"` and `\` included.
                guard index < bytes.count, Self.isQuotedByte(bytes[index]) || bytes[index] == 0x22
                    || bytes[index] == 0x5C
                else { return nil }
                value.append(bytes[index])
                index += 1
            default:
                guard Self.isQuotedByte(byte) else { return nil }
                value.append(byte)
            }
        }
        return nil
    }

    /// RFC 7230's `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default:
            return tokenSymbols.contains(byte)
        }
    }

    private static let tokenSymbols = Set("!#$%&'*+-.^_`|~".utf8)

    /// RFC 7230's `qdtext`: tab, space and visible characters except `"` and `\`.
    private static func isQuotedByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x20 || byte == 0x21 || (0x23...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
            || byte >= 0x80
    }
}

extension HTTPField.Name {
    static let forwarded = Self("Forwarded")!
    static let xForwardedFor = Self("X-Forwarded-For")!
    static let xForwardedProto = Self("X-Forwarded-Proto")!
    static let xForwardedHost = Self("X-Forwarded-Host")!
}
