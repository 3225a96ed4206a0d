import Foundation
import HTTPTypes
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HabitsServer

/// Who may do what in accounts mode: every write acts as the signed-in account, the catalogue is the
/// administrators', tokens carry their scope, and the course API and viewer picker are open mode's.
@Suite struct AccessRouteTests {
    @Test func aWriteNamingSomeoneElseIsRefusedAndChangesNothing() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let adaID = ada.account.id
            let revision = store.currentRevision()
            let attempts: [(String, HTTPRequest.Method, String?)] = [
                ("/v1/users/\(adaID)/favorites/1", .put, nil),
                ("/v1/users/\(adaID)/following/1", .put, nil),
                ("/v1/users/\(adaID)", .patch, #"{"name":"Mallory"}"#),
                ("/v1/users/\(adaID)/habits/1/days/2026-03-09", .put, nil),
                ("/v1/users/\(adaID)/programs/1", .put, nil),
                ("/v1/users/\(adaID)/emoji-picks", .post, #"{"emoji":"🏃"}"#),
                ("/v1/logs", .post, #"{"userID":\#(adaID),"habitID":1}"#),
                (
                    "/v1/logs/batch", .post,
                    #"{"logs":[{"userID":\#(bob.account.id),"habitID":1,"timestamp":"2026-03-09T10:00:00Z"},"#
                        + #"{"userID":\#(adaID),"habitID":1,"timestamp":"2026-03-09T10:00:00Z"}]}"#
                ),
                ("/v1/help/questions", .post, #"{"question":"Why?","authorID":\#(adaID)}"#),
            ]
            for (uri, method, json) in attempts {
                try expectError(
                    try await client.send(uri, method, json.map(body), as: bob), .forbidden, code: "forbidden")
                try expectError(try await client.send(uri, method, json.map(body), as: nil), .unauthorized)
            }
            #expect(store.currentRevision() == revision, "nothing was written")
            // Ada's own log cannot be deleted by Bob, but by Ada.
            let log = try decodeV1(
                Log.self, try await client.send("/v1/logs", .post, body(#"{"userID":\#(adaID),"habitID":1}"#), as: ada))
            try expectError(try await client.send("/v1/logs/\(log.id)", .delete, as: bob), .forbidden)
            #expect(try await client.send("/v1/logs/\(log.id)", .delete, as: ada).status == .noContent)
            // Acting as yourself works.
            #expect(
                try await client.send("/v1/users/\(bob.account.id)/favorites/1", .put, as: bob).status == .noContent)
            // Accounts come from signing up, and go with their password.
            try expectError(try await client.send("/v1/users", .post, body(#"{"name":"X"}"#), as: ada), .forbidden)
            try expectError(try await client.send("/v1/users/\(adaID)?cascade=true", .delete, as: ada), .forbidden)
        }
    }

    @Test func onlyAdministratorsWriteTheCatalogue() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let admin = try await client.signUp("ada")
            let member = try await client.signUp("bob")
            let category = #"{"name":"Mind","color":{"h":0.1,"s":0.5,"b":0.5}}"#
            try expectError(try await client.send("/v1/categories", .post, body(category), as: member), .forbidden)
            try expectError(try await client.send("/v1/habits/1", .delete, as: member), .forbidden)
            try expectError(
                try await client.send("/v1/help/tags", .post, body(#"{"name":"Billing"}"#), as: member), .forbidden)
            try expectError(
                try await client.send(
                    "/v1/help/questions", .post,
                    body(#"{"question":"Why?","answer":"Because.","authorID":\#(member.account.id)}"#), as: member),
                .forbidden)
            #expect(try await client.send("/v1/categories", .post, body(category), as: admin).status == .created)
            // Members may read the catalogue and ask their own questions.
            #expect(try await client.send("/v1/categories", as: member).status == .ok)
            let asked = try await client.send(
                "/v1/help/questions", .post, body(#"{"question":"How?","authorID":\#(member.account.id)}"#), as: member)
            #expect(asked.status == .created)
            // `habits admin grant` makes more administrators (another process: a session signed in since sees it
            // at once, one already open within the identity cache's few seconds).
            try await store.setRole(.administrator, username: "bob")
            let again = try #require(sessionCookie(try await client.signIn("bob")))
            let granted = SignedIn(account: member.account, cookie: again)
            #expect(try await client.send("/v1/habits/1", .delete, as: granted).status != .forbidden)
        }
    }

    @Test func tokensActWithinTheirScopeUntilRevoked() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let issued = try await client.send(
                "/v1/me/tokens", .post, body(#"{"name":"cli","scope":"write"}"#), as: ada)
            #expect(issued.status == .created)
            let write = try #require(
                try JSONSerialization.jsonObject(with: Data(issued.body.readableBytesView)) as? [String: Any])
            let writeToken = try #require(write["token"] as? String)
            #expect(writeToken.hasPrefix("habits_"))
            let readToken =
                try #require(
                    try JSONSerialization.jsonObject(
                        with: Data(
                            try await client.send(
                                "/v1/me/tokens", .post, body(#"{"name":"feed","scope":"read"}"#), as: ada
                            )
                            .body.readableBytesView)) as? [String: Any])["token"] as? String

            let listed = try await client.send("/v1/me/tokens", as: ada)
            #expect(!String(buffer: listed.body).contains(writeToken))
            #expect(try decodeV1([APIToken].self, listed).count == 2)

            let logBody = body(#"{"userID":\#(ada.account.id),"habitID":1}"#)
            #expect(try await client.send("/v1/logs", .post, logBody, bearer: writeToken).status == .created)
            #expect(try await client.send("/v1/me", bearer: try #require(readToken)).status == .ok)
            try expectError(
                try await client.send("/v1/logs", .post, logBody, bearer: try #require(readToken)), .forbidden)

            // A token manages no credentials: a leaked one cannot make more, nor sign its owner out.
            try expectError(
                try await client.send(
                    "/v1/me/tokens", .post, body(#"{"name":"more","scope":"write"}"#), bearer: writeToken),
                .forbidden)
            try expectError(try await client.send("/v1/auth/signout-everywhere", .post, bearer: writeToken), .forbidden)
            #expect(try await client.send("/v1/me", as: ada).status == .ok)

            // A token revokes itself (`habits logout`), and no other of the account's.
            let id = try #require(write["id"] as? Int)
            let feedID = try #require(try decodeV1([APIToken].self, listed).first { $0.name == "feed" }?.id)
            try expectError(try await client.send("/v1/me/tokens/\(feedID)", .delete, bearer: writeToken), .forbidden)
            #expect(try await client.send("/v1/me/tokens/\(id)", .delete, bearer: writeToken).status == .noContent)
            try expectError(try await client.send("/v1/me", bearer: writeToken), .unauthorized)
            #expect(try await client.send("/v1/me/tokens/\(feedID)", .delete, as: ada).status == .noContent)
            try expectError(try await client.send("/v1/me", bearer: try #require(readToken)), .unauthorized)
            try expectError(try await client.send("/v1/me", bearer: "habits_not-a-token"), .unauthorized)
            try expectError(
                try await client.execute(uri: "/v1/me", method: .get, headers: [.authorization: "Basic YTpi"]) { $0 },
                .unauthorized)
        }
    }

    @Test func eachModeAnswersItsOwnRoutesOnly() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            for uri in ["/users", "/combinedStats", "/images/user0"] {
                try expectError(try await client.send(uri, as: ada), .notFound, code: "open_mode_only")
            }
            try expectError(
                try await client.send("/loggedHabit", .post, body("{}"), as: ada), .notFound, code: "open_mode_only")
            #expect(try await client.send("/healthz", as: nil).status == .ok)
            #expect(try await client.send("/openapi.yaml", as: nil).status == .ok)
        }
        try await makeApplication(store: store).test(.router) { client in
            try expectError(
                try await client.send("/v1/auth/signin", .post, body(#"{"username":"ada","password":"x"}"#)), .notFound,
                code: "accounts_mode_only")
            try expectError(try await client.send("/v1/me"), .notFound, code: "accounts_mode_only")
            #expect(try await client.send("/users").status == .ok)
        }
    }

    @Test func screensAreBuiltForTheSignedInAccount() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            try expectError(try await client.send("/v1/screens/home", as: nil), .unauthorized)
            let home = try await client.send("/v1/screens/home", as: ada)
            #expect(home.status == .ok)
            try expectError(try await client.send("/v1/screens/home?user=user0", as: ada), .forbidden)
            #expect(try await client.send("/v1/screens/home?user=ada", as: ada).status == .ok)
            // An anonymous browser is sent to sign in, and back afterwards.
            let page = try await client.send("/screens/log?x=1", as: nil)
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/signin?next=%2Fscreens%2Flog%3Fx%3D1")
            #expect(try await client.send("/screens/home", as: ada).status == .ok)
        }
    }

    @Test func aMemberSeesAnsweredQuestionsAndTheirOwnOnly() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let carol = try await client.signUp("carol")
            let asked = try decodeV1(
                Question.self,
                try await client.send(
                    "/v1/help/questions", .post, body(#"{"question":"Private matter?","authorID":\#(bob.account.id)}"#),
                    as: bob))
            let seen = try decodeV1(
                Page<Question>.self, try await client.send("/v1/help/questions?limit=200", as: carol))
            #expect(!seen.items.contains { $0.id == asked.id })
            try expectError(
                try await client.send("/v1/help/questions?viewer=\(bob.account.id)", as: carol), .forbidden)
            try expectError(try await client.send("/v1/help/questions/\(asked.id)", as: carol), .notFound)
            #expect(try await client.send("/v1/help/questions/\(asked.id)", as: bob).status == .ok)
            let own = try decodeV1(Page<Question>.self, try await client.send("/v1/help/questions?limit=200", as: bob))
            #expect(own.items.contains { $0.id == asked.id && $0.authorID == bob.account.id })

            // Once answered, everyone reads it, but who asked stays the author's and the help desk's.
            #expect(
                try await client.send(
                    "/v1/help/questions/\(asked.id)", .patch, body(#"{"answer":"Yes."}"#), as: ada
                ).status == .ok)
            let answered = try decodeV1(
                Question.self, try await client.send("/v1/help/questions/\(asked.id)", as: carol))
            #expect(answered.answer == "Yes." && answered.authorID == nil)
            let listed = try decodeV1(
                Page<Question>.self, try await client.send("/v1/help/questions?limit=200", as: carol))
            #expect(listed.items.contains { $0.id == asked.id })
            #expect(listed.items.allSatisfy { $0.authorID == nil })
            let byAuthor = try decodeV1(Question.self, try await client.send("/v1/help/questions/\(asked.id)", as: bob))
            #expect(byAuthor.authorID == bob.account.id)
            let byDesk = try decodeV1(Question.self, try await client.send("/v1/help/questions/\(asked.id)", as: ada))
            #expect(byDesk.authorID == bob.account.id)
        }
    }

    /// Many requests at once, each resolving its session, all answer: a lookup never holds a thread
    /// while it waits for a database connection.
    @Test(.timeLimit(.minutes(1))) func manySignedInRequestsAtOnceAllAnswer() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.live) { client in
            let ada = try await client.signUp("ada")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<96 {
                    let path = ["/v1/me", "/v1/screens/home", "/v1/users?limit=50"][index % 3]
                    group.addTask { try await client.send(path, as: ada).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.count == 96 && statuses.allSatisfy { $0 == .ok })
            #expect(try await client.send("/healthz", as: nil).status == .ok)
        }
    }

    /// Guesses sent at once cannot outrun the limit: each is counted before its password is checked.
    @Test func guessesSentAtOnceAreLimitedAsIfOneAfterAnother() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.live) { client in
            _ = try await client.signUp("ada")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<12 {
                    group.addTask { try await client.signIn("ada", password: "wrong guess \(index)").status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == 5)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 7)
        }
    }

    @Test func everyServedRouteHasAnAccessRule() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let router = makeDemoRouter(store: store)
        let matcher = RouteMatcher()
        for route in router.routes {
            let path = route.path.description
            let (pattern, _) = try #require(
                matcher.match(path.replacingOccurrences(of: "{", with: "x").replacingOccurrences(of: "}", with: "")),
                "\(path)")
            #expect(pattern.openAPIPath == path, "\(path) matched \(pattern)")
            #expect(AccessRule.rule(for: pattern, method: route.method) != nil, "\(route.method) \(path) has no rule")
        }
    }
}

/// The sign-in limiter: its windows, its answer, and its bound.
@Suite struct SignInLimiterTests {
    @Test func fiveAttemptsWaitUntilTheFirstLeavesTheWindow() {
        let limiter = SignInLimiter()
        let start = Date(timeIntervalSince1970: 1_000_000)
        let subject = SignInLimiter.Subject.usernameAtAddress("ada", "10.0.0.1")
        for minute in 0..<5 {
            #expect(limiter.reserve([subject], now: start.addingTimeInterval(Double(minute) * 60)) == nil)
        }
        #expect(limiter.reserve([subject], now: start.addingTimeInterval(5 * 60)) == 10 * 60)
        // A refused attempt counts nothing: the first still leaves the window on time.
        #expect(limiter.reserve([subject], now: start.addingTimeInterval(15 * 60 + 1)) == nil)
        #expect(limiter.reserve([.usernameAtAddress("bob", "10.0.0.1")], now: start) == nil)
        // A success takes its attempt back.
        let later = start.addingTimeInterval(3_600)
        for _ in 0..<4 { _ = limiter.reserve([.usernameAtAddress("carol", "10.0.0.1")], now: later) }
        #expect(limiter.reserve([.usernameAtAddress("carol", "10.0.0.1")], now: later) == nil)
        limiter.release(.usernameAtAddress("carol", "10.0.0.1"), at: later)
        #expect(limiter.reserve([.usernameAtAddress("carol", "10.0.0.1")], now: later) == nil)
        #expect(limiter.reserve([.usernameAtAddress("carol", "10.0.0.1")], now: later) != nil)
    }

    @Test func failuresFromOneAddressDoNotLockTheOwnerOutElsewhere() {
        let limiter = SignInLimiter()
        let now = Date(timeIntervalSince1970: 1_000_000)
        func attempt(_ address: String) -> Int? {
            limiter.reserve([.usernameAtAddress("carol", address), .username("carol")], now: now)
        }
        for _ in 0..<5 { #expect(attempt("10.0.0.66") == nil) }
        #expect(attempt("10.0.0.66") != nil)
        #expect(attempt("10.0.0.7") == nil)  // carol, at home
        // Only many addresses failing together lock the username everywhere.
        for index in 0..<94 { _ = attempt("10.1.\(index / 4).\(index % 4)") }
        #expect(attempt("10.0.0.8") != nil)
    }

    @Test func itHoldsNoMoreThanItsBound() {
        let limiter = SignInLimiter(maximumKeys: 1_000)
        let now = Date(timeIntervalSince1970: 1_000_000)
        for index in 0..<10_000 { _ = limiter.reserve([.address("10.0.\(index / 256).\(index % 256)")], now: now) }
        #expect(limiter.count <= 1_000)
    }
}

/// The identity cache: what it forgets, and its bound.
@Suite struct IdentityCacheTests {
    func identity(_ user: Int64) -> Identity {
        Identity(userID: user, username: "u\(user)", role: .member, proof: .session(sessionID: user))
    }

    @Test func aCredentialChangeForgetsTheAccountsEntries() {
        let cache = IdentityCache()
        let (first, second, other) = (Data([1]), Data([2]), Data([3]))
        cache.remember(identity(1), for: first)
        cache.remember(identity(1), for: second)
        cache.remember(identity(2), for: other)
        #expect(cache.identity(for: first) == identity(1))
        cache.forget(userID: 1)
        #expect(cache.identity(for: first) == nil && cache.identity(for: second) == nil)
        #expect(cache.identity(for: other) == identity(2))
        cache.forget(hash: other)
        #expect(cache.identity(for: other) == nil)
    }

    @Test func entriesExpireAndTheCacheStaysBounded() async throws {
        let short = IdentityCache(lifetime: .milliseconds(1))
        short.remember(identity(1), for: Data([1]))
        try await Task.sleep(for: .milliseconds(5))
        #expect(short.identity(for: Data([1])) == nil)
        let small = IdentityCache(capacity: 100)
        for index in 0..<1_000 { small.remember(identity(Int64(index)), for: Data("\(index)".utf8)) }
        #expect(small.count <= 100)
    }
}
