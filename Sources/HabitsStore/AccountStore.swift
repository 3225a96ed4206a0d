import Foundation
import HabitsDomain

/// A session about to be stored: the hash of its secret (the secret itself is only in the cookie).
public struct NewSession: Sendable {
    /// SHA-256 of the session's 256-bit secret.
    public var secretHash: Data
    public var createdAt: Date
    public var userAgent: String?

    public init(secretHash: Data, createdAt: Date, userAgent: String?) {
        self.secretHash = secretHash
        self.createdAt = createdAt
        self.userAgent = userAgent.map { String($0.prefix(200)) }
    }
}

/// Accounts, their sessions and API tokens. Secrets reach the store only as hashes; passwords only as
/// bcrypt hashes.
///
/// An account is a user with credentials: deleting the user deletes the account, its sessions and
/// tokens in the same transaction.
public protocol AccountStore: Sendable {
    /// Creates a user and its account in one transaction, with a first session when `session` is given;
    /// the first account of a store is an administrator. A username taken regardless of case (by an
    /// account or a user's key) is a `conflict`.
    func createAccount(
        _ user: User, passwordHash: String, visibility: Visibility, session: NewSession?
    ) async throws -> (Account, SessionInfo?)
    /// The account of this user; `notFound(.account)` when the user has none.
    func account(userID: Int64) async throws -> Account
    /// The stored hash of a username (matched regardless of case), nil when no account has it.
    func credentials(username: String) async throws -> StoredCredentials?
    /// The stored hash of an account's password.
    func credentials(userID: Int64) async throws -> StoredCredentials
    /// Replaces the password's hash and ends every session but `keeping` (by its secret's hash).
    func setPasswordHash(_ hash: String, userID: Int64, keeping: Data?) async throws
    /// Gives an account a role; `notFound(.account)` for an unknown username.
    @discardableResult
    func setRole(_ role: Role, username: String) async throws -> Account
    /// Sets who sees an account.
    @discardableResult
    func setVisibility(_ visibility: Visibility, userID: Int64) async throws -> Account
    /// How many accounts the store holds.
    func accountCount() async throws -> Int
    /// Accounts in user id order, for the administrators' page of people.
    func accounts(page: PageRequest) async throws -> Page<Account>

    /// Stores a new session of an account.
    func createSession(_ session: NewSession, userID: Int64) async throws -> SessionInfo
    /// Who the session with this secret's hash is, when it exists and was seen within `idleLimit` of
    /// `now`; marks it seen at `now` (a write at most every few minutes per session, not every request).
    func identity(sessionHash: Data, now: Date, idleLimit: TimeInterval) async throws -> Identity?
    /// An account's sessions still within `idleLimit`, most recently seen first.
    func sessions(userID: Int64, now: Date, idleLimit: TimeInterval) async throws -> [SessionInfo]
    /// Ends the session with this secret's hash (signing out); nothing when there is none.
    func endSession(secretHash: Data) async throws
    /// Ends one of an account's sessions by its number; `notFound(.session)` when it is not theirs.
    func endSession(id: Int64, userID: Int64) async throws
    /// Ends every session of an account, but `keeping` (by its secret's hash) when given.
    func endSessions(userID: Int64, keeping: Data?) async throws

    /// Stores a token of an account by its secret's hash; more than `AccountRules.maximumTokens` is a
    /// `conflict`.
    func createToken(name: String, scope: TokenScope, secretHash: Data, userID: Int64, now: Date) async throws
        -> APIToken
    /// An account's tokens, newest first.
    func tokens(userID: Int64) async throws -> [APIToken]
    /// Who the token with this secret's hash is, nil when revoked or unknown; notes its use.
    func identity(tokenHash: Data, now: Date) async throws -> Identity?
    /// Revokes one of an account's tokens; `notFound(.token)` when it is not theirs.
    func deleteToken(id: Int64, userID: Int64) async throws

    /// Gives the user a calendar feed whose secret hashes to `secretHash`, replacing any earlier one.
    func replaceCalendarFeed(userID: Int64, secretHash: Data, now: Date) async throws
    /// Ends the user's calendar feed, if any.
    func removeCalendarFeed(userID: Int64) async throws
    /// The user whose calendar feed has this secret's hash; nil when none has.
    func calendarFeedOwner(secretHash: Data) async throws -> Int64?
    /// Whether the user has a calendar feed.
    func hasCalendarFeed(userID: Int64) async throws -> Bool

    /// Stores a widget address of an account by its secret's hash; past `AccountRules.maximumWidgets` it is a
    /// `conflict`, and a habit that does not exist is `notFound(.habit)`. Whether the account may show the
    /// habit is the caller's to decide first.
    func createWidget(
        family: WidgetFamily, habitID: Int64?, style: WidgetStyle, secretHash: Data, userID: Int64, now: Date
    ) async throws -> WidgetAddress
    /// An account's widget addresses, newest first.
    func widgets(userID: Int64) async throws -> [WidgetAddress]
    /// The widget address with this secret's hash and its owner; nil when revoked or unknown.
    func widgetGrant(secretHash: Data) async throws -> WidgetGrant?
    /// Revokes one of an account's widget addresses, bumping the revision; `notFound(.widget)` when it is not
    /// theirs.
    func deleteWidget(id: Int64, userID: Int64) async throws

    /// Deletes an account and everything its user wrote (logs, days, favourites, follows, ratings,
    /// questions), with counters and ranks updated, in one transaction.
    func deleteAccount(userID: Int64) async throws
}
