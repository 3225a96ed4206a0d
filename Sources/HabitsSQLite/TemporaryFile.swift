import Foundation

/// A path for a temporary database, whose file and WAL companions are removed when this goes.
final class TemporaryFile: Sendable {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("habits-\(UUID().uuidString).sqlite").path
    }

    deinit {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
