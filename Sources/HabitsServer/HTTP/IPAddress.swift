import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address, without a port. An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, what a
/// dual-stack socket reports for an IPv4 peer) is the same value as its IPv4 address.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address as 128 bits, high half first; IPv4 is kept in its mapped form so that one
    /// comparison and one mask serve both families.
    let high: UInt64
    let low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses an address in numeric form only (`192.0.2.1`, `2001:db8::1`, `::ffff:192.0.2.1`); nil for
    /// names, ports, brackets, zone ids (`%eth0`) and anything else.
    public init?(_ text: some StringProtocol) {
        // The longest IPv6 text form is 45 characters; refuse anything else before the system parses it.
        guard (2...45).contains(text.utf8.count),
              text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") || $0.isHexDigit }),
              let address = try? SocketAddress(ipAddress: String(text), port: 0)
        else { return nil }
        self.init(address)
    }

    /// The address of a socket peer; nil for a Unix domain socket.
    public init?(_ address: SocketAddress) {
        switch address {
        // The address bytes are read at their fixed offsets in `sockaddr_in` (4) and `sockaddr_in6` (8), the
        // same on Linux and the BSDs: which C module owns those structs' fields differs between builds.
        case .v4(let v4):
            let bytes = withUnsafeBytes(of: v4.address) { Array($0) }
            guard bytes.count >= 8 else { return nil }
            let low = bytes[4..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            self.init(high: 0, low: 0xFFFF_0000_0000 | low)
        case .v6(let v6):
            let bytes = withUnsafeBytes(of: v6.address) { Array($0) }
            guard bytes.count >= 24 else { return nil }
            let half = { (range: Range<Int>) in bytes[range].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
            self.init(high: half(8..<16), low: half(16..<24))
        case .unixDomainSocket:
            return nil
        }
    }

    /// Whether this is an IPv4 address (or an IPv4-mapped IPv6 one).
    public var isIPv4: Bool { high == 0 && low >> 32 == 0xFFFF }

    /// Whether the address is this machine's: 127.0.0.0/8 or ::1.
    public var isLoopback: Bool {
        isIPv4 ? (low >> 24) & 0xFF == 127 : (high == 0 && low == 1)
    }

    /// The address with every bit after the first `prefixLength` of its 128-bit form cleared.
    func masked(toPrefixLength prefixLength: Int) -> IPAddress {
        func mask(_ bits: Int) -> UInt64 { bits <= 0 ? 0 : bits >= 64 ? .max : ~(UInt64.max >> bits) }
        return IPAddress(high: high & mask(prefixLength), low: low & mask(prefixLength - 64))
    }

    /// `192.0.2.1` or the compressed IPv6 form (`2001:db8::1`).
    public var description: String {
        if isIPv4 {
            return (0..<4).map { String((low >> (24 - 8 * $0)) & 0xFF) }.joined(separator: ".")
        }
        var bytes = ByteBuffer()
        bytes.writeInteger(high)
        bytes.writeInteger(low)
        return (try? SocketAddress(packedIPAddress: bytes, port: 0))?.ipAddress ?? "::"
    }
}

/// A block of addresses written `ADDRESS[/PREFIX]`: `10.0.0.0/8`, `127.0.0.1` (one address),
/// `fd00::/8`. Bits after the prefix are ignored, so `192.168.1.7/24` is `192.168.1.0/24`.
public struct IPAddressRange: Hashable, Sendable, CustomStringConvertible {
    /// The first address of the block.
    public let network: IPAddress
    /// The prefix length over the 128-bit form (96 plus the IPv4 prefix for IPv4).
    let prefixLength: Int

    /// Parses `ADDRESS` or `ADDRESS/PREFIX` (0–32 for IPv4, 0–128 for IPv6); nil for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        // An IPv4-mapped IPv6 address written with its IPv6 prefix keeps that prefix.
        let writtenAsIPv4 = !parts[0].contains(":")
        let maximum = writtenAsIPv4 ? 32 : 128
        var prefix = maximum
        if parts.count == 2 {
            guard parts[1].utf8.count <= 3, parts[1].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                  let number = Int(parts[1]), number <= maximum else { return nil }
            prefix = number
        }
        let prefixLength = writtenAsIPv4 ? 96 + prefix : prefix
        self.prefixLength = prefixLength
        network = address.masked(toPrefixLength: prefixLength)
    }

    /// Whether `address` is in the block.
    public func contains(_ address: IPAddress) -> Bool {
        address.masked(toPrefixLength: prefixLength) == network
    }

    public var description: String {
        network.isIPv4 && prefixLength >= 96 ? "\(network)/\(prefixLength - 96)" : "\(network)/\(prefixLength)"
    }
}

extension [IPAddressRange] {
    /// Whether any block holds `address`.
    func containsAddress(_ address: IPAddress) -> Bool {
        contains { $0.contains(address) }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self)
    }
}
