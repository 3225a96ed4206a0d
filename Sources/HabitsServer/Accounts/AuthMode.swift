import HabitsDomain

/// Who a request may act as.
public enum AuthMode: String, Sendable, CaseIterable {
    /// Anyone who reaches the server acts as anyone (the viewer picker, `?user=`, the course API): for
    /// one person's machine only, so only on a loopback address.
    case open
    /// Everyone signs in; every write acts as the signed-in account, every screen is built for it.
    case accounts
}

/// What a request proved about who it is: decided once by `IdentityMiddleware`.
enum Access: Sendable, Equatable {
    /// Open mode: no identity, and every request may act as anyone.
    case open
    /// Accounts mode, with no session or token.
    case anonymous
    /// Accounts mode, with a live session or token.
    case signedIn(Identity)
}
