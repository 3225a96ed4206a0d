import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One Server-Sent Event as received.
struct ReceivedEvent: Equatable {
    var event: String
    var id: String?
    var data: String
}

/// A minimal Server-Sent Events client over a plain socket: it sends one GET and decodes the chunked
/// response into events, so tests see exactly what a browser would, with control over reading.
final class EventStreamClient {
    private let descriptor: Int32
    private var raw: [UInt8] = []
    private var headerParsed = false
    private var body: [UInt8] = []
    private(set) var status = 0
    /// The response's `Content-Encoding`; a gzip body is inflated as it arrives.
    private(set) var contentEncoding: String?
    private var gzip: GzipReader?
    /// The response's head: its status line and header fields.
    private(set) var head = ""

    /// Connects to 127.0.0.1:`port` (from `source` when given) and asks for `path`; `receiveBuffer` shrinks
    /// the socket's buffer so that a client that stops reading stalls the server's writes quickly.
    init(
        port: Int, path: String, headers: [String: String] = [:], receiveBuffer: Int32? = nil,
        from source: String? = nil
    ) throws {
        descriptor = try connectToLoopback(port: port, receiveBuffer: receiveBuffer, from: source)
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
    }

    deinit { close(descriptor) }

    /// The next event, waiting up to `timeout`; nil when none arrives in time or the stream ends.
    ///
    /// It never blocks a thread: the server under test runs on the same cooperative pool, so it polls
    /// without waiting and sleeps between polls.
    func nextEvent(timeout: TimeInterval) async -> ReceivedEvent? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let event = takeEvent() { return event }
            guard Date() < deadline, !isClosed else { return nil }
            if !receive() { try? await Task.sleep(for: .milliseconds(2)) }
        }
    }

    private var isClosed = false

    /// The response's status, waiting up to `timeout` for its head; 0 when none arrives.
    func responseStatus(within timeout: TimeInterval) async -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        while !headerParsed, Date() < deadline, !isClosed {
            if !receive() { try? await Task.sleep(for: .milliseconds(2)) }
        }
        return status
    }

    /// Reads what has arrived; false when nothing had.
    private func receive() -> Bool {
        var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptorSet, 1, 0) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else {
            isClosed = true
            return false
        }
        raw += buffer[0..<count]
        decode()
        return true
    }

    /// Moves complete chunks of the chunked body from `raw` to `body`.
    private func decode() {
        if !headerParsed {
            guard let end = find([13, 10, 13, 10], in: raw) else { return }
            head = String(decoding: raw[0..<end], as: UTF8.self)
            status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
            contentEncoding = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-encoding:") }
                .map { $0.dropFirst("content-encoding:".count).trimmingCharacters(in: .whitespaces) }
            if contentEncoding == "gzip" { gzip = try? GzipReader() }
            raw.removeFirst(end + 4)
            headerParsed = true
        }
        while let lineEnd = find([13, 10], in: raw) {
            let sizeText = String(decoding: raw[0..<lineEnd], as: UTF8.self)
            guard let size = Int(sizeText, radix: 16), raw.count >= lineEnd + 2 + size + 2 else { return }
            let chunk = raw[(lineEnd + 2)..<(lineEnd + 2 + size)]
            if let gzip {
                body += (try? gzip.feed(chunk)) ?? []
            } else {
                body += chunk
            }
            raw.removeFirst(lineEnd + 2 + size + 2)
        }
    }

    /// Takes one complete event from `body`, skipping blocks without data (the retry line, keep-alive comments).
    private func takeEvent() -> ReceivedEvent? {
        while let end = find([10, 10], in: body) {
            let block = String(decoding: body[0..<end], as: UTF8.self)
            body.removeFirst(end + 2)
            var event = ReceivedEvent(event: "message", id: nil, data: "")
            var hasData = false
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("event: ") {
                    event.event = String(line.dropFirst(7))
                } else if line.hasPrefix("id: ") {
                    event.id = String(line.dropFirst(4))
                } else if line.hasPrefix("data: ") {
                    event.data += String(line.dropFirst(6))
                    hasData = true
                }
            }
            if hasData { return event }
        }
        return nil
    }

    private func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for index in 0...(bytes.count - pattern.count) where bytes[index] == pattern[0] {
            if Array(bytes[index..<(index + pattern.count)]) == pattern { return index }
        }
        return nil
    }
}
