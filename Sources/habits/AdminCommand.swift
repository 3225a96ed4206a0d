import ArgumentParser
import Foundation
import HabitsDomain
import HabitsServer
import HabitsStore
import Logging

/// `habits admin`: tasks for whoever runs the server, on its database directly.
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Administer accounts on the server's database.",
        subcommands: [Grant.self, Revoke.self]
    )

    /// `habits admin grant USERNAME`: makes an account an administrator.
    struct Grant: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make an account an administrator (it then writes the shared catalogue).")

        @Argument(help: "The account's username (any case).")
        var username: String

        @Option(help: "The SQLite file or postgres:// URL (env HABITS_DATABASE, default ./habits.sqlite).")
        var database: String?

        func run() async throws {
            try await AdminCommand.setRole(.administrator, username: username, database: database)
        }
    }

    /// `habits admin revoke USERNAME`: makes an administrator a member again.
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make an administrator a member again.")

        @Argument(help: "The account's username (any case).")
        var username: String

        @Option(help: "The SQLite file or postgres:// URL (env HABITS_DATABASE, default ./habits.sqlite).")
        var database: String?

        func run() async throws {
            try await AdminCommand.setRole(.member, username: username, database: database)
        }
    }

    static func setRole(_ role: Role, username: String, database: String?) async throws {
        let text = database ?? ProcessInfo.processInfo.environment["HABITS_DATABASE"] ?? "./habits.sqlite"
        let location = try StoreLocation(text)
        if case .sqlite(let path) = location, !FileManager.default.fileExists(atPath: path) {
            throw StartupError("No database at \(path); pass --database.")
        }
        var logger = Logger(label: "habits.admin")
        logger.logLevel = .warning
        let opened = try await location.open(logger: logger)
        do {
            let account = try await opened.store.setRole(role, username: username)
            try await opened.close()
            print("\(account.username) is now \(role == .administrator ? "an administrator" : "a member").")
        } catch let error as HabitsError {
            try? await opened.close()
            throw StartupError(error.code == "account_not_found" ? "No account is named \(username)." : error.message)
        }
    }
}
