import Foundation
import HabitsDomain
import HabitsScreens

/// The JSON of recently written items, shared by every event stream and document: one write often changes
/// the same item on many open screens (a followed person's line on every Home that follows them), many
/// viewers' Homes show the same leaderboard cards, and encoding is most of what an event costs.
final class ItemJSONCache: Sendable {
    /// Bytes the shared cache keeps at most: the items of a few thousand Homes.
    static let defaultByteBudget = 8 << 20

    /// The one cache of the server's streams.
    static let shared = ItemJSONCache()

    /// Each entry's JSON counted twice: the item it is kept under is about as large.
    private let cache: BudgetedCache<ScreenItem, [UInt8]>

    init(byteBudget: Int = ItemJSONCache.defaultByteBudget) {
        cache = BudgetedCache(byteBudget: byteBudget)
    }

    /// Bytes kept at most; past it the cache starts over.
    var byteBudget: Int { cache.byteBudget }

    /// The item's JSON as `HabitsJSON.encoder()` writes it.
    ///
    /// - Complexity: O(n) for the item's n bytes: a hash when kept, an encoding otherwise.
    func json(for item: ScreenItem) throws -> [UInt8] {
        try cache.value(for: item, cost: { 2 * $0.count }) { Array(try HabitsJSON.encoder().encode(item)) }
    }

    /// How many bytes the cache counts now.
    var byteCount: Int { cache.byteCount }
}
