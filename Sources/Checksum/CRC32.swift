/// The CRC-32 of ISO 3309 / ITU-T V.42 (polynomial 0xEDB88320, reflected): the checksum zip entries, gzip
/// trailers and PNG chunks all carry.
///
/// The one implementation in the package, kept in a target of its own with no dependencies so that the pure
/// domain (PNG chunks), `ZipArchive` and the server's gzip stream can all use it.
public struct CRC32: Sendable {
    /// The checksum of the bytes given so far.
    public var value: UInt32 { checksumSoFar }

    /// What `value` returns; internal but visible to the inlinable `update`, which alone changes it.
    @usableFromInline
    var checksumSoFar: UInt32 = 0

    /// A checksum of no bytes yet (0).
    public init() {}

    /// The checksum of `bytes` alone.
    /// - Complexity: O(n) in the number of bytes, one table lookup per byte.
    @inlinable
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// Adds `bytes` to the checksum, so pieces given one after another equal one pass over them all.
    /// - Complexity: O(n) in the number of bytes, one table lookup per byte.
    // Inlinable so each caller's sequence type is specialized: the gzip stream checksums every byte it sends.
    @inlinable
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var crc = ~checksumSoFar
        // Unchecked reads are safe: the index is masked to 0...255 and the table has 256 entries.
        Self.table.withUnsafeBufferPointer { table in
            for byte in bytes {
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
        }
        checksumSoFar = ~crc
    }

    /// The remainder of each byte value, computed once.
    @usableFromInline
    static let table: [UInt32] = (0..<256).map { index in
        var remainder = UInt32(index)
        for _ in 0..<8 {
            remainder = remainder & 1 == 1 ? 0xEDB8_8320 ^ (remainder >> 1) : remainder >> 1
        }
        return remainder
    }
}
