import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// Accounts, sessions and API tokens in SQLite (`AccountSchema`).
///
/// Writes that only touch credentials (sessions, tokens, passwords, roles) do not bump the revision:
/// no screen shows them. Creating or deleting an account changes the users every screen lists, so it does.
extension SQLiteHabitStore {
    public func createAccount(
        _ user: User, passwordHash: String, visibility: Visibility, session: NewSession?
    ) async throws -> (Account, SessionInfo?) {
        try await writeBumping { db, changes in
            changes.catalogueChanged()
            try Self.requireFreeKey(db, user.key)
            try Self.checkNames(db, of: user, id: nil, checkingKey: true)
            try db.execute(
                sql: """
                    INSERT INTO users (key, name, hue, saturation, brightness, bio, time_zone, locale, visibility)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    user.key, user.name, user.color?.hue, user.color?.saturation, user.color?.brightness, user.bio,
                    user.timeZone, user.locale, visibility.rawValue,
                ])
            var created = user
            created.id = db.lastInsertedRowID
            try Self.storeSkeletons(db, of: user, id: created.id)
            // The count reads one table in the same transaction; SQLite's writer runs one at a time.
            let role = CredentialRule.role(
                ofNewAccountAmong: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM accounts") ?? 0)
            let now = session?.createdAt ?? Date()
            try db.execute(
                sql: """
                    INSERT INTO accounts (user_id, username_folded, password_hash, role, created_at)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [
                    created.id, CredentialRule.folded(user.key), passwordHash, role.rawValue,
                    now.timeIntervalSince1970,
                ])
            // Read back, so that the instant is the stored one (a database keeps fewer digits than `Date`).
            let account = try Self.fetchAccount(db, userID: created.id)
            let info = try session.map { try Self.insertSession(db, $0, userID: created.id) }
            return (account, info)
        }
    }

    public func account(userID: Int64) async throws -> Account {
        try await writer.read { db in try Self.fetchAccount(db, userID: userID) }
    }

    public func credentials(username: String) async throws -> StoredCredentials? {
        try await writer.read { db in
            try Row.fetchOne(
                db, sql: "SELECT user_id, password_hash FROM accounts WHERE username_folded = ?",
                arguments: [CredentialRule.folded(username)]
            ).map { StoredCredentials(userID: $0["user_id"], passwordHash: $0["password_hash"]) }
        }
    }

    public func credentials(userID: Int64) async throws -> StoredCredentials {
        try await writer.read { db in
            guard
                let hash = try String.fetchOne(
                    db, sql: "SELECT password_hash FROM accounts WHERE user_id = ?", arguments: [userID])
            else { throw HabitsError.notFound(kind: .account, id: String(userID)) }
            return StoredCredentials(userID: userID, passwordHash: hash)
        }
    }

    public func setPasswordHash(_ hash: String, userID: Int64, keeping: Data?) async throws {
        try await commits.write(bumpsRevision: false) { db, _ in
            try db.execute(
                sql: "UPDATE accounts SET password_hash = ? WHERE user_id = ?", arguments: [hash, userID])
            guard db.changesCount == 1 else { throw HabitsError.notFound(kind: .account, id: String(userID)) }
            try Self.deleteSessions(db, userID: userID, keeping: keeping)
        }
    }

    public func setRole(_ role: Role, username: String) async throws -> Account {
        try await commits.write(bumpsRevision: false) { db, _ in
            guard
                let userID = try Int64.fetchOne(
                    db, sql: "UPDATE accounts SET role = ? WHERE username_folded = ? RETURNING user_id",
                    arguments: [role.rawValue, CredentialRule.folded(username)])
            else { throw HabitsError.notFound(kind: .account, id: username) }
            // SQLite's one writer orders role changes: the count sees every change before this one.
            try CredentialRule.checkAdministratorsRemain(
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM accounts WHERE role = ?", arguments: [Role.administrator.rawValue])
                    ?? 0)
            return try Self.fetchAccount(db, userID: userID)
        }
    }

    public func setVisibility(_ visibility: Visibility, userID: Int64) async throws -> Account {
        try await writeBumping { db, changes in
            let account = try Self.fetchAccount(db, userID: userID)
            guard account.visibility != visibility else { return account }
            // Who may see whom changes what every screen that lists or ranks people shows.
            changes.catalogueChanged()
            try db.execute(
                sql: "UPDATE users SET visibility = ? WHERE id = ?", arguments: [visibility.rawValue, userID])
            try Self.setCountersHidden(db, visibility == .private, userID: userID)
            try ProgramRows.moveRatings(db, userID: userID, sign: visibility == .private ? -1 : 1, changes: changes)
            return try Self.fetchAccount(db, userID: userID)
        }
    }

    public func accountCount() async throws -> Int {
        try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM accounts") ?? 0 }
    }

    public func accounts(page: PageRequest) async throws -> Page<Account> {
        try await writer.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT u.*, a.role AS account_role, a.created_at AS account_created_at
                    FROM accounts a JOIN users u ON u.id = a.user_id WHERE a.user_id > ? ORDER BY a.user_id LIMIT ?
                    """,
                arguments: [page.after?.id ?? 0, page.limit + 1])
            return page.page(of: rows.map(Self.account(from:))) { PageCursor(id: $0.id) }
        }
    }

    public func deleteAccount(userID: Int64) async throws {
        // The user's deletion cascades to the account, its sessions and tokens (foreign keys).
        try await deleteUser(id: userID, cascade: true)
    }

    // MARK: Sessions

    public func createSession(_ session: NewSession, userID: Int64) async throws -> SessionInfo {
        try await commits.write(bumpsRevision: false) { db, _ in
            _ = try Self.fetchAccount(db, userID: userID)
            return try Self.insertSession(db, session, userID: userID)
        }
    }

    public func identity(sessionHash: Data, now: Date, idleLimit: TimeInterval) async throws -> Identity? {
        // The closure returns a Sendable value, so that GRDB's async read runs (a `Row` would pick the
        // blocking overload, which holds a cooperative thread while it waits for a reader).
        let found: (identity: Identity, lastSeen: Double)? = try await writer.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT s.id, s.user_id, s.last_seen_at, u.key, a.role
                    FROM sessions s JOIN accounts a ON a.user_id = s.user_id JOIN users u ON u.id = s.user_id
                    WHERE s.secret_hash = ?
                    """,
                arguments: [sessionHash]
            ).map { row in
                (
                    Identity(
                        userID: row["user_id"], username: row["key"], role: Role(rawValue: row["role"]) ?? .member,
                        proof: .session(sessionID: row["id"])),
                    row["last_seen_at"]
                )
            }
        }
        guard let found, case .session(let sessionID) = found.identity.proof else { return nil }
        switch CredentialRule.sessionUse(lastSeen: found.lastSeen, now: now, idleLimit: idleLimit) {
        case .expired:
            try await endSession(secretHash: sessionHash)
            return nil
        case .touch:
            try await commits.write(bumpsRevision: false) { db, _ in
                try db.execute(
                    sql: "UPDATE sessions SET last_seen_at = ? WHERE id = ?",
                    arguments: [now.timeIntervalSince1970, sessionID])
            }
        case .current: break
        }
        return found.identity
    }

    public func sessions(userID: Int64, now: Date, idleLimit: TimeInterval) async throws -> [SessionInfo] {
        try await writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, created_at, last_seen_at, user_agent FROM sessions
                    WHERE user_id = ? AND last_seen_at >= ? ORDER BY last_seen_at DESC, id DESC
                    """,
                arguments: [userID, now.timeIntervalSince1970 - idleLimit]
            ).map(Self.sessionInfo(from:))
        }
    }

    public func endSession(secretHash: Data) async throws {
        try await commits.write(bumpsRevision: false) { db, _ in
            try db.execute(sql: "DELETE FROM sessions WHERE secret_hash = ?", arguments: [secretHash])
        }
    }

    public func endSession(id: Int64, userID: Int64) async throws {
        try await commits.write(bumpsRevision: false) { db, _ in
            try db.execute(sql: "DELETE FROM sessions WHERE id = ? AND user_id = ?", arguments: [id, userID])
            guard db.changesCount == 1 else { throw HabitsError.notFound(kind: .session, id: String(id)) }
        }
    }

    public func endSessions(userID: Int64, keeping: Data?) async throws {
        try await commits.write(bumpsRevision: false) { db, _ in
            try Self.deleteSessions(db, userID: userID, keeping: keeping)
        }
    }

    // MARK: Tokens

    public func createToken(
        name: String, scope: TokenScope, secretHash: Data, userID: Int64, now: Date
    ) async throws -> APIToken {
        try await commits.write(bumpsRevision: false) { db, _ in
            _ = try Self.fetchAccount(db, userID: userID)
            try CredentialRule.checkNewToken(
                held: try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM api_tokens WHERE user_id = ?", arguments: [userID]) ?? 0)
            try db.execute(
                sql: """
                    INSERT INTO api_tokens (secret_hash, user_id, name, scope, created_at) VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [secretHash, userID, name, scope.rawValue, now.timeIntervalSince1970])
            return APIToken(id: db.lastInsertedRowID, name: name, scope: scope, createdAt: now)
        }
    }

    public func tokens(userID: Int64) async throws -> [APIToken] {
        try await writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, name, scope, created_at, last_used_at FROM api_tokens
                    WHERE user_id = ? ORDER BY id DESC
                    """,
                arguments: [userID]
            ).map { row in
                APIToken(
                    id: row["id"], name: row["name"], scope: TokenScope(rawValue: row["scope"]) ?? .read,
                    createdAt: Date(timeIntervalSince1970: row["created_at"]),
                    lastUsedAt: (row["last_used_at"] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    public func identity(tokenHash: Data, now: Date) async throws -> Identity? {
        // A Sendable result: see `identity(sessionHash:now:idleLimit:)`.
        let found: (identity: Identity, lastUsed: Double?)? = try await writer.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT t.id, t.user_id, t.scope, t.last_used_at, u.key, a.role
                    FROM api_tokens t JOIN accounts a ON a.user_id = t.user_id JOIN users u ON u.id = t.user_id
                    WHERE t.secret_hash = ?
                    """,
                arguments: [tokenHash]
            ).map { row in
                (
                    Identity(
                        userID: row["user_id"], username: row["key"], role: Role(rawValue: row["role"]) ?? .member,
                        proof: .token(tokenID: row["id"], scope: TokenScope(rawValue: row["scope"]) ?? .read)),
                    row["last_used_at"] as Double?
                )
            }
        }
        guard let found, case .token(let tokenID, _) = found.identity.proof else { return nil }
        if CredentialRule.tokenUse(lastUsed: found.lastUsed, now: now) == .touch {
            try await commits.write(bumpsRevision: false) { db, _ in
                try db.execute(
                    sql: "UPDATE api_tokens SET last_used_at = ? WHERE id = ?",
                    arguments: [now.timeIntervalSince1970, tokenID])
            }
        }
        return found.identity
    }

    public func deleteToken(id: Int64, userID: Int64) async throws {
        try await commits.write(bumpsRevision: false) { db, _ in
            try db.execute(sql: "DELETE FROM api_tokens WHERE id = ? AND user_id = ?", arguments: [id, userID])
            guard db.changesCount == 1 else { throw HabitsError.notFound(kind: .token, id: String(id)) }
        }
    }

    // MARK: Calendar feeds

    public func replaceCalendarFeed(userID: Int64, secretHash: Data, now: Date) async throws {
        try await commits.write(bumpsRevision: false) { db, _ in
            _ = try Self.fetchUser(db, id: userID)
            try db.execute(
                sql: """
                    INSERT INTO calendar_feeds (user_id, secret_hash, created_at) VALUES (?, ?, ?)
                    ON CONFLICT (user_id) DO UPDATE SET secret_hash = excluded.secret_hash,
                        created_at = excluded.created_at
                    """,
                arguments: [userID, secretHash, now.timeIntervalSince1970])
        }
    }

    public func removeCalendarFeed(userID: Int64) async throws {
        try await commits.write(bumpsRevision: false) { db, _ in
            try db.execute(sql: "DELETE FROM calendar_feeds WHERE user_id = ?", arguments: [userID])
        }
    }

    public func calendarFeedOwner(secretHash: Data) async throws -> Int64? {
        try await writer.read { db in
            try Int64.fetchOne(
                db, sql: "SELECT user_id FROM calendar_feeds WHERE secret_hash = ?", arguments: [secretHash])
        }
    }

    public func hasCalendarFeed(userID: Int64) async throws -> Bool {
        try await writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT user_id FROM calendar_feeds WHERE user_id = ?", arguments: [userID])
                != nil
        }
    }

    // MARK: Rows

    static func fetchAccount(_ db: Database, userID: Int64) throws -> Account {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT u.*, a.role AS account_role, a.created_at AS account_created_at
                    FROM accounts a JOIN users u ON u.id = a.user_id WHERE a.user_id = ?
                    """,
                arguments: [userID])
        else { throw HabitsError.notFound(kind: .account, id: String(userID)) }
        return account(from: row)
    }

    /// An account from a row of a user's columns with `account_role` and `account_created_at`.
    static func account(from row: Row) -> Account {
        let user = StoredRow.userResource(from: row)
        return Account(
            user: user, username: user.key, role: Role(rawValue: row["account_role"]) ?? .member,
            visibility: user.visibility,
            createdAt: Date(timeIntervalSince1970: row["account_created_at"]))
    }

    static func insertSession(_ db: Database, _ session: NewSession, userID: Int64) throws -> SessionInfo {
        let now = session.createdAt.timeIntervalSince1970
        try db.execute(
            sql: """
                INSERT INTO sessions (secret_hash, user_id, created_at, last_seen_at, user_agent)
                VALUES (?, ?, ?, ?, ?)
                """,
            arguments: [session.secretHash, userID, now, now, session.userAgent])
        return SessionInfo(
            id: db.lastInsertedRowID, createdAt: session.createdAt, lastSeenAt: session.createdAt,
            userAgent: session.userAgent)
    }

    static func deleteSessions(_ db: Database, userID: Int64, keeping: Data?) throws {
        try db.execute(
            sql: "DELETE FROM sessions WHERE user_id = ? AND secret_hash IS NOT ?", arguments: [userID, keeping])
    }

    static func sessionInfo(from row: Row) -> SessionInfo {
        SessionInfo(
            id: row["id"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
            lastSeenAt: Date(timeIntervalSince1970: row["last_seen_at"]), userAgent: row["user_agent"])
    }
}
