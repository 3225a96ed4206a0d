import ArgumentParser
import Foundation
import HabitsSQLite
import HabitsServer
import Logging

/// `habits backup --to FILE`: an online, consistent copy of a SQLite store, taken while it serves.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a SQLite database to a new file, consistently, while the server runs.",
        discussion: "For PostgreSQL use its own tools: pg_dump --format=custom --file=habits.dump DATABASE_URL."
    )

    @Option(help: "The SQLite file (env HABITS_DATABASE, default ./habits.sqlite).")
    var database: String?

    @Option(help: "The new file to write; it must not exist.")
    var to: String

    func run() async throws {
        let text = database ?? ProcessInfo.processInfo.environment["HABITS_DATABASE"] ?? "./habits.sqlite"
        guard case .sqlite(let path) = try StoreLocation(text) else {
            throw StartupError(
                "habits backup copies SQLite files; for PostgreSQL run pg_dump --format=custom --file=FILE URL.")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw StartupError("No database at \(path); pass --database.")
        }
        var logger = Logger(label: "habits.backup")
        logger.logLevel = .warning
        let store = try SQLiteHabitStore(path: path, logger: logger)
        defer { try? store.close() }
        do {
            try await store.backup(to: to)
        } catch let refusal as SQLiteHabitStore.BackupRefusal {
            throw StartupError(refusal.description)
        }
        print("Backed up \(path) to \(to).")
    }
}
