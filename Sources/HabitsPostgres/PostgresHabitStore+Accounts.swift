import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// Accounts, sessions and API tokens on PostgreSQL (`PostgresSchema`'s accounts migration), with the
/// same rules as `SQLiteHabitStore`'s: secrets by their SHA-256 only, the first account administers.
extension PostgresHabitStore {
    public func createAccount(
        _ user: User, passwordHash: String, visibility: Visibility, session: NewSession?
    ) async throws -> (Account, SessionInfo?) {
        try await writeBumping { db, changes in
            changes.catalogueChanged()
            // Accounts are created one at a time, so that two first accounts cannot both administer.
            try await db.execute("LOCK TABLE accounts IN SHARE ROW EXCLUSIVE MODE")
            if try await db.value("SELECT id FROM users WHERE lower(key) = lower(\(user.key))", as: Int64.self) != nil {
                throw StoreRefusal.keyTaken(user.key)
            }
            try await PostgresNames.checkNames(db, of: user, id: nil, checkingKey: true)
            let id = try await db.value(
                """
                INSERT INTO users (key, name, hue, saturation, brightness, bio, time_zone, locale, visibility)
                VALUES (\(user.key), \(user.name), \(user.color?.hue), \(user.color?.saturation),
                    \(user.color?.brightness), \(user.bio), \(user.timeZone), \(user.locale), \(visibility.rawValue))
                RETURNING id
                """, as: Int64.self) ?? 0
            try await PostgresNames.storeSkeletons(db, of: user, id: id)
            let role = CredentialRule.role(
                ofNewAccountAmong: try await db.int("SELECT COUNT(*)::bigint FROM accounts")).rawValue
            let now = (session?.createdAt ?? Date()).timeIntervalSince1970
            try await db.execute(
                """
                INSERT INTO accounts (user_id, username_folded, password_hash, role, created_at)
                VALUES (\(id), \(CredentialRule.folded(user.key)), \(passwordHash), \(role), \(now))
                """)
            let info = try await session.asyncMap { try await Self.insertSession(db, $0, userID: id) }
            return (try await Self.fetchAccount(db, userID: id), info)
        }
    }

    public func account(userID: Int64) async throws -> Account {
        try await readStatements { db in try await Self.fetchAccount(db, userID: userID) }
    }

    public func credentials(username: String) async throws -> StoredCredentials? {
        try await readStatements { db in
            try await db.rows(
                "SELECT user_id, password_hash FROM accounts WHERE username_folded = \(CredentialRule.folded(username))"
            ).first.map { row in
                let (id, hash) = try row.decode((Int64, String).self)
                return StoredCredentials(userID: id, passwordHash: hash)
            }
        }
    }

    public func credentials(userID: Int64) async throws -> StoredCredentials {
        try await readStatements { db in
            guard
                let hash = try await db.value(
                    "SELECT password_hash FROM accounts WHERE user_id = \(userID)", as: String.self)
            else { throw HabitsError.notFound(kind: .account, id: String(userID)) }
            return StoredCredentials(userID: userID, passwordHash: hash)
        }
    }

    public func setPasswordHash(_ hash: String, userID: Int64, keeping: Data?) async throws {
        try await writeBumping(bumpsRevision: false) { db, _ in
            guard try await db.changes(
                "UPDATE accounts SET password_hash = \(hash) WHERE user_id = \(userID) RETURNING 1") == 1
            else { throw HabitsError.notFound(kind: .account, id: String(userID)) }
            try await Self.deleteSessions(db, userID: userID, keeping: keeping)
        }
    }

    public func setRole(_ role: Role, username: String) async throws -> Account {
        try await writeBumping(bumpsRevision: false) { db, _ in
            // Role changes one at a time, as account creations are: two administrators demoting each other at
            // once would otherwise each count the other still in the role.
            try await db.execute("LOCK TABLE accounts IN SHARE ROW EXCLUSIVE MODE")
            guard let id = try await db.value(
                """
                UPDATE accounts SET role = \(role.rawValue) WHERE username_folded = \(CredentialRule.folded(username))
                RETURNING user_id
                """, as: Int64.self)
            else { throw HabitsError.notFound(kind: .account, id: username) }
            try CredentialRule.checkAdministratorsRemain(
                try await db.int(
                    "SELECT COUNT(*)::bigint FROM accounts WHERE role = \(Role.administrator.rawValue)"))
            return try await Self.fetchAccount(db, userID: id)
        }
    }

    public func setVisibility(_ visibility: Visibility, userID: Int64) async throws -> Account {
        try await writeBumping { db, changes in
            // FOR UPDATE waits for the writes holding the user's row FOR KEY SHARE (adding logs) and holds off
            // new ones, so that no counter is created with the old visibility after the update below.
            try await db.execute("SELECT 1 FROM users WHERE id = \(userID) FOR UPDATE")
            let account = try await Self.fetchAccount(db, userID: userID)
            guard account.visibility != visibility else { return account }
            // Who may see whom changes what every screen that lists or ranks people shows.
            changes.catalogueChanged()
            try await db.execute("UPDATE users SET visibility = \(visibility.rawValue) WHERE id = \(userID)")
            try await db.execute(
                "UPDATE habit_counts SET hidden = \(visibility == .private) WHERE user_id = \(userID)")
            try await PostgresProgramRows.moveRatings(
                db, userID: userID, sign: visibility == .private ? -1 : 1, changes: changes)
            return try await Self.fetchAccount(db, userID: userID)
        }
    }

    public func accountCount() async throws -> Int {
        try await readStatements { db in try await db.int("SELECT COUNT(*)::bigint FROM accounts") }
    }

    public func accounts(page: PageRequest) async throws -> Page<Account> {
        try await readStatements { db in
            var binds = PostgresBindings()
            binds.append(page.after?.id ?? 0)
            binds.append(page.limit + 1)
            let rows = try await db.rows(
                PostgresQuery(
                    unsafeSQL: """
                        SELECT \(PostgresRows.userColumns("u.")), a.role, a.created_at
                        FROM accounts a JOIN users u ON u.id = a.user_id
                        WHERE a.user_id > $1 ORDER BY a.user_id LIMIT $2
                        """,
                    binds: binds))
            return page.page(of: try rows.map(Self.account(from:))) { PageCursor(id: $0.id) }
        }
    }

    public func deleteAccount(userID: Int64) async throws {
        // The user's deletion cascades to the account, its sessions and tokens (foreign keys).
        try await deleteUser(id: userID, cascade: true)
    }

    // MARK: Sessions

    public func createSession(_ session: NewSession, userID: Int64) async throws -> SessionInfo {
        try await writeBumping(bumpsRevision: false) { db, _ in
            _ = try await Self.fetchAccount(db, userID: userID)
            return try await Self.insertSession(db, session, userID: userID)
        }
    }

    public func identity(sessionHash: Data, now: Date, idleLimit: TimeInterval) async throws -> Identity? {
        let found: (Identity, Double)? = try await readStatements { db in
            try await db.rows(
                """
                SELECT s.id, s.user_id, s.last_seen_at, u.key, a.role
                FROM sessions s JOIN accounts a ON a.user_id = s.user_id JOIN users u ON u.id = s.user_id
                WHERE s.secret_hash = \(sessionHash)
                """
            ).first.map { row in
                let (id, userID, lastSeen, key, role) = try row.decode((Int64, Int64, Double, String, String).self)
                return (
                    Identity(
                        userID: userID, username: key, role: Role(rawValue: role) ?? .member,
                        proof: .session(sessionID: id)), lastSeen
                )
            }
        }
        guard let (identity, lastSeen) = found, case .session(let sessionID) = identity.proof else { return nil }
        switch CredentialRule.sessionUse(lastSeen: lastSeen, now: now, idleLimit: idleLimit) {
        case .expired:
            try await endSession(secretHash: sessionHash)
            return nil
        case .touch:
            try await writeBumping(bumpsRevision: false) { db, _ in
                try await db.execute(
                    "UPDATE sessions SET last_seen_at = \(now.timeIntervalSince1970) WHERE id = \(sessionID)")
            }
        case .current: break
        }
        return identity
    }

    public func sessions(userID: Int64, now: Date, idleLimit: TimeInterval) async throws -> [SessionInfo] {
        let since = now.timeIntervalSince1970 - idleLimit
        return try await readStatements { db in
            try await db.rows(
                """
                SELECT id, created_at, last_seen_at, user_agent FROM sessions
                WHERE user_id = \(userID) AND last_seen_at >= \(since) ORDER BY last_seen_at DESC, id DESC
                """
            ).map(Self.sessionInfo)
        }
    }

    public func endSession(secretHash: Data) async throws {
        try await writeBumping(bumpsRevision: false) { db, _ in
            try await db.execute("DELETE FROM sessions WHERE secret_hash = \(secretHash)")
        }
    }

    public func endSession(id: Int64, userID: Int64) async throws {
        try await writeBumping(bumpsRevision: false) { db, _ in
            guard try await db.changes(
                "DELETE FROM sessions WHERE id = \(id) AND user_id = \(userID) RETURNING 1") == 1
            else { throw HabitsError.notFound(kind: .session, id: String(id)) }
        }
    }

    public func endSessions(userID: Int64, keeping: Data?) async throws {
        try await writeBumping(bumpsRevision: false) { db, _ in
            try await Self.deleteSessions(db, userID: userID, keeping: keeping)
        }
    }

    // MARK: Tokens

    public func createToken(
        name: String, scope: TokenScope, secretHash: Data, userID: Int64, now: Date
    ) async throws -> APIToken {
        try await writeBumping(bumpsRevision: false) { db, _ in
            // The account's row lock orders its token creations, so the bound holds under concurrency.
            guard try await db.changes("SELECT 1 FROM accounts WHERE user_id = \(userID) FOR UPDATE") == 1 else {
                throw HabitsError.notFound(kind: .account, id: String(userID))
            }
            try CredentialRule.checkNewToken(
                held: try await db.int("SELECT COUNT(*)::bigint FROM api_tokens WHERE user_id = \(userID)"))
            let time = now.timeIntervalSince1970
            let id = try await db.value(
                """
                INSERT INTO api_tokens (secret_hash, user_id, name, scope, created_at)
                VALUES (\(secretHash), \(userID), \(name), \(scope.rawValue), \(time)) RETURNING id
                """, as: Int64.self) ?? 0
            return APIToken(id: id, name: name, scope: scope, createdAt: Date(timeIntervalSince1970: time))
        }
    }

    public func tokens(userID: Int64) async throws -> [APIToken] {
        try await readStatements { db in
            try await db.rows(
                """
                SELECT id, name, scope, created_at, last_used_at FROM api_tokens
                WHERE user_id = \(userID) ORDER BY id DESC
                """
            ).map { row in
                let (id, name, scope, created, used) = try row.decode((Int64, String, String, Double, Double?).self)
                return APIToken(
                    id: id, name: name, scope: TokenScope(rawValue: scope) ?? .read,
                    createdAt: Date(timeIntervalSince1970: created),
                    lastUsedAt: used.map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    public func identity(tokenHash: Data, now: Date) async throws -> Identity? {
        let found: (Identity, Double?)? = try await readStatements { db in
            try await db.rows(
                """
                SELECT t.id, t.user_id, t.scope, t.last_used_at, u.key, a.role
                FROM api_tokens t JOIN accounts a ON a.user_id = t.user_id JOIN users u ON u.id = t.user_id
                WHERE t.secret_hash = \(tokenHash)
                """
            ).first.map { row in
                let (id, userID, scope, used, key, role) = try row.decode(
                    (Int64, Int64, String, Double?, String, String).self)
                return (
                    Identity(
                        userID: userID, username: key, role: Role(rawValue: role) ?? .member,
                        proof: .token(tokenID: id, scope: TokenScope(rawValue: scope) ?? .read)), used
                )
            }
        }
        guard let (identity, lastUsed) = found, case .token(let tokenID, _) = identity.proof else { return nil }
        if CredentialRule.tokenUse(lastUsed: lastUsed, now: now) == .touch {
            try await writeBumping(bumpsRevision: false) { db, _ in
                try await db.execute(
                    "UPDATE api_tokens SET last_used_at = \(now.timeIntervalSince1970) WHERE id = \(tokenID)")
            }
        }
        return identity
    }

    public func deleteToken(id: Int64, userID: Int64) async throws {
        try await writeBumping(bumpsRevision: false) { db, _ in
            guard try await db.changes(
                "DELETE FROM api_tokens WHERE id = \(id) AND user_id = \(userID) RETURNING 1") == 1
            else { throw HabitsError.notFound(kind: .token, id: String(id)) }
        }
    }

    // MARK: Calendar feeds

    public func replaceCalendarFeed(userID: Int64, secretHash: Data, now: Date) async throws {
        try await writeBumping(bumpsRevision: false) { db, _ in
            _ = try await db.fetchUser(id: userID)
            try await db.execute(
                """
                INSERT INTO calendar_feeds (user_id, secret_hash, created_at)
                VALUES (\(userID), \(secretHash), \(now.timeIntervalSince1970))
                ON CONFLICT (user_id) DO UPDATE SET secret_hash = excluded.secret_hash,
                    created_at = excluded.created_at
                """)
        }
    }

    public func removeCalendarFeed(userID: Int64) async throws {
        try await writeBumping(bumpsRevision: false) { db, _ in
            try await db.execute("DELETE FROM calendar_feeds WHERE user_id = \(userID)")
        }
    }

    public func calendarFeedOwner(secretHash: Data) async throws -> Int64? {
        try await read { db in
            try await db.value("SELECT user_id FROM calendar_feeds WHERE secret_hash = \(secretHash)", as: Int64.self)
        }
    }

    public func hasCalendarFeed(userID: Int64) async throws -> Bool {
        try await read { db in
            try await db.value("SELECT user_id FROM calendar_feeds WHERE user_id = \(userID)", as: Int64.self) != nil
        }
    }

    // MARK: Rows

    static func fetchAccount(_ db: PostgresSession, userID: Int64) async throws -> Account {
        let query = PostgresQuery(
            unsafeSQL: """
                SELECT \(PostgresRows.userColumns("u.")), a.role, a.created_at
                FROM accounts a JOIN users u ON u.id = a.user_id WHERE a.user_id = $1
                """,
            binds: PostgresRows.binds(userID))
        guard let row = try await db.rows(query).first else {
            throw HabitsError.notFound(kind: .account, id: String(userID))
        }
        return try account(from: row)
    }

    /// An account from a row of the user's columns (`PostgresRows.userColumns`), then role and created_at.
    static func account(from row: PostgresRow) throws -> Account {
        let user = try PostgresRows.user(row)
        let columns = row.makeRandomAccess()
        // After the user's columns: role, then created_at.
        let role = try columns[10].decode(String.self)
        let created = try columns[11].decode(Double.self)
        return Account(
            user: user, username: user.key, role: Role(rawValue: role) ?? .member,
            visibility: user.visibility, createdAt: Date(timeIntervalSince1970: created))
    }

    static func insertSession(_ db: PostgresSession, _ session: NewSession, userID: Int64) async throws -> SessionInfo {
        let time = session.createdAt.timeIntervalSince1970
        let id = try await db.value(
            """
            INSERT INTO sessions (secret_hash, user_id, created_at, last_seen_at, user_agent)
            VALUES (\(session.secretHash), \(userID), \(time), \(time), \(session.userAgent)) RETURNING id
            """, as: Int64.self) ?? 0
        let instant = Date(timeIntervalSince1970: time)
        return SessionInfo(id: id, createdAt: instant, lastSeenAt: instant, userAgent: session.userAgent)
    }

    static func deleteSessions(_ db: PostgresSession, userID: Int64, keeping: Data?) async throws {
        if let keeping {
            try await db.execute("DELETE FROM sessions WHERE user_id = \(userID) AND secret_hash <> \(keeping)")
        } else {
            try await db.execute("DELETE FROM sessions WHERE user_id = \(userID)")
        }
    }

    static func sessionInfo(_ row: PostgresRow) throws -> SessionInfo {
        let (id, created, seen, agent) = try row.decode((Int64, Double, Double, String?).self)
        return SessionInfo(
            id: id, createdAt: Date(timeIntervalSince1970: created), lastSeenAt: Date(timeIntervalSince1970: seen),
            userAgent: agent)
    }
}

extension Optional {
    /// The value transformed by an async function, or nil.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
