import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real `habits serve` in accounts mode on a free port, with an empty store, and a folder for the
/// client's configuration; the server process ends when the value's `stop` runs (tests call it in a defer).
struct ClientTestServer {
    static let password = "correct horse battery staple"

    let executable: URL
    let process: Process
    let folder: URL
    let base: String

    /// Starts the server, signs up an administrator who makes a category, and the member `ada`.
    static func start() async throws -> ClientTestServer {
        let executable = try #require(
            ServeProcessTests.locateExecutable(), "build the habits executable first (swift build --build-tests)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habits-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "serve", "--port", "0", "--auth", "accounts", "--log-level", "warning",
            "--database", folder.appendingPathComponent("habits.sqlite").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        // Its log in a file: an inherited standard error would hold the test runner's pipe open.
        let log = folder.appendingPathComponent("server.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        let launched = ClientTestServer(executable: executable, process: process, folder: folder, base: "")
        do {
            let port = try await ServeProcessTests.readPort(from: output.fileHandleForReading)
            let server = ClientTestServer(
                executable: executable, process: process, folder: folder, base: "http://127.0.0.1:\(port)")
            let admin = try await server.signUp("admin")
            // The first account of a new server finds the starter categories, "Health" among them.
            let categories = try await server.call("GET", "/v1/categories", body: nil, cookie: admin)
            #expect(categories.status == 200 && categories.text.contains(#""name":"Health""#), "\(categories.text)")
            _ = try await server.signUp("ada")
            return server
        } catch {
            launched.stop()
            throw error
        }
    }

    /// Ends the server and removes the folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Signs `username` up; answers its session cookie.
    func signUp(_ username: String) async throws -> String {
        let body = #"{"username":"\#(username)","password":"\#(Self.password)","name":"\#(username)","timeZone":"UTC"}"#
        let answer = try await call("POST", "/v1/auth/signup", body: body)
        #expect(answer.status == 201, "\(answer.text)")
        let cookie = answer.headers["Set-Cookie"].flatMap { header in
            header.split(separator: ";").first.map(String.init)
        }
        return try #require(cookie)
    }

    /// One request to the server, outside the client under test.
    func call(
        _ method: String, _ path: String, body: String? = nil, cookie: String? = nil, token: String? = nil
    ) async throws -> (status: Int, text: String, headers: [String: String]) {
        var request = URLRequest(url: try #require(URL(string: base + path)))
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return (http.statusCode, String(decoding: data, as: UTF8.self), headers)
    }

    /// The environment the client runs with: its configuration in the test's folder, no inherited override.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HABITS_") }
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["HOME"] = folder.path
        return environment.merging(extra) { $1 }
    }

    /// Where the client keeps its login in this test.
    var loginFile: URL {
        folder.appendingPathComponent("config/habits/login.json")
    }

    /// Runs `habits ARGUMENTS` with `input` on standard input; killed after 60 seconds.
    func client(_ arguments: [String], input: String = "", environment extra: [String: String] = [:]) async throws
        -> ClientRun
    {
        try await ClientRun.run(executable, arguments, input: input, environment: environment(extra), in: folder)
    }

    /// `habits login` as `username`, the password piped; the run must succeed.
    func login(as username: String = "ada") async throws {
        let run = try await client(
            ["login", "--server", base, "--username", username], input: Self.password + "\n")
        #expect(run.status == 0, "\(run.errors)")
    }
}

/// What one run of the client did.
struct ClientRun {
    let status: Int32
    let output: String
    let errors: String

    /// Runs the executable with its output in files (a full pipe cannot block it), bounded in time.
    static func run(
        _ executable: URL, _ arguments: [String], input: String, environment: [String: String], in folder: URL
    ) async throws -> ClientRun {
        let name = UUID().uuidString
        let outputURL = folder.appendingPathComponent("\(name).out")
        let errorsURL = folder.appendingPathComponent("\(name).err")
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorsURL)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let standardInput = Pipe()
        process.standardInput = standardInput
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorsURL)
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return ClientRun(
            status: process.terminationStatus,
            output: try String(contentsOf: outputURL, encoding: .utf8),
            errors: try String(contentsOf: errorsURL, encoding: .utf8))
    }

    /// Standard output read as a JSON object.
    func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    }
}
