import Hummingbird

/// Runs the rest of the request in a child task of its own, whose memory is returned when it ends.
///
/// A connection's task keeps the largest async stack it ever held for as long as the connection stays
/// open: without this, an idle keep-alive connection or an open event stream keeps the frames of every
/// middleware and handler its requests went through (about 20 KB). The child is awaited before the
/// response is returned, so the request is as structured as before; a task costs about a microsecond.
struct RequestTaskMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try await withoutActuallyEscaping(next) { next in
            let handler = UncheckedSendable(next)
            return try await withThrowingTaskGroup(of: Response.self) { group in
                group.addTask { try await handler.value(request, context) }
                guard let response = try await group.next() else { throw CancellationError() }
                return response
            }
        }
    }
}

/// A value handed to a child task that is awaited before the value's scope ends.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
