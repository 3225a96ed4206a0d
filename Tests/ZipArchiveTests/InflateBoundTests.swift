import Testing

@testable import ZipArchive

/// zlib inflates through a window of `ZlibInflater.windowSize` bytes, and the room it is given never passes the
/// limit by more than one byte: these tests show that the limit stops inflation before the rest of a stream is
/// even looked at, also when the output crosses windows.
@Suite("Inflate stops at its limit")
struct InflateBoundTests {
    /// `data` as stored deflate blocks (at most 65,535 bytes each), ended by a final empty stored block, or,
    /// when `corruptEnd`, by a final block of the reserved type 3, which zlib finds corrupt once it reaches it.
    static func storedStream(_ data: [UInt8], corruptEnd: Bool = false) -> [UInt8] {
        var stream: [UInt8] = []
        var offset = 0
        while offset < data.count {
            let length = min(65_535, data.count - offset)
            let complement = ~length & 0xFFFF
            stream += [0x00, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(complement & 0xFF), UInt8(complement >> 8)]
            stream += data[offset..<(offset + length)]
            offset += length
        }
        return stream + (corruptEnd ? [0x07] : [0x01, 0x00, 0x00, 0xFF, 0xFF])
    }

    /// 70,000 bytes that repeat only every 251, so a misplaced window would show.
    static let data = (0..<70_000).map { UInt8($0 % 251) }

    @Test("A stream of more than one window inflates whole at its exact size, and one byte less is too little")
    func acrossWindows() throws {
        #expect(Self.data.count > ZlibInflater.windowSize)
        let stream = Self.storedStream(Self.data)
        #expect(try ZlibInflater.inflate(stream[...], outputLimit: 70_000) == Self.data)
        #expect(try ZlibInflater.inflate(stream[...], outputLimit: 1 << 20) == Self.data)
        for limit in [0, 1, 1000, ZlibInflater.windowSize - 1, ZlibInflater.windowSize, 69_999] {
            #expect(throws: InflateError.outputLimitExceeded) {
                try ZlibInflater.inflate(stream[...], outputLimit: limit)
            }
        }
    }

    @Test("Past the limit, the corruption after it is never reached: inflation stops first")
    func stopsBeforeTheRest() throws {
        let stream = Self.storedStream(Self.data, corruptEnd: true)
        for limit in [0, 1000, ZlibInflater.windowSize, 69_999] {
            #expect(throws: InflateError.outputLimitExceeded) {
                try ZlibInflater.inflate(stream[...], outputLimit: limit)
            }
        }
        // With room for all the data, zlib does reach the bad block.
        #expect(throws: InflateError.malformed("zlib finds it corrupt")) {
            try ZlibInflater.inflate(stream[...], outputLimit: 70_000)
        }
    }

    @Test("An empty stream inflates to nothing, within a limit of zero")
    func emptyOutput() throws {
        let stream = Self.storedStream([])
        #expect(try ZlibInflater.inflate(stream[...], outputLimit: 0) == [])
        #expect(throws: InflateError.outputLimitExceeded) {
            try ZlibInflater.inflate(Self.storedStream([1])[...], outputLimit: 0)
        }
    }

    @Test("Bytes after the final block are ignored")
    func trailingBytes() throws {
        let stream = Self.storedStream(Array("hello".utf8)) + [0xDE, 0xAD]
        #expect(try ZlibInflater.inflate(stream[...], outputLimit: 5) == Array("hello".utf8))
    }
}
