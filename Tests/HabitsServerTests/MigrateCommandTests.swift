import Foundation
import HTTPTypes
import HabitsDomain
import HabitsPostgres
import HabitsSQLite
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// `habits migrate`, the real executable: a SQLite store in use copied whole into PostgreSQL, where the same
/// account signs in with the same password and exports the same file; a second copy into it is refused.
@Suite struct MigrateCommandTests {
    @Test(.timeLimit(.minutes(3)), .enabled(if: PostgresTestStores.shouldRun))
    func everythingArrivesAndTheSameAccountExportsTheSameFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("habits.sqlite").path
        let source = try SQLiteHabitStore(path: path)
        defer { try? source.close() }
        try await source.replaceAll(with: Fixture.content())
        let exported = try await makeApplication(store: source, configuration: accountsConfiguration).test(.router) {
            client in
            let admin = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            try await TransferRouteTests().fill(client, source, as: ada)
            let me = "/v1/users/\(ada.account.id)"
            let program = try await ImportOthersRouteTests().program(client, "Couch to 5K", habits: [1], as: admin)
            #expect(try await client.send("\(me)/following/\(bob.account.id)", .put, as: ada).status == .noContent)
            #expect(try await client.send("\(me)/programs/\(program)", .put, as: ada).status == .noContent)
            let rated = try await client.send("\(me)/ratings/\(program)", .put, body(#"{"stars":4}"#), as: ada)
            #expect(rated.status == .ok)
            let asked = #"{"question":"How do I export?","authorID":\#(ada.account.id)}"#
            #expect(try await client.send("/v1/help/questions", .post, body(asked), as: ada).status == .created)
            return String(buffer: try await client.send("/v1/me/export", as: ada).body)
        }

        let url = try #require(PostgresTestStores.url)
        let schema = "habits_migrate_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        let target = url + (url.contains("?") ? "&" : "?") + "schema=\(schema)&pool=4"
        let executable = try #require(ServeProcessTests.locateExecutable())
        let environment = ProcessInfo.processInfo.environment
        let copied = try await ClientRun.run(
            executable, ["migrate", "--from", path, "--to", target], input: "", environment: environment, in: folder)
        #expect(copied.status == 0, "\(copied.errors)")
        #expect(copied.output.hasPrefix("Copied ") && copied.errors.contains("logs: 4"), "\(copied.errors)")

        var configuration = try PostgresStoreConfiguration(url: url)
        configuration.schema = schema
        configuration.maximumConnections = 4
        let store = try await PostgresHabitStore.connect(configuration)
        #expect(store.currentRevision() == source.currentRevision())
        #expect(try await store.statisticsSnapshot().combined() == source.statisticsSnapshot().combined())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            // The password's hash came along: the account signs in as before, and owns the same data.
            let signIn = try await client.signIn("ada")
            #expect(signIn.status == .ok)
            let cookie = try #require(sessionCookie(signIn))
            let me = try decodeV1(Account.self, try await client.execute(
                uri: "/v1/me", method: .get, headers: [.cookie: cookie]) { $0 })
            let ada = SignedIn(account: me, cookie: cookie)
            #expect(String(buffer: try await client.send("/v1/me/export", as: ada).body) == exported)
            // New rows take ids after the copied ones.
            let newcomer = try await client.signUp("newcomer")
            #expect(newcomer.account.id > me.id)
        }
        await store.close()

        let again = try await ClientRun.run(
            executable, ["migrate", "--from", path, "--to", target], input: "", environment: environment, in: folder)
        #expect(again.status != 0 && again.errors.contains("already holds data"), "\(again.errors)")
    }
}
