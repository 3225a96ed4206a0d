/// The CRC-32 of ISO 3309 / ITU-T V.42 (polynomial 0xEDB88320, reflected), as zip entries carry it.
public struct CRC32: Sendable {
    /// The checksum of the bytes given so far.
    public private(set) var value: UInt32 = 0

    public init() {}

    /// The checksum of `bytes` alone.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// Adds `bytes` to the checksum.
    /// - Complexity: O(n), one table lookup per byte.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var crc = ~value
        for byte in bytes {
            crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        value = ~crc
    }

    /// The remainder of each byte value, computed once.
    static let table: [UInt32] = (0..<256).map { index in
        var remainder = UInt32(index)
        for _ in 0..<8 {
            remainder = remainder & 1 == 1 ? 0xEDB8_8320 ^ (remainder >> 1) : remainder >> 1
        }
        return remainder
    }
}
