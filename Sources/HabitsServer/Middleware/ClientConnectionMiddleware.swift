import Hummingbird
import Logging

/// Resolves who the client is (`ClientConnection.resolve`) into `context.client`, believing forwarding
/// headers from `trustedProxies` only, and names the client's address in every log line of the request.
/// The router's outermost middleware, so that everything after it reads one answer.
struct ClientConnectionMiddleware: RouterMiddleware {
    let trustedProxies: [IPAddressRange]

    func handle(
        _ request: Request,
        context: HabitsRequestContext,
        next: (Request, HabitsRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.client = ClientConnection.resolve(
            head: request.head, peer: context.remoteAddress, trustedProxies: trustedProxies)
        context.logger[metadataKey: "client"] = .string(context.client.address?.description ?? "unknown")
        return try await next(request, context)
    }
}
