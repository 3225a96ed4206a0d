import HabitsDomain
import HabitsPostgres
import Testing

/// `--database postgres://…` and `HABITS_DATABASE`: what a PostgreSQL URL may say, and what it refuses.
@Suite struct PostgresConfigurationTests {
    @Test func aFullURLNamesEveryPart() throws {
        let configuration = try PostgresStoreConfiguration(
            url: "postgres://habits:s%40cret@db.local:6543/habits?sslmode=require&schema=live&pool=32")
        #expect(configuration.host == "db.local")
        #expect(configuration.port == 6543)
        #expect(configuration.username == "habits")
        #expect(configuration.password == "s@cret")
        #expect(configuration.database == "habits")
        #expect(configuration.schema == "live")
        #expect(configuration.requiresTLS)
        #expect(configuration.maximumConnections == 32)
        #expect(!configuration.redactedDescription.contains("cret"))
    }

    @Test func defaultsAreThePortTwentyConnectionsAndNoTLS() throws {
        let configuration = try PostgresStoreConfiguration(url: "postgresql://me@localhost/db")
        #expect(configuration.port == 5432)
        #expect(configuration.password == nil)
        #expect(configuration.schema == nil)
        #expect(!configuration.requiresTLS)
        #expect(configuration.maximumConnections == 20)
    }

    @Test(arguments: [
        "mysql://u@h/db", "postgres://h/db", "postgres://u@/db", "postgres://u@h", "postgres://u@h/",
        "postgres://u@h/a/b", "postgres://u@h/db?sslmode=allow", "postgres://u@h/db?schema=Bad-Name",
        "postgres://u@h/db?pool=0", "postgres://u@h/db?colour=blue", "postgres://u@h:70000/db", "not a url",
    ])
    func badURLsAreRefused(url: String) {
        #expect(throws: HabitsError.self) { try PostgresStoreConfiguration(url: url) }
    }
}
