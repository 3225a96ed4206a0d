import CompressNIO
import NIOCore

/// Inflates a gzip stream as it arrives, chunk by chunk, as a browser does.
final class GzipReader {
    private let decompressor: ZlibDecompressor

    init() throws { decompressor = try ZlibDecompressor(algorithm: .gzip) }

    /// The bytes `compressed` adds to what could be inflated before.
    func feed(_ compressed: some Collection<UInt8>) throws -> [UInt8] {
        var input = ByteBuffer(bytes: compressed)
        var inflated: [UInt8] = []
        while true {
            var output = ByteBuffer()
            output.reserveCapacity(65_536)
            do {
                try decompressor.inflate(from: &input, to: &output)
                inflated += output.readableBytesView
                return inflated
            } catch let error as CompressNIOError where error == .bufferOverflow {
                inflated += output.readableBytesView
            } catch let error as CompressNIOError where error == .inputBufferOverflow {
                inflated += output.readableBytesView
                return inflated
            }
        }
    }
}
