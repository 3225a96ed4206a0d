import Testing

@testable import QRCode

/// A symbol of exactly `version` at level M: the most bytes that version holds.
func symbol(version: Int, mask: Mask? = nil) throws -> QRCode {
    let count = (0...2331).last { DataEncoding.smallestVersion(byteCount: $0, level: .medium) == version } ?? 0
    return try QRCode(bytes: (0..<count).map { UInt8($0 & 0xFF) }, errorCorrection: .medium, mask: mask)
}

@Suite("Function patterns, format and version information")
struct StructureTests {
    /// ISO/IEC 18004:2015 Annex C, Table C.1: the format information for masks 0–7, by level.
    static let formatTable: [(ErrorCorrection, [Int])] = [
        (.low, [0x77C4, 0x72F3, 0x7DAA, 0x789D, 0x662F, 0x6318, 0x6C41, 0x6976]),
        (.medium, [0x5412, 0x5125, 0x5E7C, 0x5B4B, 0x45F9, 0x40CE, 0x4F97, 0x4AA0]),
        (.quartile, [0x355F, 0x3068, 0x3F31, 0x3A06, 0x24B4, 0x2183, 0x2EDA, 0x2BED]),
        (.high, [0x1689, 0x13BE, 0x1CE7, 0x19D0, 0x0762, 0x0255, 0x0D0C, 0x083B]),
    ]

    /// ISO/IEC 18004:2015 Annex D, Table D.1: the version information of versions 7 to 40.
    static let versionTable = [
        0x07C94, 0x085BC, 0x09A99, 0x0A4D3, 0x0BBF6, 0x0C762, 0x0D847, 0x0E60D, 0x0F928, 0x10B78, 0x1145D,
        0x12A17, 0x13532, 0x149A6, 0x15683, 0x168C9, 0x177EC, 0x18EC4, 0x191E1, 0x1AFAB, 0x1B08E, 0x1CC1A,
        0x1D33F, 0x1ED75, 0x1F250, 0x209D5, 0x216F0, 0x228BA, 0x2379F, 0x24B0B, 0x2542E, 0x26A64, 0x27541,
        0x28C69,
    ]

    @Test("Format information is the BCH(15, 5) code of Annex C")
    func formatBits() {
        for (level, values) in Self.formatTable {
            for mask in Mask.allCases {
                #expect(ModuleGrid.formatBits(level: level, mask: mask) == values[mask.rawValue])
            }
        }
    }

    @Test("Version information is the BCH(18, 6) code of Annex D")
    func versionBits() {
        for (offset, value) in Self.versionTable.enumerated() {
            #expect(ModuleGrid.versionBits(version: 7 + offset) == value)
        }
    }

    @Test("Finders, separators, timing lines and the dark module", arguments: [1, 2, 7, 40])
    func fixedPatterns(version: Int) throws {
        let code = try symbol(version: version)
        #expect(code.version == version)
        let last = code.size - 1
        // Each finder: dark outer ring, light ring, dark 3 × 3 centre, and a light separator outside.
        for (left, top) in [(0, 0), (last - 6, 0), (0, last - 6)] {
            for deltaY in -1...7 {
                for deltaX in -1...7 {
                    let (x, y) = (left + deltaX, top + deltaY)
                    guard (0...last).contains(x), (0...last).contains(y) else { continue }
                    let ring = max(abs(deltaX - 3), abs(deltaY - 3))
                    #expect(code[x, y] == (ring <= 1 || ring == 3), "finder module (\(x), \(y))")
                }
            }
        }
        for index in 8...(last - 8) {
            #expect(code[index, 6] == (index % 2 == 0))
            #expect(code[6, index] == (index % 2 == 0))
        }
        #expect(code[8, code.size - 8])
        // Outside the symbol is the quiet zone.
        #expect(!code[-1, 0] && !code[0, -1] && !code[code.size, 3] && !code[3, code.size])
    }

    @Test("Alignment patterns sit at every pair of centres but the finders' corners")
    func alignmentPatterns() throws {
        let code = try symbol(version: 7)
        #expect(Tables.alignmentPatternCentres[7] == [6, 22, 38])
        for (centreX, centreY) in [(6, 22), (22, 6), (22, 22), (22, 38), (38, 22), (38, 38)] {
            for deltaY in -2...2 {
                for deltaX in -2...2 {
                    let ring = max(abs(deltaX), abs(deltaY))
                    #expect(code[centreX + deltaX, centreY + deltaY] == (ring != 1))
                }
            }
        }
        #expect(Tables.alignmentPatternCentres.count == 41)
        for version in 2...40 {
            let centres = Tables.alignmentPatternCentres[version]
            #expect(centres.count == version / 7 + 2)
            #expect(centres.first == 6 && centres.last == Tables.size(version: version) - 7)
        }
    }

    /// The two copies of the format information as read from a symbol, bit 14 first.
    func formatCopies(_ code: QRCode) -> (first: Int, second: Int) {
        let last = code.size - 1
        let firstPositions = [(0, 8), (1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (7, 8), (8, 8), (8, 7)]
            + [(8, 5), (8, 4), (8, 3), (8, 2), (8, 1), (8, 0)]
        let secondPositions = (0..<7).map { (8, last - $0) } + (0..<8).map { (last - 7 + $0, 8) }
        func read(_ positions: [(Int, Int)]) -> Int {
            positions.reduce(0) { $0 << 1 | (code[$1.0, $1.1] ? 1 : 0) }
        }
        return (read(firstPositions), read(secondPositions))
    }

    @Test("Both format copies name the symbol's level and mask", arguments: ErrorCorrection.allCases)
    func formatInformationInSymbol(level: ErrorCorrection) throws {
        for mask in Mask.allCases {
            let code = try QRCode(text: "format", errorCorrection: level, mask: mask)
            let (first, second) = formatCopies(code)
            #expect(first == second)
            #expect(first == ModuleGrid.formatBits(level: level, mask: mask))
            let unmasked = first ^ 0x5412
            #expect(unmasked >> 13 == level.formatBits)
            #expect((unmasked >> 10) & 0b111 == mask.rawValue)
        }
    }

    @Test("Both version blocks hold the version from 7 on", arguments: [7, 21, 40])
    func versionInformationInSymbol(version: Int) throws {
        let code = try symbol(version: version)
        let last = code.size - 1
        var upperRight = 0
        var lowerLeft = 0
        // Bit 17 first: upper right block bottom-up by rows of three, lower left mirrored.
        for index in stride(from: 17, through: 0, by: -1) {
            upperRight = upperRight << 1 | (code[last - 10 + index % 3, index / 3] ? 1 : 0)
            lowerLeft = lowerLeft << 1 | (code[index / 3, last - 10 + index % 3] ? 1 : 0)
        }
        #expect(upperRight == Self.versionTable[version - 7])
        #expect(lowerLeft == upperRight)
    }

    @Test("Equal inputs give equal values; the code is a value type")
    func valueSemantics() throws {
        let first = try QRCode(text: "same")
        let second = try QRCode(text: "same")
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(try QRCode(text: "other") != first)
        #expect(first.errorCorrection == .medium)
    }
}
