import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a request got back: the status, the headers a client reads, and the body.
public struct TransportResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A header's value, whatever the case of its name.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Sends one request; throws only when no answer came (a URLError), never for an HTTP error status.
public protocol HTTPTransport: Sendable {
    /// Sends `request`; `progress` hears (bytes sent, bytes to send) while a body goes out.
    func send(_ request: URLRequest, progress: (@Sendable (Int64, Int64) -> Void)?) async throws
        -> TransportResponse
}

/// The transport through Foundation's URLSession: no cookies kept, no cache, 30-second timeouts.
public struct URLSessionTransport: HTTPTransport {
    let session: URLSession

    public init(timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        // An import may be large: the whole exchange may take longer than one quiet interval.
        configuration.timeoutIntervalForResource = timeout * 20
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: URLRequest, progress: (@Sendable (Int64, Int64) -> Void)?) async throws
        -> TransportResponse
    {
        let box = TaskBox()
        let watcher = progress.map { report in
            Task {
                // Polled rather than delegated: the counters are there on every platform.
                while !Task.isCancelled {
                    if let task = box.task { report(task.countOfBytesSent, task.countOfBytesExpectedToSend) }
                    try? await Task.sleep(for: .milliseconds(100))
                }
            }
        }
        defer { watcher?.cancel() }
        let (data, response): (Data, URLResponse) = try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let response {
                    continuation.resume(returning: (data ?? Data(), response))
                } else {
                    continuation.resume(throwing: URLError(.badServerResponse))
                }
            }
            box.task = task
            task.resume()
        }
        if let total = request.httpBody.map({ Int64($0.count) }) { progress?(total, total) }
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return TransportResponse(status: http.statusCode, headers: headers, body: data)
    }
}

/// The running task, for the progress watcher to read its counters.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: URLSessionTask?

    var task: URLSessionTask? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
