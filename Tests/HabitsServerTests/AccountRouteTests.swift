import Foundation
import HTTPTypes
import HabitsDomain
import HabitsSQLite
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Signing up, in and out, sessions, passwords and the account itself, through the real application.
@Suite struct AccountRouteTests {
    @Test func signingUpSignsInAndTheFirstAccountAdministers() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let response = try await client.send(
                "/v1/auth/signup", .post,
                body(
                    #"{"username":"Ada","password":"correct horse battery","name":"Ada L.","timeZone":"Europe/London"}"#
                ))
            #expect(response.status == .created)
            #expect(response.headers[.location] == "/v1/me")
            let setCookie = try #require(response.headers[values: .setCookie].first)
            for attribute in ["HttpOnly", "SameSite=Lax", "Path=/"] { #expect(setCookie.contains(attribute)) }
            #expect(!setCookie.contains("Secure"), "a plain-http request gets no Secure cookie")
            #expect(!String(buffer: response.body).contains("correct horse"))
            let ada = SignedIn(
                account: try decodeV1(Account.self, response), cookie: try #require(sessionCookie(response)))
            #expect(ada.account.role == .administrator)
            #expect(ada.account.username == "Ada" && ada.account.user.timeZone == "Europe/London")

            #expect(try decodeV1(Account.self, try await client.send("/v1/me", as: ada)) == ada.account)
            try expectError(try await client.send("/v1/me", as: nil), .unauthorized, code: "unauthenticated")
            let bob = try await client.signUp("bob")
            #expect(bob.account.role == .member)

            // Taken regardless of case; weak, common, or over-long passwords; bad usernames.
            let refused: [(String, HTTPResponse.Status)] = [
                (#"{"username":"ADA","password":"another good one","name":"X"}"#, .conflict),
                (#"{"username":"user0","password":"another good one","name":"X"}"#, .conflict),
                (#"{"username":"carol","password":"short","name":"X"}"#, .unprocessableContent),
                (#"{"username":"carol","password":"1234567890","name":"X"}"#, .unprocessableContent),
                (
                    #"{"username":"carol","password":"\#(String(repeating: "x", count: 1_025))","name":"X"}"#,
                    .unprocessableContent
                ),
                (#"{"username":"c","password":"another good one","name":"X"}"#, .unprocessableContent),
                (#"{"username":"carol","password":"another good one"}"#, .badRequest),
            ]
            for (json, status) in refused {
                let answer = try await client.send("/v1/auth/signup", .post, body(json))
                try expectError(answer, status)
                #expect(sessionCookie(answer) == nil)
            }
            #expect(try await store.accountCount() == 2)
        }
    }

    @Test func aWrongUsernameAndAWrongPasswordAnswerAlikeAndRepeatedFailuresWait() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("ada")
            let wrongName = try await client.signIn("nobody")
            let wrongPassword = try await client.signIn("ada", password: "not the password")
            try expectError(wrongName, .unauthorized, code: "unauthenticated")
            try expectError(wrongPassword, .unauthorized, code: "unauthenticated")
            #expect(String(buffer: wrongName.body) == String(buffer: wrongPassword.body))
            // Signing in works regardless of the username's case.
            let right = try await client.signIn("ADA")
            #expect(right.status == .ok)
            #expect(sessionCookie(right) != nil)
            // Five failures per username in 15 minutes (a success starts again): then 429 with Retry-After,
            // even for the right password.
            for _ in 0..<5 { _ = try await client.signIn("ada", password: "still not it") }
            let limited = try await client.signIn("ada")
            try expectError(limited, .tooManyRequests, code: "too_many_attempts")
            let wait = try #require(limited.headers[.retryAfter].flatMap { Int($0) })
            #expect(wait > 0 && wait <= 15 * 60)
        }
    }

    @Test func signingInRotatesTheSessionAndSigningOutEndsIt() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let first = try await client.signUp("ada")
            // Signing in again from the same browser replaces its session.
            let again = try await client.execute(
                uri: "/v1/auth/signin", method: .post, headers: first.headers,
                body: body(#"{"username":"ada","password":"correct horse battery staple"}"#)
            ) { $0 }
            let second = SignedIn(account: first.account, cookie: try #require(sessionCookie(again)))
            #expect(second.cookie != first.cookie)
            try expectError(try await client.send("/v1/me", as: first), .unauthorized)
            #expect(try await client.send("/v1/me", as: second).status == .ok)

            let sessions = try decodeV1([SessionInfo].self, try await client.send("/v1/me/sessions", as: second))
            #expect(sessions.count == 1 && sessions[0].isCurrent)

            let signOut = try await client.send("/v1/auth/signout", .post, as: second)
            #expect(signOut.status == .noContent)
            #expect(
                signOut.headers[values: .setCookie].contains {
                    $0.hasPrefix("habits_session=;") && $0.contains("Max-Age=0")
                })
            try expectError(try await client.send("/v1/me", as: second), .unauthorized)
        }
    }

    @Test func aNewPasswordEndsEveryOtherSessionAndDeletingNeedsThePassword() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let here = try await client.signUp("ada")
            let there = SignedIn(
                account: here.account, cookie: try #require(sessionCookie(try await client.signIn("ada"))))
            try expectError(
                try await client.send(
                    "/v1/me/password", .post, body(#"{"oldPassword":"wrong one!!","newPassword":"a new passphrase"}"#),
                    as: here), .forbidden)
            let changed = try await client.send(
                "/v1/me/password", .post,
                body(#"{"oldPassword":"correct horse battery staple","newPassword":"a new passphrase"}"#), as: here)
            #expect(changed.status == .noContent)
            #expect(try await client.send("/v1/me", as: here).status == .ok)
            try expectError(try await client.send("/v1/me", as: there), .unauthorized)
            #expect(try await client.signIn("ada", password: "a new passphrase").status == .ok)

            try expectError(
                try await client.send("/v1/me", .delete, body(#"{"password":"nope nope nope"}"#), as: here), .forbidden)
            #expect(
                try await client.send("/v1/me", .delete, body(#"{"password":"a new passphrase"}"#), as: here).status
                    == .noContent)
            try expectError(try await client.send("/v1/me", as: here), .unauthorized)
            #expect(try await store.credentials(username: "ada") == nil)
        }
    }

    @Test func theAccountChangesItsFieldsAndVisibility() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let patched = try await client.send(
                "/v1/me", .patch, body(#"{"bio":"Early riser.","visibility":"private","timeZone":"Asia/Tokyo"}"#),
                as: ada)
            #expect(patched.status == .ok)
            let account = try decodeV1(Account.self, patched)
            #expect(account.visibility == .private && account.user.bio == "Early riser.")
            #expect(account.user.timeZone == "Asia/Tokyo")
            // A bad field changes nothing, visibility included.
            try expectError(
                try await client.send(
                    "/v1/me", .patch, body(#"{"timeZone":"Mars/Olympus","visibility":"public"}"#), as: ada),
                .unprocessableContent)
            try expectError(
                try await client.send("/v1/me", .patch, body(#"{"visibility":"everyone"}"#), as: ada), .badRequest)
            #expect(try await store.account(userID: ada.account.id) == account)
        }
    }
}
