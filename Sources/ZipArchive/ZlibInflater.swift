import CompressNIO
import NIOCore

/// Why a raw deflate stream could not be inflated.
enum InflateError: Error, Equatable {
    /// The stream is malformed; the text says how, for the error message.
    case malformed(String)
    /// The output would grow past the most allowed.
    case outputLimitExceeded
}

/// Inflates a raw deflate stream (RFC 1951, no zlib or gzip wrapper, as zip entries hold it) with zlib.
///
/// The output is bounded while it is produced, not checked afterwards: zlib is handed at most the room left
/// under `outputLimit` plus one byte, so a stream that would inflate further throws `outputLimitExceeded` as soon
/// as it writes that byte, whatever it declares. Bytes after the end of the stream are ignored.
enum ZlibInflater {
    /// The most bytes zlib writes in one call, so a large entry is inflated through a small window.
    static let windowSize = 1 << 16

    /// Inflates `input`, producing at most `outputLimit` bytes.
    /// - Complexity: O(n + m) for n input and m output bytes.
    static func inflate(_ input: ArraySlice<UInt8>, outputLimit: Int) throws(InflateError) -> [UInt8] {
        // zlib needs an address for its input; an empty stream has no blocks, not even a final one.
        guard !input.isEmpty else { throw .malformed("the stream ends early") }
        let limit = max(outputLimit, 0)
        let decompressor: ZlibDecompressor
        do {
            decompressor = try ZlibDecompressor(algorithm: .deflate)
        } catch {
            throw .malformed("zlib could not start (\(error))")
        }
        var compressed = ByteBuffer(bytes: input)
        var window = ByteBufferAllocator().buffer(capacity: limit < windowSize ? limit + 1 : windowSize)
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(input.count * 4, 1024)))
        while true {
            // One byte past the limit is room enough to see that the stream goes on.
            let left = limit - output.count
            let room = left < window.capacity ? left + 1 : window.capacity
            // compress-nio hands zlib every writable byte, and a buffer's capacity is rounded up to a power of
            // two, so the room is set by placing the writer index `room` bytes before the end.
            window.clear()
            window.moveWriterIndex(to: window.capacity - room)
            window.moveReaderIndex(to: window.capacity - room)
            let inputBefore = compressed.readableBytes
            let outcome: Result<Bool, InflateError>
            do throws(InflateError) {
                outcome = .success(try step(decompressor, from: &compressed, to: &window))
            } catch {
                outcome = .failure(error)
            }
            output.append(contentsOf: window.readableBytesView)
            // Checked before zlib's own error: having written the byte past the limit, zlib may still read the next
            // block's header and find it bad, but the stream had already gone too far.
            guard output.count <= limit else { throw .outputLimitExceeded }
            let returned = try outcome.get()
            let madeProgress = compressed.readableBytes < inputBefore || window.readableBytes > 0
            // zlib returns without error at the stream's end, or when it used all its input and wants more. Input
            // left over means the end; so does a call that neither read nor wrote, which zlib calls an error
            // unless the stream is over. Otherwise the next call tells.
            if returned && (compressed.readableBytes > 0 || !madeProgress) {
                return output
            }
            // Every other call reads input or writes output, both finite, so the loop ends.
            guard madeProgress else { throw .malformed("zlib makes no progress") }
        }
    }

    /// One call to zlib: true when it returned without error, false when it filled the window and has more.
    private static func step(
        _ decompressor: ZlibDecompressor, from compressed: inout ByteBuffer, to window: inout ByteBuffer
    ) throws(InflateError) -> Bool {
        do {
            try decompressor.inflate(from: &compressed, to: &window)
            return true
        } catch let error as CompressNIOError {
            // The window is full and zlib has more to write.
            if error == .bufferOverflow { return false }
            // zlib needs more input than there is.
            if error == .inputBufferOverflow { throw .malformed("the stream ends early") }
            if error == .corruptData { throw .malformed("zlib finds it corrupt") }
            throw .malformed("zlib fails (\(error))")
        } catch {
            throw .malformed("zlib fails (\(error))")
        }
    }
}
