import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Starts the built `habits serve --demo` as a separate process, as a user would, and watches the
/// simulator move the statistics.
@Suite(.serialized) struct ServeProcessTests {
    @Test(.timeLimit(.minutes(1))) func theDemoServerComesUpAndCountsChange() async throws {
        let executable = try #require(Self.locateExecutable(), "build the habits executable first (swift build --build-tests)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habits-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--demo", "--port", "0", "--database", folder.appendingPathComponent("demo.sqlite").path, "--log-level", "warning"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let port = try await Self.readPort(from: output.fileHandleForReading)
        let base = "http://127.0.0.1:\(port)"
        let first = try await Self.totalCount(base)
        #expect(first > 0, "demo history is loaded")
        _ = try await Self.request("\(base)/control/simulator/speed/40", method: "POST")

        var latest = first
        for _ in 0..<40 where latest == first {
            try await Task.sleep(for: .milliseconds(250))
            latest = try await Self.totalCount(base)
        }
        #expect(latest > first, "the simulator logged events")

        // SIGTERM: the server finishes and exits cleanly.
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    static func locateExecutable() -> URL? {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["HABITS_EXECUTABLE"] { candidates.append(URL(fileURLWithPath: explicit)) }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(testBinary.deletingLastPathComponent().appendingPathComponent("habits"))
        // On macOS the test bundle is a directory: …/debug/HabitsPackageTests.xctest/Contents/MacOS/…
        candidates.append(testBinary.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("habits"))
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/habits"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Reads standard output until the server announces its address.
    static func readPort(from handle: FileHandle) async throws -> Int {
        try await Task.detached {
            var buffer = ""
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { throw CocoaError(.fileReadUnknown) }
                buffer += String(decoding: chunk, as: UTF8.self)
                if let line = buffer.split(separator: "\n").first(where: { $0.contains("listening on http://") }),
                   let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
                    return port
                }
            }
        }.value
    }

    static func request(_ url: String, method: String = "GET") async throws -> Data {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(method) \(url)")
        return data
    }

    static func totalCount(_ base: String) async throws -> Int {
        struct Stats: Decodable {
            struct HabitStatistics: Decodable { struct UserCount: Decodable { let count: Int }; let userCounts: [UserCount] }
            let habitStatistics: [HabitStatistics]
        }
        let stats = try JSONDecoder().decode(Stats.self, from: try await request("\(base)/combinedStats"))
        return stats.habitStatistics.flatMap(\.userCounts).map(\.count).reduce(0, +)
    }
}
