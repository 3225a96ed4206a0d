@testable import HabitsServer
import NIOCore
import Testing

@Suite struct LoopbackTests {
    @Test(arguments: ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
    func loopbackAddressesAreLocal(ip: String) throws {
        let peer = try #require(IPAddress(try SocketAddress(ipAddress: ip, port: 1234)))
        #expect(peer.isLoopback)
        #expect(try #require(IPAddress(ip)) == peer)
    }

    @Test(arguments: ["10.0.0.1", "192.168.1.20", "128.0.0.1", "::ffff:10.0.0.1", "2001:db8::1", "fe80::1", "::"])
    func otherAddressesAreNot(ip: String) throws {
        let peer = try #require(IPAddress(try SocketAddress(ipAddress: ip, port: 1234)))
        #expect(!peer.isLoopback)
        #expect(try #require(IPAddress(ip)) == peer)
    }
}
