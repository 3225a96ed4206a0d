import Foundation
import HabitsPostgres
import HabitsStore

/// PostgreSQL stores for tests: each in a schema of its own, in the database `HABITS_TEST_POSTGRES_URL`
/// names (`scripts/test.sh` creates one for the run and drops it after, with every schema in it).
public enum PostgresTestStores {
    /// The variable naming the test database.
    public static let variable = "HABITS_TEST_POSTGRES_URL"

    /// The test database's URL, when the environment names one.
    public static var url: String? {
        ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether tests of PostgreSQL must run: a URL is set, or this is CI, where a missing one fails them.
    public static let shouldRun: Bool = {
        if url != nil { return true }
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        FileHandle.standardError.write(Data(
            "note: \(variable) is not set: the PostgreSQL store's tests are skipped (CI runs them).\n".utf8))
        return false
    }()

    private static let counter = Counter()

    /// The configuration of a new, empty schema, unique to this process and call.
    public static func newConfiguration() throws -> PostgresStoreConfiguration {
        guard let url else {
            throw TestDatabaseMissing(description: "\(variable) is not set, and CI runs every test: set it")
        }
        var configuration = try PostgresStoreConfiguration(url: url)
        configuration.schema = "habits_test_\(getpid())_\(counter.next())"
        // Tests run side by side, each with a store: a few connections each (one listens for other
        // instances' changes) keep the server's limit.
        configuration.maximumConnections = 4
        return configuration
    }

    /// A store in a new schema, empty or holding `content`.
    public static func make(content: StoreContent?) async throws -> PostgresHabitStore {
        let store = try await PostgresHabitStore.connect(try newConfiguration())
        if let content { try await store.replaceAll(with: content) }
        return store
    }
}

/// Why a PostgreSQL test cannot run.
public struct TestDatabaseMissing: Error, CustomStringConvertible {
    public var description: String
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
