import NIOCore

/// Starts each connection with a small receive buffer, which grows as its reads need (NIO's adaptive
/// allocator), and then leaves the pipeline: a connection keeps its receive buffer for as long as it is
/// open, and most requests, an event stream's above all, fit in far less than NIO's 2 KB default.
final class ReceiveBufferHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// The first read's buffer, in bytes.
    static let initialSize = 512

    func handlerAdded(context: ChannelHandlerContext) {
        let allocator = AdaptiveRecvByteBufferAllocator(minimum: 64, initial: Self.initialSize, maximum: 65_536)
        try? context.channel.syncOptions?.setOption(ChannelOptions.recvAllocator, value: allocator)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
