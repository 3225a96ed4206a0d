import ArgumentParser
import Foundation
import HabitsServer
import Logging

@main
struct HabitsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habits",
        abstract: "Habits: a social habit tracker whose screens are driven by the server.",
        subcommands: [
            ServeCommand.self, AdminCommand.self, BackupCommand.self, MigrateCommand.self,
            LoginCommand.self, LogoutCommand.self, TodayCommand.self, LogCommand.self, UndoCommand.self,
            SkipCommand.self, NoteCommand.self, StreakCommand.self, HabitsListCommand.self,
            ExportCommand.self, ImportCommand.self,
        ]
    )

    /// Runs the command; a bad option or setting prints one line on standard error and exits with
    /// status 64 (EX_USAGE), so that a service manager's log shows the reason and nothing else.
    static func main() async {
        LoggingSystem.bootstrap(DeferredMetadataLogHandler.standardError)
        do {
            var command = try await asyncParseAsRoot(nil)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as StartupError {
            refuse(error.message)
        } catch {
            // Help and version requests exit 0 with their full text, and other failures keep
            // ArgumentParser's own report.
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            refuse(message(for: error))
        }
    }

    /// Prints `message` as one line prefixed with the program's name, and exits with status 64.
    static func refuse(_ message: String) -> Never {
        let line = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        FileHandle.standardError.write(Data("habits: \(line)\n".utf8))
        Foundation.exit(ExitCode.validationFailure.rawValue)
    }
}
