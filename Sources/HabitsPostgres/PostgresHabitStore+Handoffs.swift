import Foundation
import HabitsStore
import PostgresNIO

/// The bounds of `screen_handoffs`, which any viewer's streams can grow.
enum PostgresHandoffs {
    /// How long a handed-off document is kept: a stream reconnects within seconds (`retry: 2000`).
    static let lifetime = "interval '10 minutes'"
    /// The most screens kept per viewer: the one handed off last replaces the oldest.
    static let screensPerViewer = 20
    /// The largest document kept: a bigger one (the whole emoji picker) is sent whole on resumption.
    static let largestDocument = 128 << 10
    /// The most rows kept, the newest: with `largestDocument`, at most 512 MiB whoever streams.
    static let rows = 4_096
}

extension PostgresHabitStore {
    public var handsOffScreens: Bool { true }

    /// One statement: the upsert (the document as `bytea`, from a byte buffer: `[UInt8]` binds as an array
    /// of "char"), and every row past the bounds deleted (expired, the viewer's beyond `screensPerViewer`,
    /// the oldest beyond `rows`), so that the table keeps within them without a sweeper. The deletes spare
    /// the row being written: one statement must not both delete and update it.
    ///
    /// - Complexity: O(log n) index walks, and the oldest-rows walk over at most `rows` entries.
    public func handOff(_ handoff: ScreenHandoff) async throws {
        guard handoff.document.count <= PostgresHandoffs.largestDocument else { return }
        let kept = PostgresHandoffs.screensPerViewer - 1
        _ = try await client.query(
            """
            WITH expired AS (
                DELETE FROM screen_handoffs WHERE handed_at < now() - \(unescaped: PostgresHandoffs.lifetime)
                AND (viewer_id, screen) <> (\(handoff.viewerID), \(handoff.screen))
            ), beyond AS (
                DELETE FROM screen_handoffs WHERE viewer_id = \(handoff.viewerID) AND screen IN (
                    SELECT screen FROM screen_handoffs WHERE viewer_id = \(handoff.viewerID)
                    AND screen <> \(handoff.screen) ORDER BY handed_at DESC OFFSET \(kept))
            ), crowded AS (
                DELETE FROM screen_handoffs WHERE handed_at <= (
                    SELECT handed_at FROM screen_handoffs ORDER BY handed_at DESC
                    OFFSET \(PostgresHandoffs.rows - 1) LIMIT 1)
                AND (viewer_id, screen) <> (\(handoff.viewerID), \(handoff.screen))
            )
            INSERT INTO screen_handoffs (viewer_id, screen, revision, document)
            VALUES (\(handoff.viewerID), \(handoff.screen), \(handoff.revision), \(ByteBuffer(bytes: handoff.document)))
            ON CONFLICT (viewer_id, screen) DO UPDATE
            SET revision = EXCLUDED.revision, document = EXCLUDED.document, handed_at = now()
            """, logger: logger)
    }

    public func handedOff(viewerID: Int64, screen: String, revision: String) async throws -> [UInt8]? {
        let rows = try await client.query(
            """
            SELECT document FROM screen_handoffs WHERE viewer_id = \(viewerID) AND screen = \(screen)
            AND revision = \(revision)
            AND handed_at >= now() - \(unescaped: PostgresHandoffs.lifetime)
            """, logger: logger)
        // bytea comes as a byte buffer: `[UInt8]` is PostgreSQL's array of "char".
        for try await document in rows.decode(ByteBuffer.self) { return Array(document.readableBytesView) }
        return nil
    }
}
