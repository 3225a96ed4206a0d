import Foundation
import HabitsScreens
import NIOConcurrencyHelpers

/// The JSON of recently written sections without their items, shared by every stream's and request's
/// document: a section's layout is most of its JSON and the same on every viewer's copy of a screen, so a
/// thousand streams opening Home encode each of its layouts once, not a thousand times.
final class SectionJSONCache: Sendable {
    /// Bytes of JSON the shared cache keeps at most: far more than every screen's layouts.
    static let defaultByteBudget = 2 << 20

    /// Bytes of JSON kept at most; past it the cache starts over.
    let byteBudget: Int

    /// The one cache of the server's documents.
    static let shared = SectionJSONCache()

    private struct State: Sendable {
        var entries: [ScreenSection: SectionJSON] = [:]
        var bytes = 0
    }

    // A locked box rather than `Mutex` keeps macOS 14 supported.
    private let state = NIOLockedValueBox(State())

    init(byteBudget: Int = SectionJSONCache.defaultByteBudget) {
        self.byteBudget = byteBudget
    }

    /// The section's JSON around its items (`ScreenSection.jsonAroundItems`).
    ///
    /// - Complexity: a hash of the section without its items when kept, an encoding of it otherwise.
    func json(for section: ScreenSection) throws -> SectionJSON {
        let key = section.withoutItems
        if let known = state.withLockedValue({ $0.entries[key] }) { return known }
        let json = try key.jsonAroundItems()
        state.withLockedValue { state in
            if state.bytes + json.byteCount > byteBudget {
                state.entries.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            guard json.byteCount <= byteBudget, state.entries.updateValue(json, forKey: key) == nil else {
                return
            }
            state.bytes += json.byteCount
        }
        return json
    }

    /// How many bytes of JSON the cache holds now.
    var byteCount: Int { state.withLockedValue { $0.bytes } }
}

/// A document's JSON as `HabitsJSON.encoder()` writes it, from the shared caches of sections and items.
enum DocumentJSON {
    static func bytes(_ document: ScreenDocument) throws -> [UInt8] {
        try document.json(sectionJSON: SectionJSONCache.shared.json, itemJSON: ItemJSONCache.shared.json)
    }
}
