import Foundation
import HabitsDomain
@testable import HabitsPostgres
import HabitsStore
import HabitsTestSupport
import Logging
import PostgresNIO
import Testing

/// `screen_handoffs` keeps a viewer's last documents within its bounds: 20 screens a viewer, 128 KiB a
/// document, 10 minutes a row, 4,096 rows.
@Suite(.timeLimit(.minutes(3))) struct ScreenHandoffStoreTests {
    static func handoff(_ viewer: Int64, _ screen: Int, revision: String = "7", bytes: Int = 100) -> ScreenHandoff {
        ScreenHandoff(
            viewerID: viewer, screen: "screen-\(screen)", revision: revision,
            document: Array(repeating: UInt8(screen % 256), count: bytes))
    }

    @Test func aViewerKeepsItsLastTwentyScreensAndNoDocumentTooLarge() async throws {
        guard PostgresTestStores.shouldRun else { return }
        let store = try await PostgresTestStores.make(content: nil)
        defer { Task { await store.close() } }
        #expect(store.handsOffScreens)
        for screen in 0..<25 { try await store.handOff(Self.handoff(1, screen)) }
        try await store.handOff(Self.handoff(2, 0, revision: "8"))
        var kept: [Int] = []
        for screen in 0..<25 where try await store.handedOff(viewerID: 1, screen: "screen-\(screen)", revision: "7")
            == Self.handoff(1, screen).document
        {
            kept.append(screen)
        }
        #expect(kept == Array(5..<25))
        // Another viewer's rows are its own, and a revision must match.
        #expect(try await store.handedOff(viewerID: 2, screen: "screen-0", revision: "8") != nil)
        #expect(try await store.handedOff(viewerID: 2, screen: "screen-0", revision: "7") == nil)
        #expect(try await store.handedOff(viewerID: 1, screen: "screen-0", revision: "8") == nil)
        // A newer hand-off of a screen replaces the older.
        try await store.handOff(Self.handoff(1, 24, revision: "9"))
        #expect(try await store.handedOff(viewerID: 1, screen: "screen-24", revision: "7") == nil)
        #expect(try await store.handedOff(viewerID: 1, screen: "screen-24", revision: "9") != nil)
        // Past 128 KiB a document is not kept.
        try await store.handOff(Self.handoff(3, 1, bytes: 128 << 10))
        try await store.handOff(Self.handoff(3, 2, bytes: (128 << 10) + 1))
        #expect(try await store.handedOff(viewerID: 3, screen: "screen-1", revision: "7")?.count == 128 << 10)
        #expect(try await store.handedOff(viewerID: 3, screen: "screen-2", revision: "7") == nil)
    }

    @Test func anExpiredRowIsNeitherReadNorKeptAndTheTableKeepsItsNewest4096() async throws {
        guard PostgresTestStores.shouldRun else { return }
        let configuration = try PostgresTestStores.newConfiguration()
        let store = try await PostgresHabitStore.connect(configuration)
        defer { Task { await store.close() } }
        try await store.handOff(Self.handoff(1, 1))
        try await store.handOff(Self.handoff(1, 2))
        let admin = PostgresClient(
            configuration: configuration.clientConfiguration, backgroundLogger: Logger(label: "test"))
        let running = Task { await admin.run() }
        defer { running.cancel() }
        let table = (configuration.schema ?? "public") + ".screen_handoffs"
        _ = try await admin.query(PostgresQuery(
            unsafeSQL: "UPDATE \(table) SET handed_at = now() - interval '11 minutes' WHERE screen = 'screen-1'"))
        #expect(try await store.handedOff(viewerID: 1, screen: "screen-1", revision: "7") == nil)
        #expect(try await store.handedOff(viewerID: 1, screen: "screen-2", revision: "7") != nil)
        // The next hand-off, of anyone, deletes it.
        try await store.handOff(Self.handoff(5, 1))
        var rows = 0
        for try await count in try await admin.query(
            PostgresQuery(unsafeSQL: "SELECT count(*)::bigint FROM \(table) WHERE viewer_id = 1")
        ).decode(Int64.self) {
            rows = Int(count)
        }
        #expect(rows == 1)
        // 5,000 viewers' screens, a tenth of a second apart: a hand-off keeps the newest 4,096, its own included.
        _ = try await admin.query(PostgresQuery(
            unsafeSQL: """
                INSERT INTO \(table) (viewer_id, screen, revision, document, handed_at)
                SELECT 100 + n, 'home', '7', '\\x00'::bytea, now() - interval '9 minutes' + n * interval '0.1 second'
                FROM generate_series(1, 5000) AS n
                """))
        try await store.handOff(Self.handoff(6, 1))
        var total = 0
        var oldestViewer: Int64 = 0
        for try await (count, oldest) in try await admin.query(
            PostgresQuery(
                unsafeSQL: "SELECT count(*)::bigint, min(viewer_id) FILTER (WHERE viewer_id > 99) FROM \(table)")
        ).decode((Int64, Int64).self) {
            total = Int(count)
            oldestViewer = oldest
        }
        #expect(total == 4_096)
        // The newest 4,093 of them stay, beside the two rows written before and the new one.
        #expect(oldestViewer == 100 + 5_000 - 4_093 + 1)
        #expect(try await store.handedOff(viewerID: 6, screen: "screen-1", revision: "7") != nil)
    }
}
