import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// Accounts, sessions and tokens as every store keeps them.
@Suite struct AccountStoreTests {
    static let idle: TimeInterval = 30 * 24 * 60 * 60

    func session(_ byte: UInt8, at date: Date = Fixture.now) -> NewSession {
        NewSession(secretHash: Data(repeating: byte, count: 32), createdAt: date, userAgent: "Test/\(byte)")
    }

    @Test(arguments: StoreImplementation.allCases)
    func theFirstAccountAdministersAndUsernamesAreUniqueRegardlessOfCase(
        implementation: StoreImplementation
    ) async throws {
        try await withStore(implementation) { store in
            #expect(try await store.accountCount() == 0)
            let (first, firstSession) = try await store.createAccount(
                newUser("Ada"), passwordHash: "$2b$hash-a", visibility: .public, session: session(1))
            #expect(first.role == .administrator)
            #expect(first.username == "Ada")
            #expect(firstSession != nil)
            let (second, none) = try await store.createAccount(
                newUser("bob"), passwordHash: "$2b$hash-b", visibility: .private, session: nil)
            #expect(second.role == .member)
            #expect(second.visibility == .private)
            #expect(none == nil)
            #expect(try await store.accountCount() == 2)
            // Taken by an account, and by a user key of the fixture, whatever the case.
            for taken in ["ADA", "ada", "USER0"] {
                await #expect(throws: HabitsError.self) {
                    _ = try await store.createAccount(
                        newUser(taken), passwordHash: "x", visibility: .public, session: nil)
                }
            }
            #expect(try await store.accountCount() == 2)
            #expect(
                try await store.credentials(username: "aDa")
                    == StoredCredentials(userID: first.id, passwordHash: "$2b$hash-a"))
            #expect(try await store.credentials(username: "nobody") == nil)
            #expect(try await store.account(userID: second.id) == second)
            // A user without an account is not one.
            let plain = try await userID(store, key: "user0")
            await #expect(throws: HabitsError.notFound(kind: .account, id: String(plain))) {
                _ = try await store.account(userID: plain)
            }
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func sessionsResolveExpireAndEnd(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let (account, _) = try await store.createAccount(
                newUser("ada"), passwordHash: "h", visibility: .public, session: session(1))
            let second = try await store.createSession(session(2), userID: account.id)
            _ = try await store.createSession(session(3), userID: account.id)
            let identity = try #require(
                try await store.identity(sessionHash: session(2).secretHash, now: Fixture.now, idleLimit: Self.idle))
            #expect(identity.userID == account.id)
            #expect(identity.username == "ada")
            #expect(identity.role == .administrator)
            #expect(identity.proof == .session(sessionID: second.id))
            #expect(try await store.sessions(userID: account.id, now: Fixture.now, idleLimit: Self.idle).count == 3)
            // Idle past the limit: gone.
            let late = Fixture.now.addingTimeInterval(Self.idle + 1)
            #expect(
                try await store.identity(sessionHash: session(3).secretHash, now: late, idleLimit: Self.idle) == nil)
            #expect(
                try await store.identity(
                    sessionHash: Data(repeating: 9, count: 32), now: Fixture.now, idleLimit: Self.idle) == nil)
            // Ending one by number only works for its owner.
            let (other, _) = try await store.createAccount(
                newUser("bob"), passwordHash: "h", visibility: .public, session: nil)
            await #expect(throws: HabitsError.notFound(kind: .session, id: String(second.id))) {
                try await store.endSession(id: second.id, userID: other.id)
            }
            try await store.endSession(id: second.id, userID: account.id)
            #expect(
                try await store.identity(sessionHash: session(2).secretHash, now: Fixture.now, idleLimit: Self.idle)
                    == nil)
            // Signing out everywhere but here.
            _ = try await store.createSession(session(4), userID: account.id)
            try await store.endSessions(userID: account.id, keeping: session(4).secretHash)
            let left = try await store.sessions(userID: account.id, now: Fixture.now, idleLimit: Self.idle)
            #expect(left.count == 1)
            try await store.endSession(secretHash: session(4).secretHash)
            #expect(try await store.sessions(userID: account.id, now: Fixture.now, idleLimit: Self.idle).isEmpty)
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func aNewPasswordEndsEveryOtherSession(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let (account, _) = try await store.createAccount(
                newUser("ada"), passwordHash: "old", visibility: .public, session: session(1))
            _ = try await store.createSession(session(2), userID: account.id)
            try await store.setPasswordHash("new", userID: account.id, keeping: session(2).secretHash)
            #expect(try await store.credentials(userID: account.id).passwordHash == "new")
            #expect(
                try await store.identity(sessionHash: session(1).secretHash, now: Fixture.now, idleLimit: Self.idle)
                    == nil)
            #expect(
                try await store.identity(sessionHash: session(2).secretHash, now: Fixture.now, idleLimit: Self.idle)
                    != nil)
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func tokensAreListedWithoutSecretsAndRevokedAtOnce(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let (account, _) = try await store.createAccount(
                newUser("ada"), passwordHash: "h", visibility: .public, session: nil)
            let (other, _) = try await store.createAccount(
                newUser("bob"), passwordHash: "h", visibility: .public, session: nil)
            let read = try await store.createToken(
                name: "laptop", scope: .read, secretHash: Data(repeating: 7, count: 32), userID: account.id,
                now: Fixture.now)
            let write = try await store.createToken(
                name: "cli", scope: .write, secretHash: Data(repeating: 8, count: 32), userID: account.id,
                now: Fixture.now)
            #expect(try await store.tokens(userID: account.id).map(\.id) == [write.id, read.id])
            #expect(try await store.tokens(userID: other.id).isEmpty)
            let identity = try #require(
                try await store.identity(tokenHash: Data(repeating: 7, count: 32), now: Fixture.now))
            #expect(identity.proof == .token(tokenID: read.id, scope: .read))
            #expect(!identity.mayWrite)
            #expect(try await store.tokens(userID: account.id).first { $0.id == read.id }?.lastUsedAt != nil)
            await #expect(throws: HabitsError.notFound(kind: .token, id: String(read.id))) {
                try await store.deleteToken(id: read.id, userID: other.id)
            }
            try await store.deleteToken(id: read.id, userID: account.id)
            #expect(try await store.identity(tokenHash: Data(repeating: 7, count: 32), now: Fixture.now) == nil)
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func rolesAndVisibilityChange(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            _ = try await store.createAccount(newUser("ada"), passwordHash: "h", visibility: .public, session: nil)
            let (bob, _) = try await store.createAccount(
                newUser("bob"), passwordHash: "h", visibility: .public, session: nil)
            #expect(try await store.setRole(.administrator, username: "BOB").role == .administrator)
            await #expect(throws: HabitsError.notFound(kind: .account, id: "carol")) {
                try await store.setRole(.administrator, username: "carol")
            }
            let before = store.currentRevision()
            #expect(try await store.setVisibility(.private, userID: bob.id).visibility == .private)
            #expect(store.currentRevision() > before)
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func theLastAdministratorKeepsTheRoleEvenWhenTwoDemoteEachOtherAtOnce(
        implementation: StoreImplementation
    ) async throws {
        try await withStore(implementation) { store in
            let (ada, _) = try await store.createAccount(
                newUser("ada"), passwordHash: "h", visibility: .public, session: nil)
            let (bob, _) = try await store.createAccount(
                newUser("bob"), passwordHash: "h", visibility: .public, session: nil)
            await #expect(throws: StoreRefusal.lastAdministrator) { try await store.setRole(.member, username: "ada") }
            for _ in 0..<5 {
                _ = try await store.setRole(.administrator, username: "bob")
                _ = try await store.setRole(.administrator, username: "ada")
                // Each takes the other's role at the same moment: one of them must be refused.
                async let adaDemoted = try? await store.setRole(.member, username: "ada")
                async let bobDemoted = try? await store.setRole(.member, username: "bob")
                let demoted = [await adaDemoted, await bobDemoted].compactMap { $0 }
                #expect(demoted.count == 1, "one of two demotions goes through, the other is refused")
                let roles = [try await store.account(userID: ada.id), try await store.account(userID: bob.id)]
                    .filter { $0.role == .administrator }
                #expect(roles.count == 1)
            }
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func accountsAreListedInIDOrderWithTheirRolesAndWithoutPlainUsers(
        implementation: StoreImplementation
    ) async throws {
        try await withStore(implementation) { store in
            var made: [Account] = []
            for name in ["ada", "bob", "carol", "dan", "eve"] {
                let made1 = try await store.createAccount(
                    newUser(name), passwordHash: "h", visibility: .public, session: nil)
                made.append(made1.0)
            }
            made[2] = try await store.setRole(.administrator, username: "carol")
            // Two at a time: the pages neither repeat nor skip, and the fixture's users, who have no account, are
            // not among them.
            var listed: [Account] = []
            var request = PageRequest(limit: 2)
            while true {
                let page = try await store.accounts(page: request)
                listed += page.items
                guard let next = page.nextCursor else { break }
                request.after = try PageCursor(encoded: next)
            }
            #expect(listed == made)
            #expect(listed.map(\.role) == [.administrator, .member, .administrator, .member, .member])
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func deletingAnAccountDeletesItsLogsSessionsAndTokens(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let (account, _) = try await store.createAccount(
                newUser("ada"), passwordHash: "h", visibility: .public, session: session(1))
            _ = try await store.createToken(
                name: "t", scope: .write, secretHash: Data(repeating: 5, count: 32), userID: account.id,
                now: Fixture.now)
            let run = try await habitID(store, named: "Run")
            _ = try await store.createLogs([LogDraft(userID: account.id, habitID: run, timestamp: Fixture.now)])
            try await store.deleteAccount(userID: account.id)
            #expect(
                try await store.identity(sessionHash: session(1).secretHash, now: Fixture.now, idleLimit: Self.idle)
                    == nil)
            #expect(try await store.identity(tokenHash: Data(repeating: 5, count: 32), now: Fixture.now) == nil)
            #expect(try await store.credentials(username: "ada") == nil)
            await #expect(throws: HabitsError.notFound(kind: .user, id: String(account.id))) {
                _ = try await store.user(id: account.id)
            }
            // The username is free again.
            _ = try await store.createAccount(newUser("ada"), passwordHash: "h", visibility: .public, session: nil)
        }
    }
}
