import Foundation
import HabitsDomain

/// The habit list as of one version of `habits_version` (schema v14), kept by an instance for its screen
/// reads: every Home reads every habit, and the list changes only when someone adds, edits or removes one.
///
/// A snapshot that reads the version it holds gets the kept list, which is what it would have read: the
/// version is raised in the same transaction as every write to `habits`. A snapshot of another version
/// reads the table; the list it reads replaces the kept one only when its version is newer, so a reader
/// of an old snapshot finishing late never brings back an older list.
final class HabitListCache: @unchecked Sendable {
    // Guarded by `lock`; a lock rather than a mutex keeps macOS 14 supported, as `RevisionCounter` does.
    private let lock = NSLock()
    private var kept: (version: Int64, habits: [Habit])?

    /// The kept list when it is the one of `version`.
    ///
    /// - Complexity: O(1).
    func habits(at version: Int64) -> [Habit]? {
        lock.lock()
        defer { lock.unlock() }
        return kept?.version == version ? kept?.habits : nil
    }

    /// Keeps `habits`, read in a snapshot of `version`, unless a newer version's list is kept.
    ///
    /// - Complexity: O(1).
    func keep(_ habits: [Habit], at version: Int64) {
        lock.lock()
        defer { lock.unlock() }
        if let current = kept, current.version >= version { return }
        kept = (version, habits)
    }
}
