import Foundation
import NIOCore
import NIOHTTPTypes

/// Closes a connection that is too slow: one that waits longer than `idleTimeout` (or `readTimeout`,
/// when shorter) for a request's head, or takes longer than `readTimeout` to deliver a request once its
/// head arrived (a body sent one byte a minute). Unlike an idle timer, a trickle of bytes does not reset
/// these deadlines. The head is parsed before this handler sees it, so the wait for a head bounds a head
/// sent one header a second too: that wait is never longer than the read timeout.
///
/// While the server writes a response no deadline runs, so a long response is never cut.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let idleTimeout: TimeAmount
    private let readTimeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(idleTimeout: TimeAmount, readTimeout: TimeAmount) {
        self.idleTimeout = min(idleTimeout, readTimeout)
        self.readTimeout = readTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        arm(idleTimeout, context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            arm(readTimeout, context: context)
        case .body:
            break
        case .end:
            // The request is in; the server's own time to answer is not the client's fault.
            disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            arm(idleTimeout, context: context)
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    private func arm(_ timeout: TimeAmount, context: ChannelHandlerContext) {
        disarm()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            context.close(promise: nil)
        }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}
