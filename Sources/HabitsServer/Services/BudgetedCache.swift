import NIOConcurrencyHelpers

/// Values shared by every request and stream, made once per key and kept within a byte budget: past it
/// the cache starts over, so a burst never holds more than the budget. `ItemJSONCache` and
/// `SectionJSONCache` keep their JSON in one each.
final class BudgetedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Bytes kept at most, as the callers' `cost` counts them.
    let byteBudget: Int

    private struct State: Sendable {
        var entries: [Key: Value] = [:]
        var bytes = 0
    }

    // A locked box rather than `Mutex` keeps macOS 14 supported.
    private let state = NIOLockedValueBox(State())

    init(byteBudget: Int) {
        self.byteBudget = byteBudget
    }

    /// The value kept for `key`, or the one `make` makes, kept when its `cost` fits the budget. `make` runs
    /// outside the lock: two callers may make the same value at once, and the first kept is counted.
    ///
    /// - Complexity: a hash of `key` when kept, a call of `make` otherwise.
    func value(for key: Key, cost: (Value) -> Int, make: () throws -> Value) rethrows -> Value {
        if let known = state.withLockedValue({ $0.entries[key] }) { return known }
        let value = try make()
        let bytes = cost(value)
        state.withLockedValue { state in
            if state.bytes + bytes > byteBudget {
                state.entries.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            guard bytes <= byteBudget, state.entries.updateValue(value, forKey: key) == nil else { return }
            state.bytes += bytes
        }
        return value
    }

    /// How many bytes the cache counts now.
    var byteCount: Int { state.withLockedValue { $0.bytes } }
}
