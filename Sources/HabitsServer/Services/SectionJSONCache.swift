import Foundation
import HabitsScreens

/// The JSON of recently written sections without their items, shared by every stream's and request's
/// document: a section's layout is most of its JSON and the same on every viewer's copy of a screen, so a
/// thousand streams opening Home encode each of its layouts once, not a thousand times.
final class SectionJSONCache: Sendable {
    /// Bytes of JSON the shared cache keeps at most: far more than every screen's layouts.
    static let defaultByteBudget = 2 << 20

    /// The one cache of the server's documents.
    static let shared = SectionJSONCache()

    private let cache: BudgetedCache<ScreenSection, SectionJSON>

    init(byteBudget: Int = SectionJSONCache.defaultByteBudget) {
        cache = BudgetedCache(byteBudget: byteBudget)
    }

    /// Bytes of JSON kept at most; past it the cache starts over.
    var byteBudget: Int { cache.byteBudget }

    /// The section's JSON around its items (`ScreenSection.jsonAroundItems`).
    ///
    /// - Complexity: a hash of the section without its items when kept, an encoding of it otherwise.
    func json(for section: ScreenSection) throws -> SectionJSON {
        let key = section.withoutItems
        return try cache.value(for: key, cost: \.byteCount) { try key.jsonAroundItems() }
    }

    /// How many bytes of JSON the cache holds now.
    var byteCount: Int { cache.byteCount }
}

/// A document's JSON as `HabitsJSON.encoder()` writes it, from the shared caches of sections and items.
enum DocumentJSON {
    static func bytes(_ document: ScreenDocument) throws -> [UInt8] {
        try document.json(sectionJSON: SectionJSONCache.shared.json, itemJSON: ItemJSONCache.shared.json)
    }
}
