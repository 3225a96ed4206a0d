import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection to 127.0.0.1, for sending a request as slowly as an attacker would.
final class RawConnection {
    fileprivate let descriptor: Int32

    init(port: Int) throws {
        descriptor = try connectToLoopback(port: port)
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
}

/// A TCP socket connected to 127.0.0.1:`port`; `receiveBuffer` sets its receive buffer before connecting.
func connectToLoopback(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    if var size = receiveBuffer {
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
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
