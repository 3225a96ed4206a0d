import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes the connection of an event stream whose client has closed its side of it.
///
/// Hummingbird keeps a half-closed connection open for writing (a client may send a request, close its
/// side and still read the answer), so a stream whose client left would hold its subscription, its place
/// under the stream limit and its memory until a keep-alive write failed. A client never half-closes a
/// stream it still reads; an ordinary response is written to the end as before.
final class EventStreamHangUpHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Whether the response being written is an event stream.
    private var streaming = false
    /// Whether the client has closed its side.
    private var inputClosed = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            streaming = head.headerFields[.contentType]?.hasPrefix("text/event-stream") == true
            if streaming, inputClosed {
                // The client left before its stream started.
                promise?.fail(ChannelError.outputClosed)
                context.close(promise: nil)
                return
            }
        case .body:
            break
        case .end:
            streaming = false
        }
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            inputClosed = true
            if streaming { context.close(promise: nil) }
        }
        context.fireUserInboundEventTriggered(event)
    }
}
