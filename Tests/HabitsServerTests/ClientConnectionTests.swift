import HTTPTypes
import NIOCore
import Testing

@testable import HabitsServer

/// Who the client is, read through trusted proxies only: the pure resolution behind `context.client`.
@Suite struct ClientConnectionTests {
    static let proxies = ["127.0.0.1", "10.0.0.0/8", "fd00::/8"].compactMap { IPAddressRange($0) }

    func resolve(
        _ fields: [(String, String)], peer: String = "127.0.0.1", authority: String = "127.0.0.1:8080"
    ) throws -> ClientConnection {
        var headers = HTTPFields()
        for (name, value) in fields {
            headers.append(HTTPField(name: try #require(HTTPField.Name(name)), value: value))
        }
        let head = HTTPRequest(method: .get, scheme: "http", authority: authority, path: "/", headerFields: headers)
        return ClientConnection.resolve(
            head: head, peer: try SocketAddress(ipAddress: peer, port: 50_000), trustedProxies: Self.proxies)
    }

    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1"), ("10.200.3.4", "10.0.0.0/8"), ("10.1.2.3", "10.9.9.9/8"),
        ("::ffff:10.1.2.3", "10.0.0.0/8"), ("10.1.2.3", "::ffff:10.0.0.0/104"), ("fd12::1", "fd00::/8"),
        ("2001:db8::7", "::/0"), ("203.0.113.9", "0.0.0.0/0"), ("::1", "::1/128"),
    ])
    func rangesHoldTheirAddresses(address: String, range: String) throws {
        #expect(try #require(IPAddressRange(range)).contains(try #require(IPAddress(address))))
    }

    @Test(arguments: [
        ("11.0.0.1", "10.0.0.0/8"), ("127.0.0.2", "127.0.0.1"), ("fe00::1", "fd00::/8"), ("::1", "127.0.0.1"),
        ("10.0.0.1", "::1/128"), ("2001:db8::7", "0.0.0.0/0"),
    ])
    func rangesRefuseOtherAddresses(address: String, range: String) throws {
        #expect(try !#require(IPAddressRange(range)).contains(try #require(IPAddress(address))))
    }

    @Test(arguments: [
        "", "/8", "10.0.0.0/", "10.0.0.0/33", "::/129", "10.0.0.0/-1", "10.0.0.0/8/8", "localhost", "10.0.0",
        "10.0.0.256", "[::1]", "fe80::1%eth0", "10.0.0.0/ 8", " 10.0.0.1", "0x7f.0.0.1", "::1/0128",
    ])
    func malformedRangesAreRefused(text: String) {
        #expect(IPAddressRange(text) == nil)
    }

    @Test func addressesPrintInTheirUsualForm() throws {
        #expect(try #require(IPAddress("::ffff:192.0.2.1")).description == "192.0.2.1")
        #expect(try #require(IPAddress("2001:0db8:0:0:0:0:0:1")).description == "2001:db8::1")
        #expect(try #require(IPAddressRange("192.168.1.7/24")).description == "192.168.1.0/24")
    }

    @Test func withoutForwardingHeadersTheTrustedPeerIsTheClient() throws {
        let client = try resolve([])
        #expect(client == ClientConnection(address: IPAddress("127.0.0.1"), scheme: .http, host: "127.0.0.1:8080"))
    }

    @Test func xForwardedForIsWalkedFromTheRightSkippingTrustedProxies() throws {
        func address(_ value: String) throws -> String? {
            try resolve([("X-Forwarded-For", value)]).address?.description
        }
        #expect(try address("203.0.113.9") == "203.0.113.9")
        // The client forged the leftmost entries; the proxy appended the real one.
        #expect(try address("127.0.0.1, 198.51.100.1, 203.0.113.9") == "203.0.113.9")
        #expect(try address("203.0.113.9, 10.1.1.1, 127.0.0.1") == "203.0.113.9")
        #expect(try address("203.0.113.9:5123, [2001:db8::5]:443") == "2001:db8::5")
        #expect(try address("2001:db8::5, fd00::9") == "2001:db8::5")
        // Only trusted proxies: the first is the client (a browser on the proxy's machine).
        #expect(try address("127.0.0.1, 10.0.0.2") == "127.0.0.1")
        // Something that is not an address stops the walk: the client is unknown, never the proxy.
        #expect(try address("203.0.113.9, unknown, 10.0.0.2") == nil)
        #expect(try address("127.0.0.1, not-an-address") == nil)
        // Two header lines are one list.
        let lines = try resolve([("X-Forwarded-For", "127.0.0.1"), ("X-Forwarded-For", "198.51.100.4")])
        #expect(lines.address?.description == "198.51.100.4")
    }

    @Test func xForwardedProtoAndHostAreTheNearestProxysWord() throws {
        let client = try resolve([
            ("X-Forwarded-For", "203.0.113.9"), ("X-Forwarded-Proto", "http, HTTPS"),
            ("X-Forwarded-Host", "evil.example, habits.example:8443"),
        ])
        #expect(
            client
                == ClientConnection(
                    address: IPAddress("203.0.113.9"), scheme: .https, host: "habits.example:8443"))
        // Unreadable values are ignored: the connection's own scheme and host stand.
        let unreadable = try resolve([("X-Forwarded-Proto", "gopher"), ("X-Forwarded-Host", "a b")])
        #expect(unreadable.scheme == .http && unreadable.host == "127.0.0.1:8080")
        // A proxy that forwards but names no client leaves it unknown.
        #expect(unreadable.address == nil)
    }

    @Test func forwardedIsReadAsRFC7239AndWinsOverXForwarded() throws {
        let client = try resolve([
            ("Forwarded", #"for="[2001:db8:cafe::17]:4711";proto=https;host="habits.example", for=10.0.0.5"#),
            ("X-Forwarded-For", "198.51.100.1"), ("X-Forwarded-Proto", "http"),
        ])
        #expect(
            client
                == ClientConnection(
                    address: IPAddress("2001:db8:cafe::17"), scheme: .https, host: "habits.example"))
        // The client's hop carries the scheme and host, not the inner proxy's.
        let chain = try resolve([("Forwarded", "For=192.0.2.60;Proto=HTTPS;Host=a.example, for=10.0.0.5;proto=http")])
        #expect(chain == ClientConnection(address: IPAddress("192.0.2.60"), scheme: .https, host: "a.example"))
        #expect(try resolve([("Forwarded", "for=unknown;proto=https")]).address == nil)
        #expect(try resolve([("Forwarded", "for=_hidden, for=127.0.0.1")]).address == nil)
    }

    @Test(arguments: [
        #"for="203.0.113.9"#, "for=203.0.113.9;for=198.51.100.1", "for", "=203.0.113.9", "for=1.2.3.4;proto=https;;x",
        "for=1.2.3.4 proto=https", #"for="\"#, ",,;", "", "for=[::1]", "for=1.2.3.4,;proto",
        String(repeating: "for=1.2.3.4;", count: 3) + "proto=\"https", #"proto=https;host="evil.example";"x"#,
    ])
    func malformedForwardedHeadersAreIgnored(value: String) throws {
        let client = try resolve([("Forwarded", value), ("X-Forwarded-For", "127.0.0.1")])
        // Neither believed nor replaced by X-Forwarded-For, which a proxy may pass through unchecked.
        #expect(client == ClientConnection(address: nil, scheme: .http, host: "127.0.0.1:8080"))
    }

    @Test func fromAnyOtherPeerEveryForwardingHeaderIsIgnored() throws {
        let forged = [
            ("Forwarded", "for=127.0.0.1;proto=https;host=evil.example"), ("X-Forwarded-For", "127.0.0.1"),
            ("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "evil.example"),
        ]
        for peer in ["203.0.113.9", "127.0.0.2", "11.0.0.1", "2001:db8::1"] {
            let client = try resolve(forged, peer: peer)
            #expect(client == ClientConnection(address: IPAddress(peer), scheme: .http, host: "127.0.0.1:8080"))
            #expect(!client.isLoopback || peer.hasPrefix("127."))
        }
    }
}
