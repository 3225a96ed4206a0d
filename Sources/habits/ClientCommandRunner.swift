import ArgumentParser
import Foundation
import HabitsClient

/// Runs the body of a client command: a usage error exits 64 and any other failure 1, each after one line
/// `habits: …` on standard error.
enum ClientCommandRunner {
    static func run(_ body: () async throws(ClientError) -> Void) async throws {
        do {
            try await body()
        } catch {
            if error.exitStatus == .usage { HabitsCommand.refuse(error.message) }
            warn(error.message)
            throw ExitCode(error.exitStatus.rawValue)
        }
    }

    /// One line on standard error, prefixed with the program's name.
    static func warn(_ message: String) {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data("habits: \(line)\n".utf8))
    }

    /// Text on standard output as it is (it carries its own newlines).
    static func output(_ text: String) {
        // Nothing to list prints nothing, so that `--names` of none is empty for scripts.
        guard !text.isEmpty else { return }
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    }

    /// A server's JSON answer on standard output, as it came.
    static func output(_ data: Data) {
        output(String(decoding: data, as: UTF8.self))
    }
}

/// Completes a habit's name with the names `habits` would match today.
let habitNameCompletion = CompletionKind.shellCommand("habits habits --names 2>/dev/null")
