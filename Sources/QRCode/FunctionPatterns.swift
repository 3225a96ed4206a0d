/// The function patterns of ISO/IEC 18004:2015 §6.3 and the format and version information of §7.9–7.10.
extension ModuleGrid {
    /// A grid of `version` with every function pattern drawn and the format and version areas reserved
    /// but left light, ready for codeword placement and masking.
    ///
    /// The format and version information (and the dark module beside the lower format copy) are drawn
    /// only after the mask is chosen, by `drawFormatInformation` and `drawVersionInformation`: the format
    /// names the mask, and the standard (§7.1) generates both after masking, so masks are scored without them.
    static func withFunctionPatterns(version: Int) -> ModuleGrid {
        var grid = ModuleGrid(size: Tables.size(version: version))
        grid.drawTimingPatterns()
        // The finders go after the timing lines, so that the corners they share are the finders'.
        grid.drawFinderPattern(centreX: 3, centreY: 3)
        grid.drawFinderPattern(centreX: grid.size - 4, centreY: 3)
        grid.drawFinderPattern(centreX: 3, centreY: grid.size - 4)
        grid.drawAlignmentPatterns(version: version)
        grid.reserveFormatAreas()
        if version >= 7 { grid.reserveVersionAreas() }
        return grid
    }

    /// Draws the two timing lines, row 6 and column 6, dark on even positions; the finders cover their ends.
    private mutating func drawTimingPatterns() {
        for index in 0..<size {
            setFunction(x: index, y: 6, dark: index % 2 == 0)
            setFunction(x: 6, y: index, dark: index % 2 == 0)
        }
    }

    /// Draws a finder pattern (a dark 7 × 7 ring, a light ring, a dark 3 × 3 centre) and its light
    /// separator around it, clipped to the symbol.
    private mutating func drawFinderPattern(centreX: Int, centreY: Int) {
        for deltaY in -4...4 {
            for deltaX in -4...4 {
                let x = centreX + deltaX
                let y = centreY + deltaY
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                // Chebyshev distance from the centre: 0–1 dark core, 2 light ring, 3 dark ring, 4 separator.
                let distance = max(abs(deltaX), abs(deltaY))
                setFunction(x: x, y: y, dark: distance != 2 && distance != 4)
            }
        }
    }

    /// Draws the alignment patterns (a dark 5 × 5 ring, a light ring, a dark centre) at every pair of the
    /// version's centre coordinates, except the three pairs that fall on a finder.
    private mutating func drawAlignmentPatterns(version: Int) {
        let centres = Tables.alignmentPatternCentres[version]
        guard let first = centres.first, let last = centres.last else { return }
        for centreY in centres {
            for centreX in centres {
                let onFinder = (centreX == first && centreY == first) || (centreX == first && centreY == last)
                    || (centreX == last && centreY == first)
                if onFinder { continue }
                for deltaY in -2...2 {
                    for deltaX in -2...2 {
                        let distance = max(abs(deltaX), abs(deltaY))
                        setFunction(x: centreX + deltaX, y: centreY + deltaY, dark: distance != 1)
                    }
                }
            }
        }
    }

    /// Reserves the two copies of the format information and the dark module, all light for now.
    private mutating func reserveFormatAreas() {
        // The first copy wraps around the upper left finder, stepping over the timing lines at 6.
        for index in 0..<9 where index != 6 {
            setFunction(x: 8, y: index, dark: false)
            setFunction(x: index, y: 8, dark: false)
        }
        for index in 0..<8 {
            setFunction(x: size - 1 - index, y: 8, dark: false)
            setFunction(x: 8, y: size - 1 - index, dark: false)
        }
    }

    /// Reserves the two 6 × 3 version information blocks, beside the upper right and lower left finders.
    private mutating func reserveVersionAreas() {
        for index in 0..<18 {
            setFunction(x: size - 11 + index % 3, y: index / 3, dark: false)
            setFunction(x: index / 3, y: size - 11 + index % 3, dark: false)
        }
    }

    /// Draws both copies of the 15-bit format information for `level` and `mask`, and the dark module.
    ///
    /// Bit 0 is the least significant. The first copy runs down column 8 from the top (bits 0–7), then
    /// along row 8 from column 7 to the left edge (bits 8–14), stepping over the timing lines; the second
    /// runs along row 8 from the right edge leftwards (bits 0–7), then down column 8 to the bottom edge.
    mutating func drawFormatInformation(level: ErrorCorrection, mask: Mask) {
        let bits = Self.formatBits(level: level, mask: mask)
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 {
            setFunction(x: 8, y: index, dark: bit(index))
        }
        setFunction(x: 8, y: 7, dark: bit(6))
        setFunction(x: 8, y: 8, dark: bit(7))
        setFunction(x: 7, y: 8, dark: bit(8))
        for index in 9..<15 {
            setFunction(x: 14 - index, y: 8, dark: bit(index))
        }
        for index in 0..<8 {
            setFunction(x: size - 1 - index, y: 8, dark: bit(index))
        }
        for index in 8..<15 {
            setFunction(x: 8, y: size - 15 + index, dark: bit(index))
        }
        // The module above the lower copy is always dark (§7.9.1).
        setFunction(x: 8, y: size - 8, dark: true)
    }

    /// Draws both copies of the 18-bit version information, from version 7 on (§7.10).
    ///
    /// Bit *i* goes to column size − 11 + *i* mod 3, row *i* / 3 in the upper right block, and is mirrored
    /// across the diagonal in the lower left one.
    mutating func drawVersionInformation(version: Int) {
        guard version >= 7 else { return }
        let bits = Self.versionBits(version: version)
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            setFunction(x: size - 11 + index % 3, y: index / 3, dark: dark)
            setFunction(x: index / 3, y: size - 11 + index % 3, dark: dark)
        }
    }

    /// The format information: the level's two bits and the mask's three, followed by the ten bits of their
    /// BCH(15, 5) code with generator 0x537, the whole masked with 0x5412 so that it is never all light.
    static func formatBits(level: ErrorCorrection, mask: Mask) -> Int {
        let data = level.formatBits << 3 | mask.rawValue
        return (data << 10 | bchRemainder(data, dataBits: 5, generator: 0x537)) ^ 0x5412
    }

    /// The version information: the version's six bits followed by the twelve bits of their BCH(18, 6)
    /// code with generator 0x1F25.
    static func versionBits(version: Int) -> Int {
        version << 12 | bchRemainder(version, dataBits: 6, generator: 0x1F25)
    }

    /// The remainder of `data`·x^(degree) divided by `generator`, as polynomials over GF(2), where the
    /// degree is that of the generator: the check bits of a BCH code.
    private static func bchRemainder(_ data: Int, dataBits: Int, generator: Int) -> Int {
        let degree = Int.bitWidth - 1 - generator.leadingZeroBitCount
        var remainder = data << degree
        // Cancel the highest set bit with a shifted generator until the remainder has fewer bits than it.
        for shift in stride(from: dataBits - 1, through: 0, by: -1) {
            if (remainder >> (shift + degree)) & 1 == 1 { remainder ^= generator << shift }
        }
        return remainder
    }
}
