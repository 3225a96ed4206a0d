import Foundation
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection to 127.0.0.1, for sending a request as slowly as an attacker would.
final class RawConnection {
    fileprivate let descriptor: Int32

    /// Connects to 127.0.0.1:`port`, from `source` when given (another loopback address, as another client).
    init(port: Int, from source: String? = nil) throws {
        descriptor = try connectToLoopback(port: port, from: source)
    }

    deinit { close(descriptor) }

    /// Sends `text`; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        return bytes.withUnsafeBytes { Glibc_send(descriptor, $0.baseAddress, $0.count, flags) } == bytes.count
    }

    /// Makes closing the connection reset it (RST) rather than end it (FIN), as a client that crashes does.
    func resetOnClose() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    }

    /// Waits up to `timeout` for the server to send something; true when it did. What it sent is discarded.
    /// It polls without blocking and sleeps between polls: the server under test shares the cooperative pool.
    func receivesResponse(within timeout: TimeInterval) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptorSet, 1, 0) > 0 {
                var buffer = [UInt8](repeating: 0, count: 4_096)
                return recv(descriptor, &buffer, buffer.count, 0) > 0
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// Waits up to `timeout` for the server to close the connection; true when it did.
    /// Whatever the server sends first (an error response) is read and discarded.
    func waitForClose(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while Date() < deadline {
            var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptorSet, 1, 100)
            if ready > 0 {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count <= 0 { return true }
            }
        }
        return false
    }
}

extension RawConnection {
    /// What the server sends until it closes the connection or `timeout` passes, as text.
    func receiveUntilClosed(timeout: TimeInterval) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while Date() < deadline {
            var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptorSet, 1, 100) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// What the server sends until it closes the connection or `timeout` passes, as text; polls without
    /// blocking and sleeps between polls, so that the server under test keeps the cooperative pool.
    func response(within timeout: TimeInterval) async -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while Date() < deadline {
            var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptorSet, 1, 0) > 0 else {
                try? await Task.sleep(for: .milliseconds(10))
                continue
            }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}

/// A TCP socket connected to 127.0.0.1:`port`; `receiveBuffer` sets its receive buffer before connecting,
/// `source` the address it connects from (127.0.0.2 is another client on Linux, where all of 127/8 is local).
func connectToLoopback(port: Int, receiveBuffer: Int32? = nil, from source: String? = nil) throws -> Int32 {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    if var size = receiveBuffer {
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    // NIO's SocketAddress builds the sockaddr_in: its fields belong to whichever C module imported the
    // header first, which member-import visibility then asks this file to import.
    if let source {
        let bound = try SocketAddress(ipAddress: source, port: 0).withSockAddr { address, size in
            bind(descriptor, address, socklen_t(size))
        }
        guard bound == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
    }
    let connected = try SocketAddress(ipAddress: "127.0.0.1", port: port).withSockAddr { address, size in
        connect(descriptor, address, socklen_t(size))
    }
    guard connected == 0 else {
        close(descriptor)
        throw POSIXError(.ECONNREFUSED)
    }
    return descriptor
}

#if canImport(Glibc)
private let Glibc_send = Glibc.send
#elseif canImport(Darwin)
private let Glibc_send = Darwin.send
#endif
