import Foundation

/// The latest revision a store committed or read, readable without touching the database.
package final class RevisionCounter: @unchecked Sendable {
    // Guarded by `lock`; a lock rather than an atomic keeps macOS 14 supported.
    private let lock = NSLock()
    private var value: Int64

    package init(_ value: Int64) { self.value = value }

    package var current: Int64 {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    /// Raises the value, never lowers it, since commits may report out of order.
    package func raise(to newValue: Int64) {
        lock.lock()
        defer { lock.unlock() }
        value = max(value, newValue)
    }
}

/// Time zones by identifier, so that a write or a migration over many logs makes each zone once.
package final class TimeZoneCache: @unchecked Sendable {
    private let lock = NSLock()
    private var zones: [String: TimeZone] = [:]

    /// The zone `identifier` names; UTC when it names none (identifiers are checked when stored).
    package func zone(_ identifier: String) -> TimeZone {
        lock.lock()
        defer { lock.unlock() }
        if let zone = zones[identifier] { return zone }
        let zone = TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC") ?? .current
        zones[identifier] = zone
        return zone
    }

    package static let shared = TimeZoneCache()
}

/// What one write changes, recorded by the write as it goes and published once it commits.
///
/// A store gives every write its own recorder and keeps it only when the write commits, so a write that
/// fails and rolls back reports nothing. A class so that a store's helpers can record into it without
/// threading `inout` through every call.
package final class ChangeRecorder: @unchecked Sendable {
    // One write's transaction uses it, one statement at a time; the lock makes that safe to say.
    private let lock = NSLock()
    private var recorded = ChangeAccumulator()

    package init() {}

    private func record(_ update: (inout ChangeAccumulator) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        update(&recorded)
    }

    /// Records that a pair's count went from `before` to `after`.
    package func count(userID: Int64, habitID: Int64, before: Int, after: Int) {
        record { $0.count(userID: userID, habitID: habitID, before: before, after: after) }
    }

    /// Records that a user's favourites changed.
    package func favorites(of userID: Int64) { record { $0.favorites(of: userID) } }
    /// Records that a user followed or unfollowed someone.
    package func follows(of userID: Int64) { record { $0.follows(of: userID) } }
    /// Records that users, categories or habits were created, changed or deleted.
    package func catalogueChanged() { record { $0.catalogueChanged() } }
    /// Records that programs, their ratings or their members changed.
    package func programsChanged() { record { $0.programsChanged() } }
    /// Records that help tags or questions changed.
    package func helpChanged() { record { $0.helpChanged() } }
    /// Records that a user's recent emoji changed.
    package func recentEmoji(of userID: Int64) { record { $0.recentEmoji(of: userID) } }
    /// Records that a user's skips or notes changed.
    package func days(of userID: Int64) { record { $0.days(of: userID) } }

    /// Everything recorded so far.
    package var accumulated: ChangeAccumulator {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Everything recorded, as one change at `revision`.
    package func change(revision: Int64) -> StoreChange { accumulated.change(revision: revision) }
}
