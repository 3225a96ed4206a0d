import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// What signing up, in and out, and changing credentials do, shared by the JSON API and the web forms.
struct AccountService: Sendable {
    let store: any HabitStore
    let hasher: PasswordHasher
    let limiter: SignInLimiter
    let clock: @Sendable () -> Date
    /// The identities `IdentityMiddleware` remembers: every credential write forgets the account's.
    let identities: IdentityCache

    /// Runs a write that changes an account's credentials, then forgets what was remembered of them, so
    /// that an ended session or a revoked token is refused from the next request on.
    func changingCredentials<T>(of userID: Int64, _ write: () async throws -> T) async throws -> T {
        defer { identities.forget(userID: userID) }
        return try await write()
    }

    /// The same answer to a wrong username and to a wrong password.
    static let wrongCredentials = HabitsError.unauthenticated(reason: "The username or the password is wrong.")

    /// Creates an account and its first session; returns the account and the session's secret.
    func signUp(
        username rawUsername: String, password rawPassword: String, name: String, timeZone: String?,
        locale: String?, request: Request, context: HabitsRequestContext
    ) async throws -> (Account, String) {
        let now = clock()
        let address = SignInLimiter.Subject.signUpAddress(context.clientAddressKey)
        // Counted before hashing, so that a flood of sign-ups cannot keep the thread pool busy.
        try reserve([address], now: now)
        let username = try AccountRules.username(rawUsername)
        let password = try AccountRules.newPassword(rawPassword)
        let user = try ResourceRules.checked(
            User(
                id: 0, key: username, name: name, color: nil, bio: nil, timeZone: timeZone ?? "UTC",
                locale: locale ?? "en_US"))
        let hash = try await hasher.hash(password)
        let secret = Secrets.newSecret()
        let (account, _) = try await store.createAccount(
            user, passwordHash: hash, visibility: .public, session: newSession(secret, request: request, now: now))
        await plantStarterCatalogue(for: account)
        return (account, secret)
    }

    /// Makes the starter categories for a new server's first account (`StarterCatalogue`), so that its first
    /// habit can be added at once. The account stands whatever happens here: a category that cannot be
    /// made (its name taken meanwhile, the store busy) is left for the administrator to add.
    private func plantStarterCatalogue(for account: Account) async {
        guard account.role == .administrator,
            let existing = try? await store.categories(page: PageRequest(limit: 1)).items.count
        else { return }
        guard StarterCatalogue.isPlanted(forNewAccountWith: account.role, categoriesInStore: existing) else { return }
        for (name, color) in StarterCatalogue.categories {
            _ = try? await store.createCategory(Category(id: 0, name: name, color: color))
        }
    }

    /// Checks a username and password and starts a new session (ending the one the request came with, so
    /// that a session id is never carried across a sign-in); returns the account and the new secret.
    func signIn(
        username rawUsername: String, password rawPassword: String, request: Request, context: HabitsRequestContext
    ) async throws -> (Account, String) {
        let now = clock()
        let trimmed = rawUsername.trimmingCharacters(in: .whitespaces)
        // Only a well-formed key can name an account: anything else (a NUL, which the database would cut
        // the name at, or the Kelvin sign, which lower-cases to `k`) names none, is never looked up, and
        // is still checked against the decoy so that it takes the same time.
        let isKey = (try? ResourceRules.key(trimmed)) != nil
        let folded = isKey ? trimmed.lowercased() : ""
        let name = String((folded.isEmpty ? trimmed : folded).prefix(100))
        // Failures lock a username at the address they come from; only many addresses together lock it
        // everywhere, so that a stranger cannot keep an account's owner out by failing on purpose.
        let subjects: [SignInLimiter.Subject] = [
            .usernameAtAddress(name, context.clientAddressKey), .address(context.clientAddressKey), .username(name),
        ]
        // Each attempt is counted before its slow check and taken back if it succeeds: attempts sent at
        // once cannot outrun the limit.
        try reserve(subjects, now: now)
        let password = try AccountRules.givenPassword(rawPassword)
        let stored = (1...100).contains(folded.count) ? try await store.credentials(username: folded) : nil
        guard try await hasher.verify(password, hash: stored?.passwordHash), let stored else {
            throw Self.wrongCredentials
        }
        limiter.release(subjects[1], at: now)
        limiter.release(subjects[2], at: now)
        limiter.forget(subjects[0])
        if let previous = Self.sessionSecret(of: request) {
            let hash = Secrets.hash(previous)
            try await store.endSession(secretHash: hash)
            identities.forget(hash: hash)
        }
        let secret = Secrets.newSecret()
        _ = try await store.createSession(newSession(secret, request: request, now: now), userID: stored.userID)
        return (try await store.account(userID: stored.userID), secret)
    }

    /// Ends the request's session; a token cannot sign out (revoke it instead).
    func signOut(request: Request, context: HabitsRequestContext) async throws {
        let identity = try context.signedInIdentity()
        guard case .session = identity.proof, let secret = Self.sessionSecret(of: request) else {
            throw HabitsError.invalid(
                field: "Authorization",
                reason: "an API token does not sign out; revoke it with DELETE /v1/me/tokens/{id}.")
        }
        try await changingCredentials(of: identity.userID) {
            try await store.endSession(secretHash: Secrets.hash(secret))
        }
    }

    /// Checks the account's password (for changing it or deleting the account): 403 when wrong, counted
    /// as a failed sign-in so that it cannot be guessed faster here.
    func confirmPassword(_ raw: String, identity: Identity, context: HabitsRequestContext) async throws {
        let now = clock()
        let subjects: [SignInLimiter.Subject] = [
            .confirmation(identity.userID), .address(context.clientAddressKey),
        ]
        try reserve(subjects, now: now)
        let password = try AccountRules.givenPassword(raw)
        let stored = try await store.credentials(userID: identity.userID)
        guard try await hasher.verify(password, hash: stored.passwordHash) else {
            throw HabitsError.forbidden(reason: "The password is wrong.")
        }
        for subject in subjects { limiter.release(subject, at: now) }
    }

    /// Replaces the password after checking the old one; ends every other session.
    func changePassword(
        old: String, new: String, identity: Identity, request: Request, context: HabitsRequestContext
    ) async throws {
        try await confirmPassword(old, identity: identity, context: context)
        let password = try AccountRules.newPassword(new, field: "newPassword")
        let hash = try await hasher.hash(password)
        let keeping = Self.sessionSecret(of: request).map(Secrets.hash)
        try await changingCredentials(of: identity.userID) {
            try await store.setPasswordHash(hash, userID: identity.userID, keeping: keeping)
        }
    }

    /// Sets (or, with nil, clears) the session cookie on `response`.
    func setSessionCookie(_ secret: String?, on response: inout Response, context: HabitsRequestContext) throws {
        response.setCookie(try SessionCookie.cookie(secret, secure: context.client.scheme == .https))
        response.headers[.cacheControl] = "no-store"
    }

    /// The session secret the request's cookie carries, when it has the form of one.
    static func sessionSecret(of request: Request) -> String? {
        guard let value = request.cookies[SessionCookie.name]?.value, Secrets.isWellFormed(value) else { return nil }
        return String(value)
    }

    private func newSession(_ secret: String, request: Request, now: Date) -> NewSession {
        NewSession(secretHash: Secrets.hash(secret), createdAt: now, userAgent: request.headers[.userAgent])
    }

    private func reserve(_ subjects: [SignInLimiter.Subject], now: Date) throws {
        guard let wait = limiter.reserve(subjects, now: now) else { return }
        throw APIError(
            status: .tooManyRequests, code: "too_many_attempts",
            message: "Too many attempts; try again in \(wait) seconds.", headers: [.retryAfter: String(wait)])
    }
}

extension HabitsRequestContext {
    /// The client's address as a rate limit's key; requests of no known address share one key.
    var clientAddressKey: String { client.address.map { "\($0)" } ?? "unknown" }
}
