import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `habits login` at a real terminal (a pseudo-terminal): the password is typed without echo, and an
/// interrupt at its prompt leaves the terminal as it was.
@Suite struct LoginTerminalTests {
    @Test func anInterruptAtThePasswordPromptGivesTheEchoBack() async throws {
        let executable = try #require(
            ServeProcessTests.locateExecutable(), "build the habits executable first (swift build --build-tests)")
        let terminals = try #require(PseudoTerminalCalls())
        let controller = terminals.open(O_RDWR | O_NOCTTY)
        try #require(controller >= 0 && terminals.grant(controller) == 0 && terminals.unlock(controller) == 0)
        let name = try #require(terminals.name(controller).map { String(cString: $0) })
        let terminal = open(name, O_RDWR | O_NOCTTY)
        try #require(terminal >= 0)
        defer {
            close(controller)
            close(terminal)
        }
        var before = termios()
        try #require(tcgetattr(terminal, &before) == 0)
        #expect(before.c_lflag & tcflag_t(ECHO) != 0)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habits-tty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = executable
        // Nothing listens on port 9 of the loopback: the prompt comes before any request.
        process.arguments = ["login", "--server", "http://127.0.0.1:9", "--username", "ada"]
        process.environment = ["XDG_CONFIG_HOME": folder.path, "PATH": "/usr/bin:/bin"]
        process.standardInput = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        process.standardError = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        process.standardOutput = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The prompt is written once the echo is off, or about to be: wait for both.
        let prompted = try await Self.output(of: controller, until: "Password: ")
        #expect(prompted.contains("Password: "))
        var silent = termios()
        for _ in 0..<200 {
            _ = tcgetattr(terminal, &silent)
            if silent.c_lflag & tcflag_t(ECHO) == 0 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(silent.c_lflag & tcflag_t(ECHO) == 0, "the password is typed without echo")

        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        var after = termios()
        try #require(tcgetattr(terminal, &after) == 0)
        #expect(after.c_lflag & tcflag_t(ECHO) != 0, "the terminal echoes again")
        #expect(after.c_lflag == before.c_lflag)
    }

    /// What the process wrote to its terminal, read until `marker` appears or 10 s pass.
    private static func output(of descriptor: Int32, until marker: String) async throws -> String {
        var text = ""
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 1024)
        for _ in 0..<1000 where !text.contains(marker) {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                text += String(decoding: buffer[..<count], as: UTF8.self)
            } else {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        return text
    }
}

/// libc's pseudo-terminal calls, looked up by name: Glibc's module leaves them out (they are behind
/// `_XOPEN_SOURCE` in its headers).
private struct PseudoTerminalCalls {
    let open: @convention(c) (Int32) -> Int32
    let grant: @convention(c) (Int32) -> Int32
    let unlock: @convention(c) (Int32) -> Int32
    let name: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    init?() {
        guard let process = dlopen(nil, RTLD_NOW) else { return nil }
        func call<Function>(_ symbol: String, as type: Function.Type) -> Function? {
            dlsym(process, symbol).map { unsafeBitCast($0, to: type) }
        }
        guard let open = call("posix_openpt", as: (@convention(c) (Int32) -> Int32).self),
            let grant = call("grantpt", as: (@convention(c) (Int32) -> Int32).self),
            let unlock = call("unlockpt", as: (@convention(c) (Int32) -> Int32).self),
            let name = call("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        else { return nil }
        (self.open, self.grant, self.unlock, self.name) = (open, grant, unlock, name)
    }
}
