import Foundation
import ZipArchive

extension LoopFixture {
    /// `files` as bytes, each ending with the line break a multi-line literal leaves off.
    static func bytes(_ files: [String: String] = files) -> [String: [UInt8]] {
        files.mapValues { Array(($0 + "\n").utf8) }
    }

    /// `files` zipped by `ZipWriter`, Habits.csv first as Loop orders it.
    static func storedZip(_ files: [String: String] = files) -> [UInt8] {
        var writer = ZipWriter()
        var archive: [UInt8] = []
        let contentsOfPath = bytes(files)
        let rank = { (path: String) in (path.hasSuffix("Habits.csv") ? 0 : 1, path) }
        for path in contentsOfPath.keys.sorted(by: { rank($0) < rank($1) }) {
            let contents = contentsOfPath[path] ?? []
            archive += writer.add(path: path, contents: contents, modified: Date(timeIntervalSince1970: 1_709_672_400))
        }
        return archive + writer.finish()
    }

    /// The fixture with `path`'s text replaced by `text`.
    static func replacing(_ path: String, with text: String) -> [String: [UInt8]] {
        var files = files
        files[path] = text
        return bytes(files)
    }
}
