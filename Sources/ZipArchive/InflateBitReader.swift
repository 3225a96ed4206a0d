/// Why a deflate stream could not be decoded; `ZipReader` names the entry around it.
enum InflateError: Error, Equatable {
    /// The stream is malformed; the text says how, for the error message.
    case malformed(String)
    /// The output would grow past the most allowed.
    case outputLimitExceeded
}

/// Reads a deflate stream's bits, least significant bit of each byte first (RFC 1951 §3.1.1).
///
/// Peeking past the end yields zero bits so a decoder can look ahead a full code near the end; consuming bits that
/// do not exist throws, which is how a truncated stream ends.
struct InflateBitReader {
    /// The compressed bytes.
    private let bytes: ArraySlice<UInt8>
    /// The next byte to move into `buffer`.
    private var position: Int
    /// Bits read ahead, the next bit lowest.
    private var buffer: UInt64 = 0
    /// How many bits of `buffer` are real.
    private var bufferedCount = 0

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.position = bytes.startIndex
    }

    /// Tops the buffer up to at least 57 bits while bytes remain.
    private mutating func refill() {
        while bufferedCount <= 56, position < bytes.endIndex {
            buffer |= UInt64(bytes[position]) << UInt64(bufferedCount)
            position += 1
            bufferedCount += 8
        }
    }

    /// The next `count` (at most 32) bits without consuming them; zeros stand in past the end.
    mutating func peek(_ count: Int) -> UInt32 {
        if bufferedCount < count { refill() }
        return UInt32(truncatingIfNeeded: buffer & ((1 << UInt64(count)) - 1))
    }

    /// Consumes `count` bits already peeked at; throws when the stream has fewer.
    mutating func consume(_ count: Int) throws(InflateError) {
        if bufferedCount < count { refill() }
        guard count <= bufferedCount else { throw .malformed("the stream ends early") }
        buffer >>= UInt64(count)
        bufferedCount -= count
    }

    /// Reads `count` (at most 32) bits as a number, the first bit lowest.
    mutating func read(_ count: Int) throws(InflateError) -> Int {
        let value = peek(count)
        try consume(count)
        return Int(value)
    }

    /// Drops the bits up to the next byte boundary, as a stored block's header requires.
    mutating func alignToByte() {
        let extra = bufferedCount % 8
        buffer >>= UInt64(extra)
        bufferedCount -= extra
    }

    /// Reads `count` whole bytes after `alignToByte`, handing back bytes the buffer read ahead first.
    mutating func readAlignedBytes(_ count: Int) throws(InflateError) -> ArraySlice<UInt8> {
        // Whole bytes sitting in the buffer were taken from just before `position`: step back over them.
        position -= bufferedCount / 8
        buffer = 0
        bufferedCount = 0
        guard count <= bytes.endIndex - position else { throw .malformed("a stored block ends early") }
        defer { position += count }
        return bytes[position..<position + count]
    }
}
