import Foundation
import Testing

@testable import ZipArchive

@Suite("Archives written by Python's zipfile")
struct ZipGoldenTests {
    /// The entries every golden archive holds, in order, with their contents.
    private static let expected: [(String, [UInt8])] = [
        ("hello.txt", Array("Hello, zip!\n".utf8)),
        ("dir/", []),
        ("dir/café ☕.txt", Array(String(repeating: "naïve café ", count: 20).utf8)),
        ("lines.txt", Array(GoldenData.text.utf8.prefix(600))),
    ]

    @Test(
        "Stored, deflated and data-descriptor archives read back",
        arguments: [GoldenData.storedArchive, GoldenData.deflatedArchive, GoldenData.dataDescriptorArchive]
    )
    func golden(archive: [UInt8]) throws {
        #expect(archive.count > 800)
        let reader = try ZipReader(bytes: archive)
        #expect(reader.entries.map(\.path) == Self.expected.map(\.0))
        #expect(reader.entries.map(\.isDirectory) == [false, true, false, false])
        for (entry, (_, contents)) in zip(reader.entries, Self.expected) {
            #expect(try reader.contents(of: entry) == contents)
            #expect(entry.modified == Date(timeIntervalSince1970: 1_714_979_290))  // 2024-05-06 07:08:10
        }
    }

    @Test("The deflated golden archive deflates lines.txt, and the descriptor one sets flag bit 3")
    func methods() throws {
        let deflated = try ZipReader(bytes: GoldenData.deflatedArchive)
        #expect(deflated.entries.map(\.compressionMethod) == [0, 0, 0, 8])
        #expect(try #require(deflated.entries.last).compressedSize < 600)
        // The local header of the first entry: flags at offset 6, then zeroed CRC and sizes.
        let descriptor = GoldenData.dataDescriptorArchive
        #expect(descriptor[6] & 0x08 != 0)
        #expect(descriptor[14..<26].allSatisfy { $0 == 0 })
    }

    @Test("Raw deflate streams from zlib at levels 0, 1 and 9 inflate to the text")
    func rawStreams() throws {
        let text = Array(GoldenData.text.utf8)
        #expect(text.count == 1368)
        #expect(GoldenData.deflateLevel0[0] >> 1 & 3 == 0)  // stored block
        #expect(GoldenData.deflateLevel1[0] >> 1 & 3 == 2)  // dynamic Huffman block
        #expect(GoldenData.deflateLevel9[0] >> 1 & 3 == 2)
        for stream in [GoldenData.deflateLevel0, GoldenData.deflateLevel1, GoldenData.deflateLevel9] {
            #expect(try ZlibInflater.inflate(stream[...], outputLimit: 1 << 20) == text)
            #expect(throws: InflateError.outputLimitExceeded) {
                try ZlibInflater.inflate(stream[...], outputLimit: 1000)
            }
        }
    }
}
