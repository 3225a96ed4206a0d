import Foundation
import HabitsDomain
import HabitsScreens
import Testing

@testable import HabitsServer

/// The JSON of answered documents: reused only for an equal document, and within its byte budget.
@Suite struct EncodedDocumentCacheTests {
    static func document(_ title: String, revision: Int) -> ScreenDocument {
        ScreenDocument(screen: .home, title: title, revision: String(revision), sections: [])
    }

    @Test func theBytesAreTheEncodersAndFollowEveryChangeOfTheDocument() throws {
        let cache = EncodedDocumentCache()
        let home = ScreenRequest(screen: .home, viewerID: 1)
        for (title, revision) in [("Home", 1), ("Home", 1), ("Home", 2), ("Other", 2), ("Home", 1)] {
            let document = Self.document(title, revision: revision)
            #expect(try cache.json(for: document, request: home) == HabitsJSON.encoder().encode(document))
        }
        // Another viewer's request keeps its own entry.
        let other = Self.document("Theirs", revision: 1)
        let theirs = ScreenRequest(screen: .home, viewerID: 2)
        #expect(try cache.json(for: other, request: theirs) == HabitsJSON.encoder().encode(other))
        #expect(try cache.json(for: Self.document("Home", revision: 1), request: home)
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
