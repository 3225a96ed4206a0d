import HTTPTypes
import Hummingbird

/// The browser's own defences, on every response (a header costs nothing, and an error page is HTML
/// too): Hummingbird's content-security middleware with this server's policy, plus no referrer to
/// other sites and no browsing context shared with a page that opened this one.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Runs only this server's script files (no inline script, no `eval`), embeds no plugin, cannot be
    /// framed and submits forms only here. Styles come from `app.css`, plus the `style` attributes the
    /// layout writes on sections and items (`style-src-attr`); no `<style>` element is allowed.
    static var policy: ContentSecurityPolicy {
        [
            .defaultSrc(.self), .scriptSrc(.self), .styleSrc(.self), .styleSrcAttr(.unsafeInline),
            .objectSrc(.none), .baseURI(.none), .frameAncestors(.none), .formAction(.self),
        ]
    }

    private let contentSecurity = ContentSecurityMiddleware<Context>(contentSecurityPolicy: policy)

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await contentSecurity.handle(request, context: context, next: next)
        response.headers[.referrerPolicy] = "same-origin"
        response.headers[.crossOriginOpenerPolicy] = "same-origin"
        return response
    }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
    static let crossOriginOpenerPolicy = Self("Cross-Origin-Opener-Policy")!
}
