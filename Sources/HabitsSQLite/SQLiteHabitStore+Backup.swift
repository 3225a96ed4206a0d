import Foundation
import GRDB
import HabitsDomain

extension SQLiteHabitStore {
    /// Why a backup was not made.
    public enum BackupRefusal: Error, Equatable, CustomStringConvertible {
        /// The target file exists: a backup never overwrites anything.
        case targetExists(String)
        case failed(String)

        public var description: String {
            switch self {
            case .targetExists(let path): "\(path) exists already; a backup never overwrites a file."
            case .failed(let reason): "The backup failed: \(reason)"
            }
        }
    }

    /// Writes a consistent copy of the whole store to a new file at `path` while the store stays open for
    /// reads and writes (`VACUUM INTO`: one read transaction's snapshot, compacted).
    ///
    /// - Complexity: O(n) for the store's n pages; writers are not held up (WAL), readers neither.
    public func backup(to path: String) async throws {
        guard !FileManager.default.fileExists(atPath: path) else { throw BackupRefusal.targetExists(path) }
        do {
            // VACUUM cannot run inside a transaction; VACUUM INTO takes its own read snapshot.
            try await writer.unsafeRead { db in try db.execute(sql: "VACUUM INTO ?", arguments: [path]) }
        } catch let error as DatabaseError {
            throw BackupRefusal.failed(error.message ?? "\(error)")
        }
    }
}
