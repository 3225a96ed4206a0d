import Foundation
import HabitsDomain
import HabitsScreens
import NIOConcurrencyHelpers

/// The JSON of recently sent items, shared by every event stream: one write often changes the same item
/// on many open screens (a followed person's line on every Home that follows them), and encoding is most
/// of what an event costs.
final class ItemJSONCache: Sendable {
    /// Items kept; past it the cache starts over, so a burst never holds more than this.
    static let capacity = 4_096

    /// The one cache of the server's streams.
    static let shared = ItemJSONCache()

    // A locked box rather than `Mutex` keeps macOS 14 supported.
    private let encoded = NIOLockedValueBox<[ScreenItem: [UInt8]]>([:])

    /// The item's JSON as `HabitsJSON.encoder()` writes it.
    ///
    /// - Complexity: O(n) for the item's n bytes: a hash when kept, an encoding otherwise.
    func json(for item: ScreenItem) throws -> [UInt8] {
        if let known = encoded.withLockedValue({ $0[item] }) { return known }
        let bytes = Array(try HabitsJSON.encoder().encode(item))
        encoded.withLockedValue { encoded in
            if encoded.count >= Self.capacity { encoded.removeAll(keepingCapacity: true) }
            encoded[item] = bytes
        }
        return bytes
    }
}
