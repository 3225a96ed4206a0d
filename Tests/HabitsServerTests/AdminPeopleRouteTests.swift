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

/// `/admin/people` through the real application: roles granted and taken back (never from the last
/// administrator), accounts removed after a ticked box (never one's own), a page at a time.
@Suite struct AdminPeopleRouteTests {
    let forms = WebAccountRouteTests()

    func role(_ who: SignedIn, _ store: any HabitStore) async throws -> Role {
        try await store.account(userID: who.account.id).role
    }

    @Test func rolesAreGrantedAndTakenBackButNeverFromTheLastAdministrator() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            _ = try await client.send("/v1/me", .patch, body(#"{"name":"<b>Bob</b> \"the 'builder'\""}"#), as: bob)
            let index = String(buffer: try await forms.get(client, "/admin", cookie: ada.cookie).body)
            #expect(index.contains(#"<a href="/admin/people">"#))
            let page = String(buffer: try await forms.get(client, "/admin/people", cookie: ada.cookie).body)
            #expect(page.contains("<strong>Ada</strong> <span>@ada</span>"))
            #expect(page.contains("administrator (you)"))
            #expect(page.contains("<strong>&lt;b&gt;Bob&lt;/b&gt; &quot;the &#39;builder&#39;&quot;</strong>"))
            #expect(!page.contains("<b>Bob"))
            #expect(page.components(separatedBy: #"value="remove""#).count == 2, "a removal form for Bob only")

            // The only administrator cannot give the role up: the refusal is on the page, and nothing changes.
            let alone = try await forms.post(
                client, "/admin/people", "action=revoke&id=\(ada.account.id)", cookie: ada.cookie)
            #expect(alone.status == .conflict)
            #expect(String(buffer: alone.body).contains("You are the last administrator"))
            #expect(try await role(ada, store) == .administrator)

            // Granted: Bob's open session administers from its next request.
            let granted = try await forms.post(
                client, "/admin/people", "action=grant&id=\(bob.account.id)", cookie: ada.cookie)
            #expect(granted.headers[.location] == "/admin/people?notice=granted")
            #expect(try await role(bob, store) == .administrator)
            #expect(try await forms.get(client, "/admin/people", cookie: bob.cookie).status == .ok)
            // Two administrators: either may take the other's role back, and the other is refused at once.
            let revoked = try await forms.post(
                client, "/admin/people", "action=revoke&id=\(ada.account.id)", cookie: bob.cookie)
            #expect(revoked.headers[.location] == "/admin/people?notice=revoked")
            #expect(try await role(ada, store) == .member)
            #expect(try await forms.get(client, "/admin/categories", cookie: ada.cookie).status == .forbidden)
            // Bob is the last one now.
            let last = try await forms.post(
                client, "/admin/people", "action=revoke&id=\(bob.account.id)", cookie: bob.cookie)
            #expect(last.status == .conflict)
            #expect(try await role(bob, store) == .administrator)
            // With Ada an administrator again, Bob may give his role up.
            _ = try await forms.post(client, "/admin/people", "action=grant&id=\(ada.account.id)", cookie: bob.cookie)
            let givenUp = try await forms.post(
                client, "/admin/people", "action=revoke&id=\(bob.account.id)", cookie: bob.cookie)
            // To his account page, since this one is closed to him now.
            #expect(givenUp.headers[.location] == "/account?notice=role-given-up")
            let account = String(
                buffer: try await forms.get(client, "/account?notice=role-given-up", cookie: bob.cookie).body)
            #expect(account.contains("You are a member now") && !account.contains(#"href="/admin""#))
            #expect(try await role(bob, store) == .member)
            #expect(try await role(ada, store) == .administrator)

            let unknown = try await forms.post(client, "/admin/people", "action=grant&id=999", cookie: ada.cookie)
            #expect(unknown.status == .notFound)
            let noAction = try await forms.post(
                client, "/admin/people", "action=promote&id=\(bob.account.id)", cookie: ada.cookie)
            #expect(noAction.status == .unprocessableContent)
        }
    }

    @Test func removingAnAccountNeedsTheTickedBoxAndIsNeverOnesOwn() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let unticked = try await forms.post(
                client, "/admin/people", "action=remove&id=\(bob.account.id)", cookie: ada.cookie)
            #expect(unticked.status == .unprocessableContent)
            #expect(String(buffer: unticked.body).contains("tick the box to confirm"))
            #expect(try await store.account(userID: bob.account.id).username == "bob")

            let own = try await forms.post(
                client, "/admin/people", "action=remove&id=\(ada.account.id)&confirm=yes", cookie: ada.cookie)
            #expect(own.status == .forbidden)
            #expect(String(buffer: own.body).contains("Delete your own account from your account page"))
            #expect(try await store.account(userID: ada.account.id).role == .administrator)

            let removed = try await forms.post(
                client, "/admin/people", "action=remove&id=\(bob.account.id)&confirm=yes", cookie: ada.cookie)
            #expect(removed.headers[.location] == "/admin/people?notice=removed")
            await #expect(throws: HabitsError.notFound(kind: .account, id: String(bob.account.id))) {
                try await store.account(userID: bob.account.id)
            }
            // Bob's session went with his account.
            #expect(try await forms.get(client, "/account", cookie: bob.cookie).status == .seeOther)
            let page = String(
                buffer: try await forms.get(client, "/admin/people?notice=removed", cookie: ada.cookie).body)
            #expect(page.contains("The account and everything it held are deleted.") && !page.contains("@bob"))
        }
    }

    @Test func accountsAreListedAPageAtATime() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            for index in 1...100 {
                let user = User(
                    id: 0, key: "person\(index)", name: "Person \(index)", color: nil, bio: nil, timeZone: "UTC",
                    locale: "en")
                _ = try await store.createAccount(user, passwordHash: "h", visibility: .public, session: nil)
            }
            let first = String(buffer: try await forms.get(client, "/admin/people", cookie: ada.cookie).body)
            #expect(first.contains("@ada") && first.contains("@person99") && !first.contains("@person100<"))
            let start = try #require(first.range(of: #"<a href="/admin/people?after="#))
            let next = String(first[start.upperBound...].prefix { $0 != "\"" })
            let second = String(
                buffer: try await forms.get(client, "/admin/people?after=\(next)", cookie: ada.cookie).body)
            #expect(second.contains("@person100<") && !second.contains("@ada<") && !second.contains("More people"))
            let broken = try await forms.get(client, "/admin/people?after=%%%", cookie: ada.cookie)
            #expect(broken.status == .unprocessableContent || broken.status == .badRequest)
        }
    }
}
