import Foundation
import HTTPTypes
import Hummingbird

/// Refuses, with 403, every state-changing request (POST, PUT, PATCH, DELETE) that a browser made for
/// a page of another site: one marked `Sec-Fetch-Site: cross-site` or `same-site`, or whose `Origin`
/// is not this server's: the scheme, host and port the client asked for (`context.client`, which behind
/// a trusted TLS-terminating proxy is `https` and the proxy's public name).
///
/// Browsers send simple cross-site requests (a form post, a `text/plain` fetch) without asking
/// first, so the response's CORS headers alone cannot stop the write. Tools and the course's iOS app
/// send neither header and pass.
struct CrossSiteRequestMiddleware: RouterMiddleware {
    static var safeMethods: Set<HTTPRequest.Method> { [.get, .head, .options] }

    func handle(
        _ request: Request,
        context: HabitsRequestContext,
        next: (Request, HabitsRequestContext) async throws -> Response
    ) async throws -> Response {
        if !Self.safeMethods.contains(request.method), !Self.isSameOrigin(request, client: context.client) {
            throw APIError(
                status: .forbidden,
                code: "cross_site_request",
                message: "This server accepts changes from its own pages and from apps, not from other web sites."
            )
        }
        return try await next(request, context)
    }

    /// Whether the browser's labels (if any) say the request comes from this server's own pages.
    static func isSameOrigin(_ request: Request, client: ClientConnection) -> Bool {
        if let site = request.headers[.secFetchSite]?.lowercased(), site != "same-origin", site != "none" {
            return false
        }
        guard let origin = request.headers[.origin] else { return true }
        guard let (scheme, originAuthority) = Authority.origin(origin), let host = client.authority else {
            return false
        }
        return scheme == client.scheme && originAuthority.host == host.host
            && originAuthority.port == (host.port ?? client.scheme.defaultPort)
    }
}

extension HTTPField.Name {
    static let secFetchSite = Self("Sec-Fetch-Site")!
}
