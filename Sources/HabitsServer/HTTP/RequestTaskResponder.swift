import Hummingbird

/// Runs each request, router and middleware included, in a child task of its own, whose memory is
/// returned when it ends.
///
/// A connection's task keeps the largest async stack it ever held for as long as the connection stays
/// open: without this, an idle keep-alive connection or an open event stream keeps the frames of every
/// middleware and handler its requests went through (about 20 KB). The child is awaited before the
/// response is returned, so the request is as structured as before; a task costs about a microsecond.
///
/// It wraps the router's responder rather than being a middleware: a middleware's `next` is not
/// `Sendable`, so handing it to a child task would take an unchecked promise, while the responder is.
struct RequestTaskResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context: Sendable {
    typealias Context = Inner.Context

    let inner: Inner

    func respond(to request: Request, context: Context) async throws -> Response {
        try await withThrowingTaskGroup(of: Response.self) { group in
            group.addTask { try await inner.respond(to: request, context: context) }
            guard let response = try await group.next() else { throw CancellationError() }
            return response
        }
    }
}
