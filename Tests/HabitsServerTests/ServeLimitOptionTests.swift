import Foundation
import Testing

/// The bounds of `habits serve` are checked as it starts: a bad value stops it with a line that names it.
@Suite struct ServeLimitOptionTests {
    /// Runs `habits serve` with `arguments` and `environment`; its exit status and standard error.
    static func serve(_ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let executable = try #require(
            ServeProcessTests.locateExecutable(), "build the habits executable first (swift build --build-tests)")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0", "--database", "/nonexistent/never-opened.sqlite"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test(arguments: [
        (["--screen-cache-mb", "0"], "--screen-cache-mb must be a whole number from 1 to 1048576, got 0."),
        (["--screen-cache-mb", "2000000"], "--screen-cache-mb must be a whole number from 1 to 1048576"),
        (["--max-streams", "0"], "--max-streams must be a whole number from 1 to 1000000, got 0."),
        (["--max-streams-per-client", "0"], "--max-streams-per-client must be a whole number from 1"),
        (["--max-connections", "0"], "--max-connections must be a whole number from 1"),
        (["--screen-cache-mb", "many"], "many"),
    ])
    func aBadLimitStopsTheServer(arguments: [String], message: String) throws {
        let (status, errors) = try Self.serve(arguments)
        #expect(status == 64)
        #expect(errors.split(separator: "\n").first?.contains(message) == true, "\(errors)")
    }

    @Test(arguments: [
        ("HABITS_SCREEN_CACHE_MB", "many", "HABITS_SCREEN_CACHE_MB must be a number, got \"many\"."),
        ("HABITS_SCREEN_CACHE_MB", "-3", "--screen-cache-mb must be a whole number from 1 to 1048576, got -3."),
        ("HABITS_MAX_STREAMS", "1e9", "HABITS_MAX_STREAMS must be a number"),
        ("HABITS_MAX_STREAMS_PER_CLIENT", "0", "--max-streams-per-client must be a whole number from 1"),
        ("HABITS_MAX_CONNECTIONS", "", "HABITS_MAX_CONNECTIONS must be a number"),
    ])
    func aBadLimitInTheEnvironmentStopsTheServer(variable: String, value: String, message: String) throws {
        let (status, errors) = try Self.serve([], environment: [variable: value])
        #expect(status == 64)
        #expect(errors.split(separator: "\n").first?.contains(message) == true, "\(errors)")
    }
}
