import Foundation
import HabitsTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `habits serve --trusted-proxy` and `HABITS_TRUSTED_PROXIES`, in the built executable.
@Suite(.serialized) struct TrustedProxyOptionTests {
    /// Runs `habits serve --demo` with `arguments` and `environment` added; returns the process and its
    /// standard output and error.
    static func launch(
        database: String, arguments: [String], environment: [String: String] = [:]
    ) throws -> (Process, Pipe, Pipe) {
        let executable = try #require(
            ServeProcessTests.locateExecutable(), "build the habits executable first (swift build --build-tests)")
        let process = Process()
        process.executableURL = executable
        process.arguments =
            ["serve", "--demo", "--port", "0", "--database", database, "--log-level", "error"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }

    /// The status of the loopback-only simulator status, asked with `headers`.
    static func controlStatus(port: Int, headers: [String: String]) async throws -> Int {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/control/simulator/status")))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (_, response) = try await URLSession.shared.data(for: request)
        return try #require(response as? HTTPURLResponse).statusCode
    }

    @Test(.timeLimit(.minutes(1)), arguments: [
        (["--trusted-proxy", "10.0.0.0/8", "--trusted-proxy", "127.0.0.1"], [:]),
        ([], ["HABITS_TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.1"]),
    ])
    func theProxysWordIsBelievedForTheClientAddress(arguments: [String], environment: [String: String]) async throws {
        let temporary = try TemporaryDatabase()
        let (process, output, _) = try Self.launch(
            database: temporary.path, arguments: arguments, environment: environment)
        defer { if process.isRunning { process.terminate() } }
        let port = try await ServeProcessTests.readPort(from: output.fileHandleForReading)
        // The proxy (this machine) asks for a client elsewhere: not a local caller.
        #expect(try await Self.controlStatus(port: port, headers: ["X-Forwarded-For": "203.0.113.9"]) == 403)
        #expect(try await Self.controlStatus(port: port, headers: ["X-Forwarded-For": "127.0.0.1"]) == 200)
        #expect(try await Self.controlStatus(port: port, headers: [:]) == 200)
    }

    @Test(.timeLimit(.minutes(1))) func withoutTheOptionTheHeadersAreIgnored() async throws {
        let temporary = try TemporaryDatabase()
        let (process, output, _) = try Self.launch(
            database: temporary.path, arguments: [], environment: ["HABITS_TRUSTED_PROXIES": ""])
        defer { if process.isRunning { process.terminate() } }
        let port = try await ServeProcessTests.readPort(from: output.fileHandleForReading)
        #expect(try await Self.controlStatus(port: port, headers: ["X-Forwarded-For": "203.0.113.9"]) == 200)
    }

    @Test(.timeLimit(.minutes(1)), arguments: [
        (["--trusted-proxy", "10.0.0.0/33"], [:], "10.0.0.0/33"),
        (["--trusted-proxy", "proxy.example"], [:], "proxy.example"),
        ([], ["HABITS_TRUSTED_PROXIES": "127.0.0.1,::1/129"], "::1/129"),
    ])
    func aMalformedValueIsAOneLineErrorAndStatus64(
        arguments: [String], environment: [String: String], value: String
    ) async throws {
        let temporary = try TemporaryDatabase()
        let (process, _, errors) = try Self.launch(
            database: temporary.path, arguments: arguments, environment: environment)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains("\"\(value)\"") && first.contains("--trusted-proxy"), "\(text)")
    }
}
