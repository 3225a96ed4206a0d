import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

/// Every implementation of `HabitStore` the contract tests run against: a new store adds its case and
/// the branch of `make` that opens one, and every contract test then runs on it as well.
enum StoreImplementation: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    /// In a schema of its own in `HABITS_TEST_POSTGRES_URL`'s database; skipped, saying so, when the
    /// variable is not set outside CI.
    case postgres

    static var allCases: [StoreImplementation] {
        PostgresTestStores.shouldRun ? [.sqlite, .postgres] : [.sqlite]
    }

    var testDescription: String { rawValue }

    /// A new store of this implementation that no other test sees, empty or holding `content`.
    func make(content: StoreContent?) async throws -> any HabitStore {
        switch self {
        case .sqlite: try await SQLiteHabitStore.temporary(content: content)
        case .postgres: try await PostgresTestStores.make(content: content)
        }
    }
}
