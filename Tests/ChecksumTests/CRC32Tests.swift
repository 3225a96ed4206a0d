import Checksum
import Testing

@Suite("CRC-32")
struct CRC32Tests {
    @Test("The standard check value, and the empty input")
    func checkValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    @Test("Updating in pieces equals one pass")
    func pieces() {
        let bytes = Array("The quick brown fox jumps over the lazy dog".utf8)
        var crc = CRC32()
        crc.update(bytes[..<10])
        crc.update(bytes[10...])
        #expect(crc.value == 0x414F_A339)
        #expect(crc.value == CRC32.checksum(bytes))
    }

    @Test("Any sequence of bytes gives the checksum of its elements, contiguous or not")
    func sequences() {
        let bytes = Array("IEND".utf8)
        // A PNG's IEND chunk (no data) always carries this checksum of its type.
        #expect(CRC32.checksum(bytes) == 0xAE42_6082)
        #expect(CRC32.checksum(bytes.lazy.map { $0 }) == 0xAE42_6082)
        #expect(CRC32.checksum("IEND".utf8) == 0xAE42_6082)
    }

    @Test("The table-driven checksum agrees with the bit-by-bit definition")
    func bitByBit() {
        var generator = SplitMix(state: 42)
        for length in [1, 2, 7, 64, 1000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(CRC32.checksum(bytes) == Self.bitwise(bytes))
        }
    }

    /// The definition, one bit at a time: what the table only speeds up.
    private static func bitwise(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}

/// A seeded generator (SplitMix64), so the random inputs repeat exactly.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
