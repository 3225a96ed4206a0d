import Foundation
import Hummingbird

/// The session cookie of accounts mode: the session's secret, `HttpOnly`, `SameSite=Lax`, `Path=/`,
/// `Secure` whenever the client's connection is https (directly or through a trusted proxy).
enum SessionCookie {
    static let name = "habits_session"
    /// A session unused this long ends: 30 days.
    static let idleLimit: TimeInterval = 30 * 24 * 60 * 60
    /// How long the browser keeps the cookie; the server's idle limit decides whether it still works.
    static let browserLifetime = 400 * 24 * 60 * 60

    /// The cookie carrying `secret`, or, with nil, one that makes the browser forget it.
    static func cookie(_ secret: String?, secure: Bool) throws -> Cookie {
        // The secret is URL-safe base64, all cookie octets; `validated` throws rather than trusting that.
        try Cookie.validated(
            name: name, value: secret ?? "", maxAge: secret == nil ? 0 : browserLifetime, path: "/", secure: secure,
            httpOnly: true, sameSite: .lax)
    }
}
