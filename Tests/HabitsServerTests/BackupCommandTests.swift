import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Logging
import Testing

/// `habits backup`: a consistent copy of a store that keeps serving, through the real executable.
@Suite struct BackupCommandTests {
    /// Runs the executable with `arguments`; returns its status and what it printed on both streams.
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let executable = try #require(ServeProcessTests.locateExecutable())
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func aBackupHoldsEverythingWhileTheStoreStaysOpenAndNeverOverwrites() async throws {
        let temporary = try TemporaryDatabase()
        let store = try SQLiteHabitStore(path: temporary.path, logger: Logger(label: "test"))
        try await store.replaceAll(with: Fixture.content(withImage: false))
        let users = try await store.users(page: PageRequest(limit: 10)).items
        let habits = try await store.habits(page: PageRequest(limit: 10)).items
        _ = try await store.createLogs(users.prefix(3).map {
            LogDraft(userID: $0.id, habitID: habits[0].id, timestamp: Fixture.now)
        })
        // The store is open (and could be written) while another process copies it.
        let copy = temporary.folder.appendingPathComponent("backup.sqlite").path
        let made = try run(["backup", "--database", temporary.path, "--to", copy])
        #expect(made.status == 0, "\(made.output)")
        #expect(made.output.contains("Backed up"))
        let restored = try SQLiteHabitStore(path: copy, logger: Logger(label: "test"))
        #expect(try await restored.users(page: PageRequest(limit: 10)).items == users)
        #expect(try await restored.storedCounters() == store.storedCounters())
        #expect(try await restored.recountFromLogs().map(\.count).reduce(0, +) == 3)
        try restored.close()

        let again = try run(["backup", "--database", temporary.path, "--to", copy])
        #expect(again.status != 0 && again.output.contains("exists already"), "\(again.output)")
        let postgres = try run(["backup", "--database", "postgres://u:p@127.0.0.1:1/db", "--to", copy + "2"])
        #expect(postgres.status != 0 && postgres.output.contains("pg_dump"), "\(postgres.output)")
        try store.close()
    }
}
