/// A canonical Huffman code (RFC 1951 §3.2.2) as a single lookup table indexed by the next bits of the stream.
///
/// The table has 2^maximumLength slots; a code of length L fills every slot whose low L bits are that code
/// (reversed, since codes are packed most significant bit first). Slots no code fills stay empty, so an
/// incomplete code decodes safely: meeting an unused slot is an error, not undefined behaviour.
struct HuffmanTable {
    /// Each slot: symbol << 4 | length, or 0 when no code fills it.
    private let slots: [UInt32]
    /// The longest code length, which sets the table size.
    private let maximumLength: Int

    /// Builds the code for symbol code lengths `lengths` (0 = unused, 1...15).
    /// - Complexity: O(n + 2^maximumLength) for n lengths.
    init(lengths: ArraySlice<Int>) throws(InflateError) {
        var countOfLength = [Int](repeating: 0, count: 16)
        for length in lengths {
            guard (0...15).contains(length) else { throw .malformed("a code length is out of range") }
            countOfLength[length] += 1
        }
        countOfLength[0] = 0
        // A code with no symbols is legal (a block without matches may give no distance codes): its one empty
        // slot makes any use of it an error.
        let longest = (1...15).last(where: { countOfLength[$0] > 0 }) ?? 0
        // Reject over-subscribed codes: more codes of some length than the shorter ones leave room for.
        var available = 1
        for length in 1...15 {
            available = available * 2 - countOfLength[length]
            guard available >= 0 else { throw .malformed("a Huffman code is over-subscribed") }
        }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + countOfLength[length - 1]) << 1
            nextCode[length] = code
        }
        var slots = [UInt32](repeating: 0, count: 1 << longest)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let reversed = Self.reverse(nextCode[length], bitCount: length)
            nextCode[length] += 1
            let entry = UInt32(symbol) << 4 | UInt32(length)
            for slot in stride(from: reversed, to: slots.count, by: 1 << length) {
                slots[slot] = entry
            }
        }
        self.slots = slots
        self.maximumLength = longest
    }

    /// Decodes the next symbol from `reader`.
    /// - Complexity: O(1).
    func decode(from reader: inout InflateBitReader) throws(InflateError) -> Int {
        let entry = slots[Int(reader.peek(maximumLength))]
        let length = Int(entry & 0x0F)
        guard length > 0 else { throw .malformed("a code is not in the Huffman table") }
        try reader.consume(length)
        return Int(entry >> 4)
    }

    /// `value`'s low `bitCount` bits in reverse order.
    private static func reverse(_ value: Int, bitCount: Int) -> Int {
        var result = 0
        var remaining = value
        for _ in 0..<bitCount {
            result = result << 1 | remaining & 1
            remaining >>= 1
        }
        return result
    }
}
