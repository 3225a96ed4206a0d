import NIOCore

extension HabitsRequestContext {
    /// The address of the client a request comes from, as per-client limits count it: for now the TCP
    /// peer's IP address; nil when the request came over no socket (router tests) or a Unix socket.
    var clientAddress: String? { remoteAddress?.ipAddress }
}
