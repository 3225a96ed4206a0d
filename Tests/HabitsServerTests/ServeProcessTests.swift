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

/// Starts the built `habits serve --demo` as a separate process, as a user would, and watches the
/// simulator move the statistics.
@Suite(.serialized) struct ServeProcessTests {
    @Test(.timeLimit(.minutes(1))) func theDemoServerComesUpAndCountsChange() async throws {
        let executable = try #require(
            Self.locateExecutable(), "build the habits executable first (swift build --build-tests)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habits-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let database = folder.appendingPathComponent("demo.sqlite").path
        let logs = Pipe()
        let (process, output) = try Self.launch(executable, database: database, logLevel: "info", standardError: logs)
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

        // SIGINT, as Ctrl-C sends: the server stops, closes the database and exits cleanly.
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        let logText = String(decoding: logs.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(logText.contains("stopped; database closed"))
        // A clean close checkpoints the WAL into the database: nothing is left in it.
        let walSize = (try? FileManager.default.attributesOfItem(atPath: database + "-wal")[.size] as? Int) ?? 0
        #expect(walSize == 0)
    }

    @Test(.timeLimit(.minutes(1))) func sigtermAlsoStopsCleanlyAndDataSurvives() async throws {
        let executable = try #require(Self.locateExecutable())
        let temporary = try TemporaryDatabase()
        let database = temporary.path

        func start() throws -> (Process, Pipe) {
            try Self.launch(executable, database: database, logLevel: "warning")
        }

        let (first, firstOutput) = try start()
        let port = try await Self.readPort(from: firstOutput.fileHandleForReading)
        _ = try await Self.request("http://127.0.0.1:\(port)/control/simulator/stop", method: "POST")
        let body = #"{"userID":"activeUser","habitName":"Meditate","timestamp":"2026-01-01T08:00:00Z"}"#
        var post = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/loggedHabit")!)
        post.httpMethod = "POST"
        post.httpBody = Data(body.utf8)
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await URLSession.shared.data(for: post)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let counted = try await Self.count(base: "http://127.0.0.1:\(port)", user: "activeUser", habit: "Meditate")
        first.terminate()
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)

        let (second, secondOutput) = try start()
        defer { if second.isRunning { second.terminate() } }
        let secondPort = try await Self.readPort(from: secondOutput.fileHandleForReading)
        #expect(
            try await Self.count(base: "http://127.0.0.1:\(secondPort)", user: "activeUser", habit: "Meditate")
                == counted)
        #expect(counted >= 1)
        second.terminate()
        second.waitUntilExit()
    }

    static func count(base: String, user: String, habit: String) async throws -> Int {
        struct Stats: Decodable {
            struct HabitCount: Decodable {
                struct Habit: Decodable { let name: String }; let habit: Habit; let count: Int
            }
            let habitCounts: [HabitCount]
        }
        let stats = try JSONDecoder().decode([Stats].self, from: try await request("\(base)/userStats?ids=\(user)"))
        return stats.first?.habitCounts.first { $0.habit.name == habit }?.count ?? 0
    }

    /// Starts `habits serve --demo` on a free port; returns the process and its standard output.
    static func launch(
        _ executable: URL, database: String, logLevel: String, standardError: Pipe? = nil, arguments: [String] = []
    ) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments =
            ["serve", "--demo", "--port", "0", "--database", database, "--log-level", logLevel] + arguments
        let output = Pipe()
        process.standardOutput = output
        if let standardError { process.standardError = standardError }
        try process.run()
        return (process, output)
    }

    static func locateExecutable() -> URL? {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["HABITS_EXECUTABLE"] {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(testBinary.deletingLastPathComponent().appendingPathComponent("habits"))
        // On macOS the test bundle is a directory: …/debug/HabitsPackageTests.xctest/Contents/MacOS/…
        candidates.append(
            testBinary.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("habits"))
        candidates.append(
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/habits")
        )
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
                    let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
                {
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
            struct HabitStatistics: Decodable {
                struct UserCount: Decodable { let count: Int }; let userCounts: [UserCount]
            }
            let habitStatistics: [HabitStatistics]
        }
        let stats = try JSONDecoder().decode(Stats.self, from: try await request("\(base)/combinedStats"))
        return stats.habitStatistics.flatMap(\.userCounts).map(\.count).reduce(0, +)
    }

    /// A client that never finishes its request cannot hold shutdown: SIGTERM ends the process
    /// within the grace period.
    @Test(.timeLimit(.minutes(1))) func sigtermEndsTheProcessEvenWithARequestHanging() async throws {
        let executable = try #require(Self.locateExecutable())
        let temporary = try TemporaryDatabase()
        let database = temporary.path
        let (process, output) = try Self.launch(
            executable, database: database, logLevel: "warning", arguments: ["--read-timeout", "600"]
        )
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let port = try await Self.readPort(from: output.fileHandleForReading)
        let connection = try RawConnection(port: port)
        connection.send(
            "PUT /images/activeUser HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n\u{FF}\u{D8}"
        )
        try await Task.sleep(for: .milliseconds(300))
        let start = Date()
        kill(process.processIdentifier, SIGTERM)
        while process.isRunning, Date().timeIntervalSince(start) < 30 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!process.isRunning, "SIGTERM ended the process")
        #expect(Date().timeIntervalSince(start) < 20)
    }

    /// `--active-user` may name one of the demo's people: the data loads, and resetting it works.
    @Test(.timeLimit(.minutes(1))) func aDemoPersonCanBeTheActiveUser() async throws {
        let executable = try #require(Self.locateExecutable())
        let temporary = try TemporaryDatabase()
        let database = temporary.path
        let (process, output) = try Self.launch(
            executable, database: database, logLevel: "warning", arguments: ["--active-user", "ava-thompson"]
        )
        defer { if process.isRunning { process.terminate() } }
        let port = try await Self.readPort(from: output.fileHandleForReading)
        _ = try await Self.request("http://127.0.0.1:\(port)/control/simulator/reset", method: "POST")
        _ = try await Self.request("http://127.0.0.1:\(port)/userStats?ids=ava-thompson")
        process.terminate()
        process.waitUntilExit()

        let (refused, _) = try Self.launch(
            executable, database: database, logLevel: "warning", arguments: ["--active-user", ".."]
        )
        refused.waitUntilExit()
        #expect(refused.terminationStatus != 0, "an invalid --active-user is refused at start")
    }

    /// `--fixed-time` stops the clock every reader of "now" reads; a malformed instant is refused at start.
    @Test(.timeLimit(.minutes(1))) func theFixedTimeIsTheServersToday() async throws {
        let executable = try #require(Self.locateExecutable())
        let temporary = try TemporaryDatabase()
        let (process, output) = try Self.launch(
            executable, database: temporary.path, logLevel: "warning",
            arguments: ["--fixed-time", "2026-03-10T15:00:00Z"]
        )
        defer { if process.isRunning { process.terminate() } }
        let base = "http://127.0.0.1:\(try await Self.readPort(from: output.fileHandleForReading))"
        struct Listing: Decodable {
            struct Item: Decodable {
                let id: Int64
                let key: String?
            }
            let items: [Item]
        }
        let users = try JSONDecoder().decode(Listing.self, from: try await Self.request("\(base)/v1/users?limit=200"))
        let user = try #require(users.items.first { $0.key == "activeUser" }).id
        let habit = try #require(
            try JSONDecoder().decode(Listing.self, from: try await Self.request("\(base)/v1/habits")).items.first
        ).id
        struct Streak: Decodable { let today: String }
        let streak = try await Self.request("\(base)/v1/users/\(user)/habits/\(habit)/streak")
        #expect(try JSONDecoder().decode(Streak.self, from: streak).today == "2026-03-10")
        var mark = URLRequest(
            url: try #require(URL(string: "\(base)/v1/users/\(user)/habits/\(habit)/days/2026-03-11")))
        mark.httpMethod = "PUT"
        let (_, refused) = try await URLSession.shared.data(for: mark)
        #expect((refused as? HTTPURLResponse)?.statusCode == 422)
        process.terminate()
        process.waitUntilExit()

        let (malformed, _) = try Self.launch(
            executable, database: temporary.path, logLevel: "warning", arguments: ["--fixed-time", "March 10"])
        malformed.waitUntilExit()
        #expect(malformed.terminationStatus != 0, "a malformed --fixed-time is refused at start")
    }
}
