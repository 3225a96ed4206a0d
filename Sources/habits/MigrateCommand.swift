import ArgumentParser
import Foundation
import HabitsPostgres
import HabitsSQLite
import HabitsServer
import Logging

/// `habits migrate --from FILE --to postgres://…`: a SQLite store copied whole into an empty PostgreSQL one.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy a SQLite database into an empty PostgreSQL database, in one transaction.",
        discussion: """
            Everything is copied (users, habits, logs, favourites, follows, days, programs, help, accounts, \
            sessions and tokens) from a consistent snapshot of the file, so the server may keep running on \
            it; writes made after the snapshot are not copied. Every table's row count is checked after \
            the copy, and a target that already holds data is refused.
            """
    )

    @Option(help: "The SQLite file to copy.")
    var from: String

    @Option(help: "The PostgreSQL database: postgres://user:password@host:port/database[?schema=NAME].")
    var to: String

    func run() async throws {
        guard case .sqlite(let path) = try StoreLocation(from) else {
            throw StartupError("--from names a SQLite file; got a PostgreSQL URL.")
        }
        guard case .postgres(let configuration) = try StoreLocation(to) else {
            throw StartupError("--to names a PostgreSQL database (postgres://…); got a file.")
        }
        guard FileManager.default.fileExists(atPath: path) else { throw StartupError("No database at \(path).") }
        var logger = Logger(label: "habits.migrate")
        logger.logLevel = .warning
        // A snapshot first: the file may be serving, and every page of the copy must be of one state.
        let snapshot = FileManager.default.temporaryDirectory
            .appendingPathComponent("habits-migrate-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: snapshot) }
        do {
            let live = try SQLiteHabitStore(path: path, logger: logger)
            defer { try? live.close() }
            try await live.backup(to: snapshot)
        }
        let source = try SQLiteHabitStore(path: snapshot, logger: logger)
        defer { try? source.close() }
        let target = try await PostgresHabitStore.connect(configuration, logger: logger)
        let counts: PostgresHabitStore.CopiedCounts
        do {
            counts = try await target.copyEverything(from: source) { table, rows in
                FileHandle.standardError.write(Data("  \(table): \(rows)\n".utf8))
            }
        } catch let refusal as PostgresHabitStore.CopyRefusal {
            await target.close()
            throw StartupError(refusal.description)
        } catch {
            await target.close()
            throw error
        }
        await target.close()
        let total = counts.reduce(0) { $0 + $1.rows }
        print("Copied \(total) rows in \(counts.count) tables from \(path) to \(configuration.redactedDescription).")
    }
}
