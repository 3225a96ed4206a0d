import Checksum
import Foundation
import Testing

@testable import ZipArchive

@Suite("Malformed and hostile archives")
struct ZipCorruptionTests {
    /// A deflated entry named "bomb.txt" holding `InflateTests.zeros` (100,000 zeros) but declaring `size`.
    private static func bomb(declaring size: UInt32) -> RawEntry {
        RawEntry(
            name: "bomb.txt", method: 8, crc: CRC32.checksum([UInt8](repeating: 0, count: Int(size))),
            data: InflateTests.zeros, uncompressedSize: size, compressedSize: UInt32(InflateTests.zeros.count)
        )
    }

    @Test("Non-archives and every truncation of a golden archive throw")
    func truncations() {
        #expect(throws: ZipError.notAZip) { try ZipReader(bytes: []) }
        #expect(throws: ZipError.notAZip) { try ZipReader(bytes: Array("just some text, no zip here".utf8)) }
        let archive = GoldenData.deflatedArchive
        for length in 0..<archive.count {
            let prefix = Array(archive[..<length])
            #expect(throws: ZipError.self) {
                let reader = try ZipReader(bytes: prefix)
                for entry in reader.entries { _ = try reader.contents(of: entry) }
            }
        }
    }

    @Test("Random byte changes never crash, and damaged contents are caught", arguments: 0..<4)
    func randomDamage(seed: UInt64) {
        var generator = SeededGenerator(seed: 77 + seed)
        let sources = [GoldenData.storedArchive, GoldenData.deflatedArchive, GoldenData.dataDescriptorArchive]
        for round in 0..<300 {
            var archive = sources[round % sources.count]
            let index = Int.random(in: 0..<archive.count, using: &generator)
            archive[index] ^= UInt8.random(in: 1...255, using: &generator)
            guard let reader = try? ZipReader(bytes: archive) else { continue }
            for entry in reader.entries {
                if let contents = try? reader.contents(of: entry) {
                    #expect(contents.count == entry.uncompressedSize)
                    #expect(CRC32.checksum(contents) == entry.crc32)
                }
            }
        }
    }

    @Test("A flipped data byte is a CRC mismatch naming the entry")
    func crcMismatch() throws {
        var archive = TestArchive.written([("a.txt", Array("hello".utf8))])
        archive[30 + 5] ^= 0x20  // the first data byte, after the 30-byte header and the 5-byte name
        let reader = try ZipReader(bytes: archive)
        #expect(throws: ZipError.crcMismatch(path: "a.txt")) { try reader.contents(ofPath: "a.txt") }
        #expect(ZipError.crcMismatch(path: "a.txt").description.contains("\"a.txt\""))
    }

    @Test("A zip bomb: a small declared size that inflates larger throws, the honest one reads")
    func zipBomb() throws {
        let archive = TestArchive.make([Self.bomb(declaring: 1000)])
        let reader = try ZipReader(bytes: archive)
        #expect(throws: ZipError.sizeMismatch(path: "bomb.txt", declared: 1000)) {
            try reader.contents(of: reader.entries[0])
        }
        let honest = try ZipReader(bytes: TestArchive.make([Self.bomb(declaring: 100_000)]))
        #expect(try honest.contents(ofPath: "bomb.txt")?.count == 100_000)
        let limits = ZipLimits(maximumEntrySize: 50_000)
        #expect(throws: ZipError.entryTooLarge(path: "bomb.txt", limit: 50_000)) {
            try ZipReader(bytes: TestArchive.make([Self.bomb(declaring: 100_000)]), limits: limits)
        }
    }

    @Test("A deflated entry's declared size stops its inflation before bad data further on is reached")
    func declaredSizeStopsInflation() throws {
        let data = InflateBoundTests.data
        let stream = InflateBoundTests.storedStream(data, corruptEnd: true)
        let entry = RawEntry(
            name: "long.bin", method: 8, crc: CRC32.checksum(data.prefix(1000)), data: stream,
            uncompressedSize: 1000, compressedSize: UInt32(stream.count)
        )
        let reader = try ZipReader(bytes: TestArchive.make([entry]))
        #expect(throws: ZipError.sizeMismatch(path: "long.bin", declared: 1000)) {
            try reader.contents(ofPath: "long.bin")
        }
        var honest = entry
        honest.uncompressedSize = UInt32(data.count)
        let honestReader = try ZipReader(bytes: TestArchive.make([honest]))
        #expect(throws: ZipError.badDeflateData(path: "long.bin", reason: "zlib finds it corrupt")) {
            try honestReader.contents(ofPath: "long.bin")
        }
    }

    @Test("Too many entries, and too many bytes in all, are refused")
    func limits() {
        let files = (0..<11).map { ("\($0).txt", [UInt8](repeating: 65, count: 100)) }
        let archive = TestArchive.written(files)
        #expect(throws: ZipError.tooManyEntries(limit: 10)) {
            try ZipReader(bytes: archive, limits: ZipLimits(maximumEntryCount: 10))
        }
        #expect(throws: ZipError.archiveTooLarge(limit: 1000)) {
            try ZipReader(bytes: archive, limits: ZipLimits(maximumTotalSize: 1000))
        }
        let message = "The zip archive has too many entries: at most 10 are allowed."
        #expect(ZipError.tooManyEntries(limit: 10).description == message)
    }

    @Test("Encryption, other methods and Zip64 are refused with clear errors")
    func unsupported() throws {
        var encrypted = RawEntry.stored("secret.txt", [1, 2, 3])
        encrypted.flags |= 1
        var bzip2 = RawEntry.stored("b.bz2", [1, 2, 3])
        bzip2.method = 12
        let reader = try ZipReader(bytes: TestArchive.make([encrypted, bzip2]))
        #expect(reader.entries[0].isEncrypted)
        #expect(throws: ZipError.encrypted(path: "secret.txt")) { try reader.contents(of: reader.entries[0]) }
        #expect(throws: ZipError.unsupportedMethod(path: "b.bz2", method: 12)) {
            try reader.contents(of: reader.entries[1])
        }
        #expect(ZipError.unsupportedMethod(path: "b.bz2", method: 12).description.contains("BZIP2"))
        var zip64 = RawEntry.stored("big", [])
        zip64.uncompressedSize = .max
        #expect(throws: ZipError.zip64Unsupported) { try ZipReader(bytes: TestArchive.make([zip64])) }
        let locator: [UInt8] = [0x50, 0x4B, 6, 7] + [UInt8](repeating: 0, count: 16)
        #expect(throws: ZipError.zip64Unsupported) { try ZipReader(bytes: locator + TestArchive.make([])) }
        // Without a locator an all-ones entry count is taken at its word: here it overstates the entries.
        #expect(throws: ZipError.corruptCentralDirectory) {
            let overstated = TestArchive.make([], endRecordEntryCount: .max)
            return try ZipReader(bytes: overstated, limits: ZipLimits(maximumEntryCount: .max))
        }
    }

    @Test("Bad deflate data and a stored size mismatch name the entry")
    func badData() throws {
        let bad = RawEntry(name: "bad", method: 8, crc: 0, data: [0x07], uncompressedSize: 1, compressedSize: 1)
        var mismatch = RawEntry.stored("short", [1, 2, 3])
        mismatch.uncompressedSize = 4
        let reader = try ZipReader(bytes: TestArchive.make([bad, mismatch]))
        #expect(throws: ZipError.badDeflateData(path: "bad", reason: "zlib finds it corrupt")) {
            try reader.contents(ofPath: "bad")
        }
        #expect(throws: ZipError.sizeMismatch(path: "short", declared: 4)) { try reader.contents(ofPath: "short") }
    }

    @Test("Comments: one holding the end signature, and bytes after the record")
    func comments() throws {
        let archive = TestArchive.written([("a", [1])])
        let comment = Array("see PK\u{5}\u{6} here".utf8)
        var withComment = archive
        withComment[withComment.count - 2] = UInt8(comment.count)
        withComment += comment
        #expect(try ZipReader(bytes: withComment).contents(ofPath: "a") == [1])
        #expect(try ZipReader(bytes: archive + [0, 0, 0]).contents(ofPath: "a") == [1])
    }

    @Test("A name without the UTF-8 flag is read as Latin-1")
    func latin1Names() throws {
        var entry = RawEntry.stored("caf\u{E9}", [])
        entry.flags = 0
        let reader = try ZipReader(bytes: TestArchive.make([entry]))
        #expect(reader.entries[0].path == "caf\u{C3}\u{A9}")
    }
}
