/// The per-version facts of ISO/IEC 18004:2015 that are tabled rather than computed: the block structure of
/// the error correction (Table 9) and the alignment pattern centres (Annex E).
///
/// Each table is indexed by version, 1 to 40; index 0 holds a placeholder so that the version is the index.
enum Tables {
    /// The smallest and largest version of a QR code (Micro QR codes are not made here).
    static let versions = 1...40

    /// Error correction codewords in each block, by level (L, M, Q, H) and version.
    static let eccCodewordsPerBlock: [[Int]] = [
        [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Error correction blocks the codewords are split into, by level (L, M, Q, H) and version.
    static let blockCounts: [[Int]] = [
        [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// The row and column coordinates of the alignment pattern centres, by version (Annex E, Table E.1).
    static let alignmentPatternCentres: [[Int]] = [
        [], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
        [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62],
        [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82], [6, 30, 58, 86],
        [6, 34, 62, 90],
        [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
        [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118],
        [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130],
        [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142],
        [6, 34, 62, 90, 118, 146],
        [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
        [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
    ]

    /// The side of a symbol of `version`, in modules: 21 for version 1, four more for each version after.
    static func size(version: Int) -> Int {
        17 + 4 * version
    }

    /// The modules left for codewords once every function pattern and the format and version information
    /// are drawn, including the remainder bits that no whole codeword fills.
    ///
    /// Counted rather than tabled: the symbol, less the three finders with their separators (8 × 8 each),
    /// the two timing lines between them, each alignment pattern (5 × 5) but for the five modules of a
    /// timing line that those on row or column 6 already cover, the 31 format modules (two copies of 15
    /// and the dark module), and from version 7 the two version blocks of 18.
    static func dataModuleCount(version: Int) -> Int {
        let size = size(version: version)
        let alignmentLine = alignmentPatternCentres[version].count
        let alignmentPatterns = alignmentLine == 0 ? 0 : alignmentLine * alignmentLine - 3
        let alignmentOnTimingLines = alignmentLine == 0 ? 0 : 2 * (alignmentLine - 2)
        var count = size * size - 3 * 64 - 2 * (size - 16)
        count -= 25 * alignmentPatterns - 5 * alignmentOnTimingLines
        count -= 31
        if version >= 7 { count -= 2 * 18 }
        return count
    }

    /// All the codewords, data and error correction, that a symbol of `version` holds.
    static func totalCodewords(version: Int) -> Int {
        dataModuleCount(version: version) / 8
    }

    /// The data codewords a symbol of `version` holds at `level`: all codewords less the error correction.
    static func dataCodewords(version: Int, level: ErrorCorrection) -> Int {
        let row = level.tableRow
        return totalCodewords(version: version) - eccCodewordsPerBlock[row][version] * blockCounts[row][version]
    }
}
