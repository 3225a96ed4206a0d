import Foundation
import HabitsDomain
import HabitsScreens
import NIOConcurrencyHelpers
import NIOCore

/// The JSON of the document last answered for each screen request: a screen asked again before it
/// changes (a client polling, a page reloaded, many clients of one account) is answered with the bytes
/// already written, since encoding is most of what answering a cached document costs.
///
/// Exact: the bytes are reused only for a document equal to the one they encode. Bounded: past
/// `byteBudget` (the JSON and the documents it keeps alive, estimated) the cache starts over.
final class EncodedDocumentCache: Sendable {
    /// Bytes kept at most.
    static let byteBudget = 32 << 20

    private struct Entry: Sendable {
        var document: ScreenDocument
        /// Shared with every response that carries it, not copied.
        var json: ByteBuffer
        var bytes: Int
    }

    private struct State: Sendable {
        var entries: [ScreenRequest: Entry] = [:]
        var bytes = 0
    }

    // A locked box rather than `Mutex` keeps macOS 14 supported.
    private let state = NIOLockedValueBox(State())

    /// The document's JSON as `HabitsJSON.encoder()` writes it.
    ///
    /// - Complexity: O(n) for the document's n bytes: a comparison when kept, an encoding otherwise.
    func json(for document: ScreenDocument, request: ScreenRequest) throws -> ByteBuffer {
        // Compared outside the lock: the entry is copied out (its storage is shared, not duplicated).
        if let kept = state.withLockedValue({ $0.entries[request] }), kept.document == document { return kept.json }
        let json = ByteBuffer(bytes: try DocumentJSON.bytes(document))
        let entry = Entry(document: document, json: json, bytes: json.readableBytes + document.estimatedByteCount)
        state.withLockedValue { state in
            state.bytes -= state.entries[request]?.bytes ?? 0
            if state.bytes + entry.bytes > Self.byteBudget {
                state.entries.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            guard entry.bytes <= Self.byteBudget else { return }
            state.entries[request] = entry
            state.bytes += entry.bytes
        }
        return json
    }

    /// How many bytes the cache counts now.
    var byteCount: Int { state.withLockedValue { $0.bytes } }
}
