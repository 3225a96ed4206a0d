import Checksum
import CompressNIO
import NIOCore

/// A gzip stream (RFC 1952) whose every chunk is deflated on its own: no compressor lives between
/// chunks, only a checksum and a length.
///
/// An event stream stays open for hours with an event now and then; a zlib stream kept for each would
/// hold hundreds of kilobytes per open stream. Here each chunk is a raw deflate stream ended with a
/// sync flush (byte-aligned, not final), which concatenate into one valid deflate stream; `finish`
/// adds the final empty block and the gzip trailer. Each chunk reaches the client whole, at once.
struct GzipStream {
    private var checksum = CRC32()
    private var length: UInt32 = 0
    private var headerWritten = false

    /// The gzip header: deflate, no name or time, unknown operating system.
    static let header: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF]
    /// A final, empty block with fixed Huffman codes: ends the deflate stream.
    static let finalBlock: [UInt8] = [0x03, 0x00]

    /// The compressed form of `chunk`, preceded by the header on the first call.
    ///
    /// - Complexity: O(*n*) in the chunk's length.
    mutating func compress(_ chunk: ByteBuffer, allocator: ByteBufferAllocator) throws -> ByteBuffer {
        var input = chunk
        checksum.update(input.readableBytesView)
        length &+= UInt32(truncatingIfNeeded: input.readableBytes)
        let compressor = try ZlibCompressor(algorithm: .deflate, configuration: Self.configuration)
        var output = allocator.buffer(capacity: compressor.maxSize(from: input) + Self.header.count)
        if !headerWritten {
            output.writeBytes(Self.header)
            headerWritten = true
        }
        if input.readableBytes > 0 {
            try compressor.deflate(from: &input, to: &output, flush: .sync)
        }
        return output
    }

    /// What ends the stream: the header if nothing was written, the final block, the checksum and length.
    mutating func finish(allocator: ByteBufferAllocator) -> ByteBuffer {
        var output = allocator.buffer(capacity: Self.header.count + 10)
        if !headerWritten {
            output.writeBytes(Self.header)
            headerWritten = true
        }
        output.writeBytes(Self.finalBlock)
        output.writeInteger(checksum.value, endianness: .little)
        output.writeInteger(length, endianness: .little)
        return output
    }

    /// `bytes` as one whole gzip member: for an answer compressed once and sent many times.
    static func gzipped(_ bytes: [UInt8]) throws -> [UInt8] {
        let allocator = ByteBufferAllocator()
        var stream = GzipStream()
        var output = try stream.compress(ByteBuffer(bytes: bytes), allocator: allocator)
        var end = stream.finish(allocator: allocator)
        output.writeBuffer(&end)
        return Array(output.readableBytesView)
    }

    /// zlib's defaults: the compressor lives only while one chunk is compressed.
    static let configuration = ZlibConfiguration()
}
