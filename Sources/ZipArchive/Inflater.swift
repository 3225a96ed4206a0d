/// Decodes a raw deflate stream (RFC 1951): stored, fixed-Huffman and dynamic-Huffman blocks.
///
/// Every quantity read from the stream is checked before use, so malformed input throws instead of trapping, and
/// output stops at `outputLimit`: a stream that would inflate further throws `outputLimitExceeded` as soon as it
/// tries. Every loop consumes input or output, so a finite stream always ends.
struct Inflater {
    /// The base match length of length symbols 257...285.
    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    /// The extra bits following length symbols 257...285.
    private static let lengthExtraBits = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// The base distance of distance symbols 0...29.
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    ]
    /// The extra bits following distance symbols 0...29.
    private static let distanceExtraBits = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order code-length code lengths arrive in (§3.2.7).
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The fixed literal/length code of block type 1 (§3.2.6), built once.
    private static let fixedLiteralLengths: Result<HuffmanTable, InflateError> = Result {
        () throws(InflateError) -> HuffmanTable in
        let lengths = Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112)
            + Array(repeating: 7, count: 24) + Array(repeating: 8, count: 8)
        return try HuffmanTable(lengths: lengths[...])
    }
    /// The fixed distance code of block type 1: 32 five-bit codes, of which 30 and 31 are invalid.
    private static let fixedDistances: Result<HuffmanTable, InflateError> = Result {
        () throws(InflateError) -> HuffmanTable in
        try HuffmanTable(lengths: Array(repeating: 5, count: 32)[...])
    }

    /// Inflates `input`, producing at most `outputLimit` bytes.
    /// - Complexity: O(n + m) for n input and m output bytes, plus O(2^15) per dynamic block for its tables.
    static func inflate(_ input: ArraySlice<UInt8>, outputLimit: Int) throws(InflateError) -> [UInt8] {
        var reader = InflateBitReader(input)
        var output: [UInt8] = []
        output.reserveCapacity(min(outputLimit, max(input.count * 4, 1024)))
        var isFinal = false
        while !isFinal {
            isFinal = try reader.read(1) == 1
            switch try reader.read(2) {
            case 0:
                try copyStoredBlock(from: &reader, into: &output, limit: outputLimit)
            case 1:
                try decodeBlock(
                    from: &reader, into: &output, limit: outputLimit,
                    literals: fixedLiteralLengths.get(), distances: fixedDistances.get()
                )
            case 2:
                let (literals, distances) = try readDynamicTables(from: &reader)
                try decodeBlock(
                    from: &reader, into: &output, limit: outputLimit, literals: literals, distances: distances
                )
            default:
                throw .malformed("a block has the reserved type 3")
            }
        }
        return output
    }

    /// Copies a stored block (§3.2.4): LEN, its one's complement NLEN, then LEN raw bytes.
    private static func copyStoredBlock(
        from reader: inout InflateBitReader, into output: inout [UInt8], limit: Int
    ) throws(InflateError) {
        reader.alignToByte()
        let length = try reader.read(16)
        let complement = try reader.read(16)
        guard length ^ 0xFFFF == complement else { throw .malformed("a stored block's length check fails") }
        guard length <= limit - output.count else { throw .outputLimitExceeded }
        output.append(contentsOf: try reader.readAlignedBytes(length))
    }

    /// Reads a dynamic block's code-length code, then the literal/length and distance codes it describes.
    private static func readDynamicTables(
        from reader: inout InflateBitReader
    ) throws(InflateError) -> (HuffmanTable, HuffmanTable) {
        let literalCount = try reader.read(5) + 257
        let distanceCount = try reader.read(5) + 1
        let codeLengthCount = try reader.read(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .malformed("a dynamic block has too many codes") }
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[codeLengthOrder[index]] = try reader.read(3)
        }
        let codeLengthCode = try HuffmanTable(lengths: codeLengthLengths[...])
        let total = literalCount + distanceCount
        var lengths: [Int] = []
        lengths.reserveCapacity(total)
        while lengths.count < total {
            let symbol = try codeLengthCode.decode(from: &reader)
            let (value, repeats): (Int, Int)
            switch symbol {
            case 0...15:
                (value, repeats) = (symbol, 1)
            case 16:
                guard let previous = lengths.last else { throw .malformed("a length repeat has nothing to repeat") }
                (value, repeats) = (previous, try reader.read(2) + 3)
            case 17:
                (value, repeats) = (0, try reader.read(3) + 3)
            default:
                (value, repeats) = (0, try reader.read(7) + 11)
            }
            guard repeats <= total - lengths.count else { throw .malformed("code lengths overrun their count") }
            lengths.append(contentsOf: repeatElement(value, count: repeats))
        }
        guard lengths[256] > 0 else { throw .malformed("a block has no end-of-block code") }
        let literals = try HuffmanTable(lengths: lengths[..<literalCount])
        let distances = try HuffmanTable(lengths: lengths[literalCount...])
        return (literals, distances)
    }

    /// Decodes one Huffman-coded block's literals and matches until its end-of-block symbol (§3.2.5).
    private static func decodeBlock(
        from reader: inout InflateBitReader, into output: inout [UInt8], limit: Int,
        literals: HuffmanTable, distances: HuffmanTable
    ) throws(InflateError) {
        while true {
            let symbol = try literals.decode(from: &reader)
            if symbol < 256 {
                guard output.count < limit else { throw .outputLimitExceeded }
                output.append(UInt8(truncatingIfNeeded: symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < lengthBases.count else { throw .malformed("a length code is invalid") }
            let length = lengthBases[lengthIndex] + (try reader.read(lengthExtraBits[lengthIndex]))
            let distanceIndex = try distances.decode(from: &reader)
            guard distanceIndex < distanceBases.count else { throw .malformed("a distance code is invalid") }
            let distance = distanceBases[distanceIndex] + (try reader.read(distanceExtraBits[distanceIndex]))
            guard distance <= output.count else { throw .malformed("a distance reaches before the output") }
            guard length <= limit - output.count else { throw .outputLimitExceeded }
            // Byte by byte on purpose: a match may overlap the bytes it is producing (distance < length).
            let start = output.count - distance
            for index in 0..<length {
                output.append(output[start + index])
            }
        }
    }
}
