import Foundation
import HabitsTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `habits serve` refuses what it cannot run with as a user sees it: one line on standard
/// error, nothing on standard output, exit status 64 (EX_USAGE), and no server.
@Suite(.serialized) struct ServeRefusalTests {
    /// What a run printed and how it ended.
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `habits serve arguments` to its end (killed after 30 s: it should not have started).
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Run {
        let executable = try #require(ServeProcessTests.locateExecutable())
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let start = Date()
        while process.isRunning, Date().timeIntervalSince(start) < 30 { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            output: String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            error: String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    static func expectRefused(
        _ run: Run, mentioning words: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(run.status == 64, "\(run.error)", sourceLocation: sourceLocation)
        #expect(run.output.isEmpty, "nothing started: \(run.output)", sourceLocation: sourceLocation)
        let lines = run.error.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(run.error)", sourceLocation: sourceLocation)
        #expect(run.error.hasPrefix("habits: "), sourceLocation: sourceLocation)
        #expect(run.error.contains(words), "\(run.error)", sourceLocation: sourceLocation)
    }

    @Test(.timeLimit(.minutes(2)), arguments: [
        (["--read-timeout", "1e10"], "read timeout"),
        (["--read-timeout", "nan"], "read timeout"),
        (["--read-timeout=-1"], "read timeout"),
        (["--read-timeout", "0"], "read timeout"),
        (["--port", "70000"], "port"),
        (["--port", "abc"], "--port"),
        (["--host", "bad host"], "host"),
        (["--host", "::1x"], "host"),
        (["--log-level", "loud"], "log level"),
        (["--fixed-time", "March 10"], "fixed time"),
        (["--fixed-time", "1900-01-01T00:00:00Z"], "fixed time"),
        (["--active-user", ".."], "active user"),
        (["--bogus"], "--bogus"),
    ])
    func aBadOptionIsOneLineAndStatus64(arguments: [String], words: String) async throws {
        let temporary = try TemporaryDatabase()
        let run = try await Self.run(["--port", "0", "--database", temporary.path] + arguments)
        Self.expectRefused(run, mentioning: words)
        #expect(!FileManager.default.fileExists(atPath: temporary.path), "no database was made")
    }

    @Test(.timeLimit(.minutes(2))) func badDatabasePathsAndEnvironmentValuesAreRefusedAlike() async throws {
        let temporary = try TemporaryDatabase()
        Self.expectRefused(
            try await Self.run(["--port", "0", "--database", temporary.folder.path]), mentioning: "folder")
        Self.expectRefused(
            try await Self.run(["--port", "0", "--database", "/no-such-folder-\(UUID())/habits.sqlite"]),
            mentioning: "does not exist")
        Self.expectRefused(
            try await Self.run(
                ["--port", "0", "--database", temporary.path], environment: ["HABITS_READ_TIMEOUT": "inf"]),
            mentioning: "read timeout")
        Self.expectRefused(
            try await Self.run(["--database", temporary.path], environment: ["HABITS_PORT": "eighty"]),
            mentioning: "HABITS_PORT")
    }

    /// `--demo` serves only a database the demo filled: one that a server without `--demo` ran on (and
    /// where someone created a user) is refused, and keeps its data.
    @Test(.timeLimit(.minutes(2))) func theDemoRefusesADatabaseItDidNotFill() async throws {
        let executable = try #require(ServeProcessTests.locateExecutable())
        let temporary = try TemporaryDatabase()
        let database = temporary.path

        // The demo fills an empty database and may serve it again.
        for _ in 0..<2 {
            let (demo, output) = try ServeProcessTests.launch(executable, database: database, logLevel: "warning")
            _ = try await ServeProcessTests.readPort(from: output.fileHandleForReading)
            demo.terminate()
            demo.waitUntilExit()
            #expect(demo.terminationStatus == 0)
        }

        // Served without --demo (in open mode, where anyone writes), the data becomes someone's: a user is
        // created there.
        let plain = Process()
        plain.executableURL = executable
        plain.arguments = ["serve", "--auth", "open", "--port", "0", "--database", database, "--log-level", "warning"]
        let plainOutput = Pipe()
        plain.standardOutput = plainOutput
        try plain.run()
        defer { if plain.isRunning { plain.terminate() } }
        let port = try await ServeProcessTests.readPort(from: plainOutput.fileHandleForReading)
        var create = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/v1/users")))
        create.httpMethod = "POST"
        create.setValue("application/json", forHTTPHeaderField: "Content-Type")
        create.httpBody = Data(#"{"key":"mine","name":"Someone real"}"#.utf8)
        let (_, created) = try await URLSession.shared.data(for: create)
        #expect((created as? HTTPURLResponse)?.statusCode == 201)
        // Without --demo the simulator's controls do not exist.
        var reset = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/control/simulator/reset")))
        reset.httpMethod = "POST"
        let (_, refusedReset) = try await URLSession.shared.data(for: reset)
        #expect((refusedReset as? HTTPURLResponse)?.statusCode == 404)
        plain.terminate()
        plain.waitUntilExit()

        // (At the default log level the store's "opened store" line comes first; the refusal is one line.)
        let refused = try await Self.run(["--demo", "--port", "0", "--database", database, "--log-level", "warning"])
        Self.expectRefused(refused, mentioning: "--demo")
        #expect(refused.error.contains(database))

        // The user is still there.
        let (again, againOutput) = try ServeProcessTests.launch(
            executable, database: database, logLevel: "warning", arguments: ["--no-demo", "--auth", "open"])
        defer { if again.isRunning { again.terminate() } }
        let againPort = try await ServeProcessTests.readPort(from: againOutput.fileHandleForReading)
        let users = try await ServeProcessTests.request("http://127.0.0.1:\(againPort)/v1/users?limit=200")
        #expect(String(decoding: users, as: UTF8.self).contains("Someone real"))
        again.terminate()
        again.waitUntilExit()
    }
}
