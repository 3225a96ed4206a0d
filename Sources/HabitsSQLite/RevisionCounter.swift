import Foundation

/// The latest committed revision, readable without touching the database.
final class RevisionCounter: @unchecked Sendable {
    // Guarded by `lock`; a lock rather than an atomic keeps macOS 14 supported.
    private let lock = NSLock()
    private var value: Int64

    init(_ value: Int64) { self.value = value }

    var current: Int64 {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    /// Raises the value, never lowers it, since commits may report out of order.
    func raise(to newValue: Int64) {
        lock.lock()
        defer { lock.unlock() }
        value = max(value, newValue)
    }
}
