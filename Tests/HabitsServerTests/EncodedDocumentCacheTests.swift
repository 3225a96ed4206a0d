import Foundation
import HabitsDomain
import HabitsScreens
import NIOCore
import Testing

@testable import HabitsServer

/// The JSON of answered documents: reused only for an equal document, and within its byte budget.
@Suite struct EncodedDocumentCacheTests {
    static func document(_ title: String, revision: Int) -> ScreenDocument {
        ScreenDocument(screen: .home, title: title, revision: String(revision), sections: [])
    }

    /// The cache's bytes, to compare with the encoder's.
    static func json(
        _ cache: EncodedDocumentCache, _ document: ScreenDocument, _ request: ScreenRequest
    ) throws -> Data {
        Data(try cache.json(for: document, request: request).readableBytesView)
    }

    @Test func theBytesAreTheEncodersAndFollowEveryChangeOfTheDocument() throws {
        let cache = EncodedDocumentCache()
        let home = ScreenRequest(screen: .home, viewerID: 1)
        for (title, revision) in [("Home", 1), ("Home", 1), ("Home", 2), ("Other", 2), ("Home", 1)] {
            let document = Self.document(title, revision: revision)
            #expect(try Self.json(cache, document, home) == HabitsJSON.encoder().encode(document))
        }
        // Another viewer's request keeps its own entry.
        let other = Self.document("Theirs", revision: 1)
        let theirs = ScreenRequest(screen: .home, viewerID: 2)
        #expect(try Self.json(cache, other, theirs) == HabitsJSON.encoder().encode(other))
        #expect(try Self.json(cache, Self.document("Home", revision: 1), home)
            == HabitsJSON.encoder().encode(Self.document("Home", revision: 1)))
    }

    @Test func manyLargeDocumentsStayWithinTheBudget() throws {
        let cache = EncodedDocumentCache()
        let title = String(repeating: "x", count: 200_000)
        for viewer in 1...400 {
            let request = ScreenRequest(screen: .home, viewerID: Int64(viewer))
            _ = try cache.json(for: Self.document(title + "\(viewer)", revision: viewer), request: request)
            #expect(cache.byteCount <= EncodedDocumentCache.byteBudget)
        }
        #expect(cache.byteCount > 0)
    }
}
