import ArgumentParser
import HabitsPostgres
import HabitsSQLite
import HabitsStore
import Logging

/// Which store `--database` (or `HABITS_DATABASE`) names: a `postgres://` or `postgresql://` URL selects
/// PostgreSQL; a path, or `sqlite:` and a path, keeps the embedded SQLite file.
enum StoreLocation: Equatable {
    case sqlite(path: String)
    case postgres(PostgresStoreConfiguration)

    /// Parses `text`, refusing a bad URL or path with one line (exit status 64).
    init(_ text: String) throws {
        let lowered = text.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
            do {
                self = .postgres(try PostgresStoreConfiguration(url: text))
            } catch {
                throw ValidationError("The database URL is not usable: \(error).")
            }
        } else if lowered.hasPrefix("postgres:") || lowered.hasPrefix("postgresql:") {
            throw ValidationError("A PostgreSQL database is a URL such as postgres://user:password@host:5432/db.")
        } else {
            let path = lowered.hasPrefix("sqlite:") ? String(text.dropFirst("sqlite:".count)) : text
            self = .sqlite(path: try ServeOptionRules.database(path))
        }
    }

    /// What logs and messages name: the path, or the URL without its password.
    var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let configuration): configuration.redactedDescription
        }
    }

    /// Opens the store, migrating it to the latest schema.
    func open(logger: Logger) async throws -> OpenedStore {
        switch self {
        case .sqlite(let path):
            let store = try SQLiteHabitStore(path: path, logger: logger)
            return OpenedStore(store: store, close: { try store.close() })
        case .postgres(let configuration):
            let store = try await PostgresHabitStore.connect(configuration, logger: logger)
            return OpenedStore(store: store, close: { await store.close() })
        }
    }
}

/// An open store and how to close it, whichever implementation it is.
struct OpenedStore {
    let store: any HabitStore
    let close: () async throws -> Void
}
