/// A growing sequence of bits, written most significant bit first as ISO/IEC 18004 §7.4 lays out the data
/// bit stream, and read back as 8-bit codewords.
struct BitBuffer: Hashable {
    /// The bits in the order they were appended.
    private(set) var bits: [Bool] = []

    /// How many bits have been appended.
    var count: Int { bits.count }

    /// Appends the lowest `bitCount` bits of `value`, its most significant of them first.
    ///
    /// Only the callers in this module append, with counts of at most 16 bits and values that fit them.
    mutating func append(_ value: Int, bitCount: Int) {
        for shift in stride(from: bitCount - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    /// The bits as codewords, eight to a byte, the first bit the most significant; a last partial byte is
    /// filled with zeros, though the encoder always pads to a whole byte first.
    var bytes: [UInt8] {
        var result = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (index, bit) in bits.enumerated() where bit {
            result[index / 8] |= 0x80 >> UInt8(index % 8)
        }
        return result
    }
}
