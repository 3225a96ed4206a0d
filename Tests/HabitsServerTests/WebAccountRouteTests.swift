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

/// The web client's sign-in, sign-up and account pages: plain forms, through the real application.
@Suite struct WebAccountRouteTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    func post(
        _ client: some TestClientProtocol, _ uri: String, _ fields: String, cookie: String? = nil,
        extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = Self.form
        if let cookie { headers[.cookie] = cookie }
        for field in extra { headers.append(field) }
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: fields)) {
            $0
        }
    }

    func get(_ client: some TestClientProtocol, _ uri: String, cookie: String? = nil) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .get, headers: cookie.map { [.cookie: $0] } ?? [:]) { $0 }
    }

    @Test func signingUpThroughTheFormLeadsBackSignedIn() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let form = try await get(client, "/signin?next=%2Fscreens%2Flog")
            #expect(form.status == .ok)
            #expect(String(buffer: form.body).contains(#"name="next" value="/screens/log""#))

            let created = try await post(
                client, "/signup",
                "username=ada&name=%3Cscript%3EAda&password=correct+horse+battery"
                    + "&timeZone=Europe%2FParis&next=%2Fscreens%2Flog"
            )
            #expect(created.status == .seeOther)
            #expect(created.headers[.location] == "/screens/log")
            let cookie = try #require(sessionCookie(created))

            let home = String(buffer: try await get(client, "/", cookie: cookie).body)
            #expect(home.contains(#"class="account-link">&lt;script&gt;Ada</a>"#))
            #expect(!home.contains("viewer-picker"), "accounts mode has no viewer picker")
            #expect(!home.contains("Open mode"))

            let account = String(buffer: try await get(client, "/account", cookie: cookie).body)
            #expect(account.contains("<strong>ada</strong> (administrator)"))
            #expect(account.contains("Europe/Paris"))
            #expect(account.contains(#"href="/v1/me/export?format=json" download"#))
            #expect(account.contains("(this browser)"))

            // Signed in, the forms send the browser on.
            #expect(try await get(client, "/signin", cookie: cookie).status == .seeOther)
            let out = try await post(client, "/signout", "", cookie: cookie)
            #expect(out.headers[.location] == "/signin?notice=signed-out")
            #expect(try await get(client, "/account", cookie: cookie).status == .seeOther)
        }
    }

    @Test func aRefusedFormComesBackWithWhyAndNeverLeavesTheSite() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("ada")
            let wrong = try await post(
                client, "/signin", "username=ada&password=nope+nope+nope&next=%2F%2Fevil.example")
            #expect(wrong.status == .unauthorized)
            let page = String(buffer: wrong.body)
            #expect(page.contains("The username or the password is wrong."))
            #expect(page.contains(#"name="next" value="/""#), "another site is never a next page")
            #expect(!page.contains("nope nope"))

            let right = try await post(
                client, "/signin", "username=ada&password=correct+horse+battery+staple&next=%2F%2Fevil.example")
            #expect(right.headers[.location] == "/")

            let weak = try await post(client, "/signup", "username=bob&name=Bob&password=password1")
            #expect(weak.status == .unprocessableContent)
            #expect(String(buffer: weak.body).contains("at least 10 characters"))

            // Another site's form is refused before anything is read.
            let crossSite = try await post(
                client, "/signin", "username=ada&password=correct+horse+battery+staple",
                extra: [.origin: "https://evil.example"])
            #expect(crossSite.status == .forbidden)
            #expect(sessionCookie(crossSite) == nil)
        }
    }

    @Test func aTokenMadeOnTheAccountPageIsShownOnce() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let made = try await post(
                client, "/account/tokens", "action=create&name=laptop&scope=read", cookie: ada.cookie)
            #expect(made.status == .created)
            let page = String(buffer: made.body)
            let start = try #require(page.range(of: #"<code id="new-token">"#))
            let token = String(page[start.upperBound...].prefix { $0 != "<" })
            #expect(token.hasPrefix("habits_"))
            #expect(try await client.send("/v1/me", bearer: token).status == .ok)
            let later = String(buffer: try await get(client, "/account", cookie: ada.cookie).body)
            #expect(later.contains("laptop") && !later.contains(token))

            let id = try #require(try await store.tokens(userID: ada.account.id).first?.id)
            let revoked = try await post(client, "/account/tokens", "action=revoke&id=\(id)", cookie: ada.cookie)
            #expect(revoked.headers[.location] == "/account?notice=revoked")
            try expectError(try await client.send("/v1/me", bearer: token), .unauthorized)

            let saved = try await post(
                client, "/account", "name=Ada+L.&bio=&timeZone=UTC&locale=en_GB&visibility=private", cookie: ada.cookie)
            #expect(saved.headers[.location] == "/account?notice=saved")
            #expect(try await store.account(userID: ada.account.id).visibility == .private)
        }
    }

    @Test func nothingAnAnonymousOrAMemberReadsTellsAPrivateNameFromNoOne() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            _ = try await client.send("/v1/me", .patch, body(#"{"visibility":"private"}"#), as: bob)
            // The follow form answers a private name and a name no one holds alike.
            var answers: [String?] = []
            for name in ["bob", "nosuch"] {
                let answer = try await post(client, "/account/follow", "username=\(name)", cookie: ada.cookie)
                #expect(answer.status == .seeOther, "\(name)")
                answers.append(answer.headers[.location])
            }
            #expect(answers == ["/account?notice=requested", "/account?notice=requested"])
            #expect(try await store.followRequests(userID: bob.account.id).map(\.user.id) == [ada.account.id])
            // Readiness, which anyone may ask, carries no revision that a private write would move.
            let ready = try await client.send("/readyz")
            #expect(String(buffer: ready.body) == #"{"status":"ready"}"#)
        }
    }

    @Test func openModeShowsItsBannerAndHasNoAccountPages() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let home = String(buffer: try await get(client, "/").body)
            #expect(home.contains("Open mode: anyone here can act as anyone"))
            #expect(home.contains("viewer-picker"))
            #expect(try await get(client, "/signin").status == .notFound)
            #expect(try await get(client, "/account").status == .notFound)
        }
    }
}
