import Testing

@testable import QRCode

@Suite("Data encoding, capacity and block structure")
struct EncodingTests {
    @Test("Bits are appended most significant first and read back as bytes")
    func bitBuffer() {
        var buffer = BitBuffer()
        buffer.append(0b0100, bitCount: 4)
        buffer.append(0x1234, bitCount: 16)
        buffer.append(1, bitCount: 1)
        #expect(buffer.count == 21)
        #expect(buffer.bytes == [0x41, 0x23, 0x48])
    }

    @Test("Byte mode: mode 0100, an 8-bit count, the bytes, a 4-bit terminator, then 0xEC 0x11 pads")
    func byteModeCodewords() {
        // 0100 00001000 00110000 … 00110111 0000 for "01234567", worked by hand, then the pad codewords.
        let codewords = DataEncoding.dataCodewords(for: Array("01234567".utf8), version: 1, level: .medium)
        #expect(codewords == [64, 131, 3, 19, 35, 51, 67, 83, 99, 112, 236, 17, 236, 17, 236, 17])
    }

    @Test("The terminator is cut short, and no pad is added, when the data fills the symbol")
    func fullSymbolHasNoPadding() {
        // 17 bytes fill version 1-L (19 codewords) but for the last 4 bits, which the terminator takes.
        let bytes = [UInt8](repeating: 0xFF, count: 17)
        let codewords = DataEncoding.dataCodewords(for: bytes, version: 1, level: .low)
        #expect(codewords.count == 19)
        #expect(codewords.first == 0x41)
        #expect(codewords.last == 0xF0)
    }

    @Test("From version 10 the character count takes 16 bits")
    func sixteenBitCount() {
        let codewords = DataEncoding.dataCodewords(for: [0xAB], version: 10, level: .high)
        #expect(Array(codewords.prefix(4)) == [0x40, 0x00, 0x1A, 0xB0])
        #expect(codewords.count == Tables.dataCodewords(version: 10, level: .high))
    }

    @Test("Symbol sizes and codeword counts of ISO/IEC 18004 Tables 1 and 9")
    func codewordCounts() {
        #expect(Tables.size(version: 1) == 21)
        #expect(Tables.size(version: 40) == 177)
        #expect(Tables.totalCodewords(version: 1) == 26)
        #expect(Tables.totalCodewords(version: 7) == 196)
        #expect(Tables.totalCodewords(version: 40) == 3706)
        #expect(Tables.dataCodewords(version: 1, level: .high) == 9)
        #expect(Tables.dataCodewords(version: 5, level: .quartile) == 62)
        #expect(Tables.dataCodewords(version: 40, level: .low) == 2956)
        #expect(Tables.dataCodewords(version: 40, level: .high) == 1276)
        // The remainder bits left over after the last whole codeword (Table 1): 0, 7, 0, 3, 4, 3, 0.
        let remainders = [1, 2, 6, 7, 14, 21, 28, 35].map { Tables.dataModuleCount(version: $0) % 8 }
        #expect(remainders == [0, 7, 7, 0, 3, 4, 3, 0])
    }

    @Test("The counted data modules equal the grid's modules outside every function pattern", arguments: 1...40)
    func dataModuleCountMatchesGrid(version: Int) {
        let grid = ModuleGrid.withFunctionPatterns(version: version)
        let free = grid.functionModules.filter { !$0 }.count
        #expect(free == Tables.dataModuleCount(version: version))
    }

    @Test("The byte capacities of ISO/IEC 18004 Table 7 decide the version")
    func versionChoice() throws {
        // (version, capacity in bytes) for L, M, Q, H.
        let capacities: [(version: Int, bytes: [Int])] = [
            (1, [17, 14, 11, 7]), (2, [32, 26, 20, 14]), (9, [230, 180, 130, 98]),
            (10, [271, 213, 151, 119]), (40, [2953, 2331, 1663, 1273]),
        ]
        for (version, bytes) in capacities {
            for (level, capacity) in zip(ErrorCorrection.allCases, bytes) {
                #expect(DataEncoding.smallestVersion(byteCount: capacity, level: level) == version)
                let next = DataEncoding.smallestVersion(byteCount: capacity + 1, level: level)
                #expect(next == (version == 40 ? nil : version + 1))
            }
        }
        #expect(try QRCode(bytes: [UInt8](), errorCorrection: .high).version == 1)
    }

    @Test("2953 bytes make a 40-L symbol; 2954 throw dataTooLong with the maximum")
    func largestPayload() throws {
        let largest = try QRCode(bytes: [UInt8](repeating: 0x5A, count: 2953), errorCorrection: .low)
        #expect(largest.version == 40)
        #expect(largest.size == 177)
        #expect(QRCode.maximumByteCount(errorCorrection: .low) == 2953)
        #expect(throws: QRCodeError.dataTooLong(byteCount: 2954, maximum: 2953)) {
            try QRCode(bytes: [UInt8](repeating: 0x5A, count: 2954), errorCorrection: .low)
        }
    }

    @Test("Each level reports its own version 40 maximum", arguments: zip(
        ErrorCorrection.allCases, [2953, 2331, 1663, 1273]
    ))
    func maximumPerLevel(level: ErrorCorrection, maximum: Int) throws {
        #expect(QRCode.maximumByteCount(errorCorrection: level) == maximum)
        #expect(try QRCode(bytes: [UInt8](repeating: 1, count: maximum), errorCorrection: level).version == 40)
        #expect(throws: QRCodeError.dataTooLong(byteCount: maximum + 1, maximum: maximum)) {
            try QRCode(bytes: [UInt8](repeating: 1, count: maximum + 1), errorCorrection: level)
        }
        let text = String(repeating: "é", count: maximum / 2 + 1)  // two UTF-8 bytes each
        #expect(throws: QRCodeError.self) { try QRCode(text: text, errorCorrection: level) }
    }

    @Test("Version 5-Q: two blocks of 15 and two of 16 data codewords, interleaved, then their ECC")
    func interleaving() {
        let data = (0..<62).map { UInt8($0) }
        let result = DataEncoding.interleavedCodewords(data: data, version: 5, level: .quartile)
        #expect(result.count == 134)
        // Block starts 0, 15, 30, 46: the first column takes each block's first codeword, and only the two
        // longer blocks have a sixteenth.
        #expect(Array(result.prefix(8)) == [0, 15, 30, 46, 1, 16, 31, 47])
        #expect(Array(result[56..<62]) == [14, 29, 44, 60, 45, 61])
        let blocks = [data[0..<15], data[15..<30], data[30..<46], data[46..<62]]
        let encoder = ReedSolomonEncoder(degree: 18)
        let eccs = blocks.map { encoder.remainder(of: $0) }
        for position in 0..<18 {
            for block in 0..<4 {
                #expect(result[62 + position * 4 + block] == eccs[block][position])
            }
        }
    }

    @Test("Text is encoded as its UTF-8 bytes")
    func textIsUTF8() throws {
        let text = "달력 ✓"
        #expect(try QRCode(text: text) == QRCode(bytes: Array(text.utf8)))
        #expect(try QRCode(text: "Hello", errorCorrection: .high, mask: .pattern3).mask == .pattern3)
    }
}
