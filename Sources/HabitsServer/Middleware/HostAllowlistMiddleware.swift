import Foundation
import Hummingbird

/// Answers only requests whose `Host` names this server, so that DNS rebinding cannot reach it: a
/// page on `evil.example` whose name re-resolves to 127.0.0.1 still sends `Host: evil.example`.
///
/// Allowed: `localhost`, `127.0.0.1`, `::1`, the address the server listens on, and the names given
/// with `--allowed-host`. Anything else gets 421 Misdirected Request on every route. A request with
/// no `Host` at all (HTTP/1.0 tools) cannot come from a browser and is let through. Behind a trusted
/// proxy the host checked is the one the client asked the proxy for (`context.client.host`).
struct HostAllowlistMiddleware: RouterMiddleware {
    let allowedHosts: Set<String>

    init(allowedHosts: some Sequence<String>) {
        self.allowedHosts = Set(allowedHosts.compactMap { Authority(parsing: $0)?.host })
    }

    func handle(
        _ request: Request,
        context: HabitsRequestContext,
        next: (Request, HabitsRequestContext) async throws -> Response
    ) async throws -> Response {
        if let header = context.client.host {
            guard let authority = context.client.authority, allowedHosts.contains(authority.host) else {
                throw APIError(
                    status: .misdirectedRequest,
                    code: "misdirected_request",
                    message: "This server does not answer to the host \"\(header.prefix(100))\"; "
                        + "start it with --allowed-host to add a name."
                )
            }
        }
        return try await next(request, context)
    }

    /// The names every server answers to, beside its own address.
    static var loopbackNames: [String] { ["localhost", "127.0.0.1", "::1"] }
}
