import Foundation
import Testing

@testable import ZipArchive

@Suite("Zip writer and reader round trip")
struct ZipRoundTripTests {
    /// A random name of 1 to 3 components mixing ASCII, accented letters, CJK and emoji.
    private static func randomPath(using generator: inout SeededGenerator) -> String {
        let alphabet = Array("abcXYZ019 _-.éüßж中文😀")
        let components = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
            String((0..<Int.random(in: 1...12, using: &generator)).map { _ in
                alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            })
        }
        return components.joined(separator: "/")
    }

    @Test("Random entries come back with their names, contents and times", arguments: 0..<20)
    func randomArchives(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var writer = ZipWriter()
        var archive: [UInt8] = []
        var expected: [(String, [UInt8])] = []
        for index in 0..<Int.random(in: 0...12, using: &generator) {
            let path = "\(index)-" + Self.randomPath(using: &generator)
            let size = Int.random(in: 0...3000, using: &generator)
            let contents = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let seconds = Double(Int.random(in: 315_532_800...4_000_000_000, using: &generator) / 2 * 2)
            let bytes = writer.add(path: path, contents: contents, modified: Date(timeIntervalSince1970: seconds))
            #expect(bytes.count == 30 + path.utf8.count + contents.count)
            archive += bytes
            expected.append((path, contents))
        }
        archive += writer.finish()
        let reader = try ZipReader(bytes: archive)
        #expect(reader.entries.map(\.path) == expected.map(\.0))
        for (entry, (path, contents)) in zip(reader.entries, expected) {
            #expect(entry.uncompressedSize == contents.count)
            #expect(entry.compressedSize == contents.count)
            #expect(entry.compressionMethod == 0)
            #expect(try reader.contents(of: entry) == contents)
            #expect(try reader.contents(ofPath: path) == contents)
        }
        #expect(writer.omittedPaths.isEmpty)
    }

    @Test("Times are kept to two seconds in UTC, and clamped to the DOS range")
    func times() throws {
        let instant = Date(timeIntervalSince1970: 1_700_000_001)  // 2023-11-14 22:13:21 UTC
        var writer = ZipWriter()
        var archive = writer.add(path: "a", contents: [], modified: instant)
        archive += writer.add(path: "old", contents: [], modified: Date(timeIntervalSince1970: 0))
        archive += writer.add(path: "far", contents: [], modified: Date(timeIntervalSince1970: 5e9))
        archive += writer.add(path: "distant", contents: [], modified: .distantPast)
        archive += writer.add(path: "nan", contents: [], modified: Date(timeIntervalSince1970: .nan))
        archive += writer.finish()
        let entries = try ZipReader(bytes: archive).entries
        #expect(entries[3].modified == Date(timeIntervalSince1970: 315_532_800))
        #expect(entries[4].modified == Date(timeIntervalSince1970: 315_532_800))
        #expect(entries[0].modified == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(entries[1].modified == Date(timeIntervalSince1970: 315_532_800))  // 1980-01-01
        #expect(entries[2].modified == Date(timeIntervalSince1970: 4_354_819_198))  // 2107-12-31 23:59:58
    }

    @Test("Directories, the UTF-8 flag and an empty archive")
    func directoriesAndFlags() throws {
        let archive = TestArchive.written([("folder/", []), ("folder/naïve.txt", Array("x".utf8))])
        let reader = try ZipReader(bytes: archive)
        #expect(reader.entries.map(\.isDirectory) == [true, false])
        #expect(reader.entries[1].path == "folder/naïve.txt")
        #expect(archive[6] == 0 && archive[7] == 0x08)  // the local header's flags: bit 11 only
        #expect(try reader.contents(ofPath: "missing") == nil)
        let empty = ZipWriter().finish()
        #expect(empty.count == 22)
        #expect(try ZipReader(bytes: empty).entries.isEmpty)
    }

    @Test("Past 65,535 entries the writer leaves entries out and the archive stays valid")
    func entryLimit() throws {
        var writer = ZipWriter()
        var archive: [UInt8] = []
        for index in 0..<ZipWriter.maximumEntryCount {
            archive += writer.add(path: "\(index)", contents: [], modified: Date(timeIntervalSince1970: 1e9))
        }
        #expect(writer.add(path: "extra", contents: [1], modified: Date()).isEmpty)
        #expect(writer.omittedPaths == ["extra"])
        archive += writer.finish()
        let reader = try ZipReader(bytes: archive, limits: ZipLimits(maximumEntryCount: 70_000))
        #expect(reader.entries.count == 65_535)
        #expect(reader.entries.last?.path == "65534")
    }

    @Test("A name too long for its 16-bit length field is left out")
    func longName() {
        var writer = ZipWriter()
        let name = String(repeating: "n", count: 70_000)
        #expect(writer.add(path: name, contents: [], modified: Date()).isEmpty)
        #expect(writer.omittedPaths.count == 1)
    }
}
