import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an export where it was asked for, whole or not at all.
public enum ExportFile {
    /// Refuses early, before downloading, when `path` exists and `force` was not given.
    public static func checkWritable(_ path: String, force: Bool) throws(ClientError) {
        if !force, FileManager.default.fileExists(atPath: path) {
            throw .local("\(path) exists already; choose another file or add --force to replace it")
        }
    }

    /// Writes `data` to a temporary file in the same folder, then moves it to `path`: a reader never sees
    /// half a file, and an existing file is replaced only with `force` (else linked, which fails if it exists).
    public static func write(_ data: Data, to path: String, force: Bool) throws(ClientError) {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).partial")
        do {
            try data.write(to: temporary)
        } catch {
            throw .local("cannot write in \(target.deletingLastPathComponent().path): \(error.localizedDescription)")
        }
        defer { unlink(temporary.path) }
        // link(2) fails when the target exists, so a file made meanwhile is not overwritten either.
        let moved = force ? rename(temporary.path, target.path) : link(temporary.path, target.path)
        guard moved == 0 else {
            if errno == EEXIST { throw .local("\(path) exists already; add --force to replace it") }
            throw .local("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
