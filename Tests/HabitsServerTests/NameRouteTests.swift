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

/// Nobody can pass for somebody else: through the real application, a username or display name that looks
/// like another member's is refused with 422 naming the field, on sign-up, on `PATCH /v1/me` and on the
/// account page; the invisible blank a name could hide behind is refused too.
@Suite struct NameRouteTests {
    let forms = WebAccountRouteTests()

    @Test func lookAlikeNamesAreRefusedWhereverANameIsWritten() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let alice = try await client.signUp("alice")
            let bob = try await client.signUp("bob")
            // `aIice` with a capital I, named like her.
            let lookAlike = try await client.send(
                "/v1/auth/signup", .post,
                body(#"{"username":"aIice","password":"correct horse battery staple","name":"Someone"}"#))
            try expectError(lookAlike, .unprocessableContent, code: "invalid")
            #expect(String(buffer: lookAlike.body).contains("username: looks like another member"))
            let cyrillic = try await client.send(
                "/v1/auth/signup", .post,
                body(#"{"username":"carol","password":"correct horse battery staple","name":"Аlice"}"#))
            try expectError(cyrillic, .unprocessableContent, code: "invalid")
            #expect(try await store.credentials(username: "carol") == nil)

            let renamed = try await client.send("/v1/me", .patch, body(#"{"name":"aIice"}"#), as: bob)
            try expectError(renamed, .unprocessableContent, code: "invalid")
            #expect(String(buffer: renamed.body).contains("name: looks like another member"))
            let blank = try await client.send("/v1/me", .patch, body("{\"name\":\"Bob\u{2800}\"}"), as: bob)
            try expectError(blank, .unprocessableContent, code: "invalid")
            #expect(try await store.user(id: bob.account.id).name == "Bob")
            // The account page's form says the same.
            let page = try await forms.post(
                client, "/account", "name=aIice&timeZone=UTC&locale=en_US&visibility=public", cookie: bob.cookie)
            #expect(page.status == .unprocessableContent)
            #expect(String(buffer: page.body).contains("looks like another member"))
            #expect(alice.account.user.name == "Alice")
        }
    }
}
