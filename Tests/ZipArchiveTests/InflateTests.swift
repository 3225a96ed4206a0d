import Foundation
import Testing

@testable import ZipArchive

@Suite("Inflate (RFC 1951, by zlib)")
struct InflateTests {
    /// zlib level 6, raw: a fixed-Huffman block of "abcabcabcabc, fixed Huffman codes; abcabcabc!".
    static let fixedBlock = Array(Data(base64Encoded: "S0xKToQhHYW0zIrUFAWP0rS03MQ8heT8lNRiawW4vCIA") ?? Data())
    /// zlib level 9, raw: 100,000 zero bytes in 114 bytes, the heart of a zip bomb.
    static let zeros = Array(
        Data(
            base64Encoded: "7cExAQAAAMKg9U9tDQ+g" + String(repeating: "A", count: 128) + "gFcD"
        ) ?? Data()
    )

    @Test("A fixed-Huffman block with overlapping matches")
    func fixedHuffman() throws {
        #expect(Self.fixedBlock[0] >> 1 & 3 == 1)
        let output = try ZlibInflater.inflate(Self.fixedBlock[...], outputLimit: 1000)
        #expect(String(decoding: output, as: UTF8.self) == "abcabcabcabc, fixed Huffman codes; abcabcabc!")
    }

    @Test("Runs of zeros inflate fully within the limit and stop at it")
    func limits() throws {
        #expect(Self.zeros.count == 114)
        let all = try ZlibInflater.inflate(Self.zeros[...], outputLimit: 100_000)
        #expect(all == [UInt8](repeating: 0, count: 100_000))
        #expect(throws: InflateError.outputLimitExceeded) {
            try ZlibInflater.inflate(Self.zeros[...], outputLimit: 99_999)
        }
    }

    @Test("Hand-made stored blocks: empty, several, and a bad length check")
    func storedBlocks() throws {
        // Not final, stored, LEN 2 "hi"; then final, stored, LEN 0.
        let twoBlocks: [UInt8] = [0x00, 0x02, 0x00, 0xFD, 0xFF, 0x68, 0x69, 0x01, 0x00, 0x00, 0xFF, 0xFF]
        #expect(try ZlibInflater.inflate(twoBlocks[...], outputLimit: 10) == Array("hi".utf8))
        let badCheck: [UInt8] = [0x01, 0x02, 0x00, 0xFD, 0xFE, 0x68, 0x69]
        #expect(throws: InflateError.malformed("zlib finds it corrupt")) {
            try ZlibInflater.inflate(badCheck[...], outputLimit: 10)
        }
        let short: [UInt8] = [0x01, 0x05, 0x00, 0xFA, 0xFF, 0x68]
        #expect(throws: InflateError.self) { try ZlibInflater.inflate(short[...], outputLimit: 10) }
    }

    @Test("Malformed headers throw: reserved type, empty input, distance before the start")
    func malformed() {
        #expect(throws: InflateError.malformed("zlib finds it corrupt")) {
            try ZlibInflater.inflate([0x07][...], outputLimit: 10)
        }
        #expect(throws: InflateError.malformed("the stream ends early")) {
            try ZlibInflater.inflate([][...], outputLimit: 10)
        }
        // Fixed block whose first symbol is a match (length 3, distance 1) with nothing output yet.
        #expect(throws: InflateError.malformed("zlib finds it corrupt")) {
            try ZlibInflater.inflate([0x03, 0x02, 0x00][...], outputLimit: 10)
        }
    }

    @Test("Every truncation of every golden stream throws rather than crashing")
    func truncations() {
        for stream in [GoldenData.deflateLevel1, GoldenData.deflateLevel9, Self.fixedBlock, Self.zeros] {
            for length in 0..<stream.count {
                #expect(throws: InflateError.self) {
                    try ZlibInflater.inflate(stream[..<length], outputLimit: 200_000)
                }
            }
        }
    }

    @Test("Random corruptions and random bytes end, within the limit, without crashing", arguments: 0..<4)
    func corruptions(seed: UInt64) {
        var generator = SeededGenerator(seed: 1000 + seed)
        let sources = [GoldenData.deflateLevel1, GoldenData.deflateLevel9, Self.fixedBlock, GoldenData.deflateLevel0]
        for round in 0..<500 {
            var stream = sources[round % sources.count]
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<stream.count, using: &generator)
                stream[index] = UInt8.random(in: 0...255, using: &generator)
            }
            if let output = try? ZlibInflater.inflate(stream[...], outputLimit: 5000) {
                #expect(output.count <= 5000)
            }
            let noise = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            if let output = try? ZlibInflater.inflate(noise[...], outputLimit: 5000) {
                #expect(output.count <= 5000)
            }
        }
    }
}
