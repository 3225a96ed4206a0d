/// Bounds-checked little-endian reads from an archive's bytes; every read past the end throws.
struct ByteReader {
    /// The whole archive.
    let bytes: [UInt8]
    /// Where the next read starts.
    var offset: Int
    /// Where reads must stop: the end of the bytes, or of the structure being read.
    let end: Int

    init(_ bytes: [UInt8], offset: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.offset = offset
        self.end = min(end ?? bytes.count, bytes.count)
    }

    /// Reads `count` bytes as an unsigned little-endian integer.
    mutating func readInteger(byteCount count: Int) throws(ZipError) -> UInt32 {
        guard offset >= 0, count <= end - offset else { throw .truncated }
        var value: UInt32 = 0
        for index in 0..<count {
            value |= UInt32(bytes[offset + index]) << (8 * UInt32(index))
        }
        offset += count
        return value
    }

    /// Reads a 16-bit little-endian integer.
    mutating func readUInt16() throws(ZipError) -> UInt16 {
        UInt16(truncatingIfNeeded: try readInteger(byteCount: 2))
    }

    /// Reads a 32-bit little-endian integer.
    mutating func readUInt32() throws(ZipError) -> UInt32 {
        try readInteger(byteCount: 4)
    }

    /// Reads `count` raw bytes.
    mutating func readBytes(_ count: Int) throws(ZipError) -> ArraySlice<UInt8> {
        guard offset >= 0, count >= 0, count <= end - offset else { throw .truncated }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// Moves past `count` bytes, which must exist.
    mutating func skip(_ count: Int) throws(ZipError) {
        _ = try readBytes(count)
    }
}

/// Little-endian appends for building headers.
extension Array where Element == UInt8 {
    /// Appends `value`'s two low bytes, least significant first.
    mutating func appendLittleEndian(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }

    /// Appends `value`'s four bytes, least significant first.
    mutating func appendLittleEndian(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) {
            append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }
}
