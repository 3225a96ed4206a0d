import Foundation
import HabitsDomain
import HabitsScreens
import NIOConcurrencyHelpers

/// The JSON of recently written items, shared by every event stream and document: one write often changes
/// the same item on many open screens (a followed person's line on every Home that follows them), many
/// viewers' Homes show the same leaderboard cards, and encoding is most of what an event costs.
final class ItemJSONCache: Sendable {
    /// Bytes the shared cache keeps at most: the items of a few thousand Homes.
    static let defaultByteBudget = 8 << 20

    /// The one cache of the server's streams.
    static let shared = ItemJSONCache()

    /// Bytes kept at most, counting each entry's JSON twice (the item it is kept under is about as large);
    /// past it the cache starts over, so a burst never holds more than this.
    let byteBudget: Int

    private struct State: Sendable {
        var entries: [ScreenItem: [UInt8]] = [:]
        var bytes = 0
    }

    // A locked box rather than `Mutex` keeps macOS 14 supported.
    private let state = NIOLockedValueBox(State())

    init(byteBudget: Int = ItemJSONCache.defaultByteBudget) {
        self.byteBudget = byteBudget
    }

    /// The item's JSON as `HabitsJSON.encoder()` writes it.
    ///
    /// - Complexity: O(n) for the item's n bytes: a hash when kept, an encoding otherwise.
    func json(for item: ScreenItem) throws -> [UInt8] {
        if let known = state.withLockedValue({ $0.entries[item] }) { return known }
        let bytes = Array(try HabitsJSON.encoder().encode(item))
        let cost = 2 * bytes.count
        state.withLockedValue { state in
            if state.bytes + cost > byteBudget {
                state.entries.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            guard cost <= byteBudget, state.entries.updateValue(bytes, forKey: item) == nil else { return }
            state.bytes += cost
        }
        return bytes
    }

    /// How many bytes the cache counts now.
    var byteCount: Int { state.withLockedValue { $0.bytes } }
}
