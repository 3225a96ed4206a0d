/// Turns the payload into the final codeword sequence of a symbol: one byte-mode segment with its
/// terminator and padding (ISO/IEC 18004:2015 §7.4), split into blocks that each get their error
/// correction (§7.5), and interleaved block by block (§7.6).
enum DataEncoding {
    /// The mode indicator of the 8-bit byte mode (Table 2).
    static let byteModeIndicator = 0b0100

    /// The pad codewords that fill the data capacity after the terminator, taken in turn (§7.4.10).
    static let padCodewords: [UInt8] = [0b1110_1100, 0b0001_0001]

    /// The length of the character count indicator for byte mode: 8 bits up to version 9, then 16 (Table 3).
    static func characterCountBits(version: Int) -> Int {
        version <= 9 ? 8 : 16
    }

    /// The bits a byte-mode segment of `byteCount` bytes takes in `version`, without terminator or padding.
    static func segmentBitCount(byteCount: Int, version: Int) -> Int {
        4 + characterCountBits(version: version) + 8 * byteCount
    }

    /// Whether `byteCount` bytes fit in `version` at `level`; the count indicator must hold the count too.
    static func fits(byteCount: Int, version: Int, level: ErrorCorrection) -> Bool {
        let capacity = 8 * Tables.dataCodewords(version: version, level: level)
        return byteCount < 1 << characterCountBits(version: version)
            && segmentBitCount(byteCount: byteCount, version: version) <= capacity
    }

    /// The smallest version that holds `byteCount` bytes at `level`, or nil when even version 40 is too small.
    static func smallestVersion(byteCount: Int, level: ErrorCorrection) -> Int? {
        Tables.versions.first { fits(byteCount: byteCount, version: $0, level: level) }
    }

    /// The most bytes that version 40 holds at `level`, which `QRCodeError.dataTooLong` reports.
    static func maximumByteCount(level: ErrorCorrection) -> Int {
        let version = Tables.versions.upperBound
        let capacity = 8 * Tables.dataCodewords(version: version, level: level)
        return (capacity - segmentBitCount(byteCount: 0, version: version)) / 8
    }

    /// The data codewords for `bytes` in `version` at `level`, which the caller has checked they fit.
    static func dataCodewords(for bytes: [UInt8], version: Int, level: ErrorCorrection) -> [UInt8] {
        let capacity = 8 * Tables.dataCodewords(version: version, level: level)
        var buffer = BitBuffer()
        buffer.append(byteModeIndicator, bitCount: 4)
        buffer.append(bytes.count, bitCount: characterCountBits(version: version))
        for byte in bytes {
            buffer.append(Int(byte), bitCount: 8)
        }
        // The terminator is up to four zero bits, fewer when the capacity ends sooner (§7.4.9).
        buffer.append(0, bitCount: min(4, capacity - buffer.count))
        // Zeros up to the next codeword boundary, so that the pad codewords start on a whole byte.
        buffer.append(0, bitCount: (8 - buffer.count % 8) % 8)
        var codewords = buffer.bytes
        // Alternate the two pad codewords, 0xEC first, until the data capacity is full.
        let unpaddedCount = codewords.count
        while codewords.count * 8 < capacity {
            codewords.append(padCodewords[(codewords.count - unpaddedCount) % 2])
        }
        return codewords
    }

    /// The codewords as they are placed in the symbol: the data codewords split into blocks, each block's
    /// error correction computed, then both interleaved codeword by codeword across the blocks.
    ///
    /// - Complexity: O(*n*·*e*) for *n* data codewords and *e* error correction codewords per block.
    static func interleavedCodewords(data: [UInt8], version: Int, level: ErrorCorrection) -> [UInt8] {
        let blockCount = Tables.blockCounts[level.tableRow][version]
        let eccPerBlock = Tables.eccCodewordsPerBlock[level.tableRow][version]
        let total = Tables.totalCodewords(version: version)
        // The blocks of the second group, when there is one, hold one data codeword more than those of the
        // first; the first group takes what is left after an equal share.
        let longBlockCount = total % blockCount
        let shortDataLength = total / blockCount - eccPerBlock
        let encoder = ReedSolomonEncoder(degree: eccPerBlock)

        var dataBlocks: [ArraySlice<UInt8>] = []
        var eccBlocks: [[UInt8]] = []
        var start = data.startIndex
        for blockIndex in 0..<blockCount {
            let length = shortDataLength + (blockIndex >= blockCount - longBlockCount ? 1 : 0)
            let block = data[start..<min(start + length, data.endIndex)]
            dataBlocks.append(block)
            eccBlocks.append(encoder.remainder(of: block))
            start += length
        }

        // Interleave: the first codeword of every block, then the second of every block, and so on, the
        // short blocks simply having none at the last data position; then the error correction likewise.
        var result: [UInt8] = []
        result.reserveCapacity(total)
        for position in 0...shortDataLength {
            for block in dataBlocks where position < block.count {
                result.append(block[block.startIndex + position])
            }
        }
        for position in 0..<eccPerBlock {
            for block in eccBlocks {
                result.append(block[position])
            }
        }
        return result
    }
}
