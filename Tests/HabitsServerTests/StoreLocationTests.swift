import Foundation
import HabitsPostgres
import HabitsTestSupport
import Testing
@testable import habits

/// `--database` (and `HABITS_DATABASE`): a `postgres://` URL selects PostgreSQL, a path or `sqlite:` SQLite,
/// and a bad URL is refused before anything starts.
@Suite struct StoreLocationTests {
    @Test func aPostgresURLSelectsPostgreSQL() throws {
        guard case .postgres(let configuration) = try StoreLocation("postgres://habits:pw@db:5433/habits") else {
            Issue.record("a postgres:// URL is PostgreSQL")
            return
        }
        #expect(configuration.host == "db" && configuration.port == 5433 && configuration.database == "habits")
        #expect(try StoreLocation("postgresql://u@h/db").description == "postgres://u@h:5432/db")
    }

    @Test func aPathOrSQLitePrefixKeepsSQLite() throws {
        let path = NSTemporaryDirectory() + "habits-location.sqlite"
        #expect(try StoreLocation(path) == .sqlite(path: path))
        #expect(try StoreLocation("sqlite:" + path) == .sqlite(path: path))
    }

    @Test(arguments: [
        "postgres://", "postgres://u@h", "postgres://h/db", "postgres:u@h/db", "postgresql://u@h/db?sslmode=bogus",
        "postgres://u@h:99999/db", "sqlite:", "sqlite:/no/such/folder/habits.sqlite",
    ])
    func badDatabasesAreRefused(text: String) {
        #expect(throws: (any Error).self) { try StoreLocation(text) }
    }

    @Test func serveSettingsRefuseABadURL() {
        #expect(throws: (any Error).self) { try ServeSettingsTests.settings(database: "postgres://nobody") }
        #expect(throws: Never.self) { try ServeSettingsTests.settings(database: "postgres://u:p@127.0.0.1/db") }
    }
}
