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

/// The administrators' pages through the real application: plain forms held to the API's rules, open to
/// administrators only, behind the same origin checks as every write.
@Suite struct AdminPageRouteTests {
    let forms = WebAccountRouteTests()
    static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!

    /// Every administrators' page, and a form each of its actions sends.
    static let pages = ["/admin", "/admin/categories", "/admin/people", "/admin/habits", "/admin/help"]
    static let posts: [(String, String)] = [
        ("/admin/categories", "action=create&name=Mind&color=%23336699"),
        ("/admin/categories", "action=update&id=1&name=Mind&color=%23336699"),
        ("/admin/categories", "action=delete&id=1"),
        ("/admin/people", "action=grant&id=1"),
        ("/admin/people", "action=revoke&id=1"),
        ("/admin/people", "action=remove&id=1&confirm=yes"),
        ("/admin/habits", "action=create&name=Intruder&categoryID=1"),
        ("/admin/habits", "action=rename&id=1&name=Intruder"),
        ("/admin/habits", "action=archive&id=1"),
        ("/admin/habits", "action=restore&id=1"),
        ("/admin/help", "action=answer&id=1&answer=Yes."),
        ("/admin/help", "action=unanswer&id=1"),
    ]

    func category(named name: String, in store: any HabitStore) async throws -> Category? {
        try await store.categories(page: PageRequest(limit: 200)).items.first { $0.name == name }
    }

    @Test func anAdministratorAddsRenamesRecoloursAndDeletesCategories() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let account = String(buffer: try await forms.get(client, "/account", cookie: ada.cookie).body)
            #expect(account.contains(#"<a href="/admin">Administration</a>"#))
            let index = try await forms.get(client, "/admin", cookie: ada.cookie)
            #expect(index.status == .ok && index.headers[.contentType] == "text/html; charset=utf-8")
            #expect(String(buffer: index.body).contains(#"<a href="/admin/categories">"#))

            // The fixture's one category, its colour as the screens draw it, and its four habits.
            let health = try #require(try await category(named: "Health", in: store))
            let listed = String(buffer: try await forms.get(client, "/admin/categories", cookie: ada.cookie).body)
            let healthHex = "#b8cc66"
            #expect(listed.contains(#"<strong>Health</strong> <span class="admin-count">4 habits</span>"#))
            #expect(listed.contains(#"style="background: \#(healthHex)""#))
            #expect(listed.contains(#"name="color" type="color" value="\#(healthHex)""#))

            // Added: the colour input's #rrggbb becomes the API's hue, saturation and brightness.
            let added = try await forms.post(
                client, "/admin/categories", "action=create&name=Mind+%26+body&color=%2380C0FF", cookie: ada.cookie)
            #expect(added.status == .seeOther)
            #expect(added.headers[.location] == "/admin/categories?notice=category-added")
            let mind = try #require(try await category(named: "Mind & body", in: store))
            #expect(mind.color.brightness == 1 && abs(mind.color.saturation - 127.0 / 255) < 1e-12)
            let afterAdding = String(
                buffer: try await forms.get(
                    client, "/admin/categories?notice=category-added", cookie: ada.cookie
                ).body)
            #expect(afterAdding.contains("The category is added."))
            let row = #"<strong>Mind &amp; body</strong> <span class="admin-count">0 habits</span>"#
            #expect(afterAdding.contains(row))
            #expect(afterAdding.contains(#"style="background: #80c0ff""#))

            // Renamed with the colour as shown: the stored numbers stay exactly as they were.
            let renamed = try await forms.post(
                client, "/admin/categories", "action=update&id=\(health.id)&name=Wellbeing&color=%23B8CC66",
                cookie: ada.cookie)
            #expect(renamed.headers[.location] == "/admin/categories?notice=category-saved")
            let wellbeing = try await store.category(id: health.id)
            #expect(wellbeing.name == "Wellbeing" && wellbeing.color == health.color)
            // Recoloured.
            _ = try await forms.post(
                client, "/admin/categories", "action=update&id=\(health.id)&name=Wellbeing&color=%23ff0000",
                cookie: ada.cookie)
            #expect(try await store.category(id: health.id).color == Color(hue: 0, saturation: 1, brightness: 1))

            // Deleted when no habit belongs to it; refused, on the page, when four do.
            let deleted = try await forms.post(
                client, "/admin/categories", "action=delete&id=\(mind.id)", cookie: ada.cookie)
            #expect(deleted.headers[.location] == "/admin/categories?notice=category-deleted")
            #expect(try await category(named: "Mind & body", in: store) == nil)
            let inUse = try await forms.post(
                client, "/admin/categories", "action=delete&id=\(health.id)", cookie: ada.cookie)
            #expect(inUse.status == .conflict)
            #expect(inUse.headers[.contentType] == "text/html; charset=utf-8")
            let refusal = String(buffer: inUse.body)
            #expect(refusal.contains("4 habit(s) belong to this category; move or delete them first."))
            #expect(refusal.contains("Every category") && refusal.contains("<strong>Wellbeing</strong>"))
            #expect(try await store.category(id: health.id).name == "Wellbeing")
        }
    }

    @Test func aRefusedFormComesBackWithTheAPIsSentenceAndWhatWasTyped() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let count = try await store.categories(page: PageRequest(limit: 200)).items.count
            // The rules of /v1/categories: a name of spaces, a name taken (without case), a colour that is none.
            let blank = try await forms.post(
                client, "/admin/categories", "action=create&name=+++&color=%23123456", cookie: ada.cookie)
            #expect(blank.status == .unprocessableContent)
            let kept = ##"id="new-category-color" name="color" type="color" value="#123456""##
            #expect(String(buffer: blank.body).contains(kept))
            let taken = try await forms.post(
                client, "/admin/categories", "action=create&name=hEALTH&color=%23123456", cookie: ada.cookie)
            #expect(taken.status == .conflict)
            #expect(String(buffer: taken.body).contains("already exists (names are compared without case)"))
            #expect(String(buffer: taken.body).contains(#"value="hEALTH""#))
            for color in ["red", "%23ggg000", "%23%2Bf%2Bf%2Bf", ""] {
                let refused = try await forms.post(
                    client, "/admin/categories", "action=create&name=Mind&color=\(color)", cookie: ada.cookie)
                #expect(refused.status == .unprocessableContent, "\(color)")
                #expect(String(buffer: refused.body).contains("must be a colour written #rrggbb."), "\(color)")
            }
            let unknown = try await forms.post(
                client, "/admin/categories", "action=update&id=999&name=Mind&color=%23123456", cookie: ada.cookie)
            #expect(unknown.status == .notFound)
            let noAction = try await forms.post(client, "/admin/categories", "action=burn&id=1", cookie: ada.cookie)
            #expect(noAction.status == .unprocessableContent)
            #expect(try await store.categories(page: PageRequest(limit: 200)).items.count == count)

            // A body that is not the page's form is answered as a page too, with the API's status.
            let json = try await client.execute(
                uri: "/admin/categories", method: .post,
                headers: [.cookie: ada.cookie, .contentType: "application/json"], body: ByteBuffer(string: "{}")
            ) { $0 }
            #expect(json.status == .unsupportedMediaType)
            #expect(json.headers[.contentType] == "text/html; charset=utf-8")
            #expect(String(buffer: json.body).contains("The body must be a form"))
        }
    }

    @Test func hostileNamesAreTextOnThePage() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let hostile = #"<script>alert("x")</script>' onfocus="alert(1)"#
            let encoded = try #require(
                hostile.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            _ = try await forms.post(
                client, "/admin/categories", "action=create&name=\(encoded)&color=%23123456", cookie: ada.cookie)
            #expect(try await category(named: hostile, in: store) != nil)
            let page = String(buffer: try await forms.get(client, "/admin/categories", cookie: ada.cookie).body)
            let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onfocus=&quot;alert(1)"
            #expect(page.contains("<strong>\(escaped)</strong>"))
            #expect(page.contains(#"value="\#(escaped)""#))
            #expect(!page.contains("<script>") && !page.contains(#"' onfocus="alert"#))
            // A refusal quoting the name escapes it too.
            let again = try await forms.post(
                client, "/admin/categories", "action=create&name=\(encoded)&color=%23123456", cookie: ada.cookie)
            #expect(again.status == .conflict)
            #expect(!String(buffer: again.body).contains("<script>"))
        }
    }

    @Test func aMemberGetsTheForbiddenPageAndAnAnonymousBrowserIsSentToSignIn() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let before = try await store.categories(page: PageRequest(limit: 200)).items
            let account = String(buffer: try await forms.get(client, "/account", cookie: bob.cookie).body)
            #expect(!account.contains(#"href="/admin""#))
            for page in Self.pages {
                let refused = try await forms.get(client, page, cookie: bob.cookie)
                #expect(refused.status == .forbidden, "\(page)")
                #expect(refused.headers[.contentType] == "text/html; charset=utf-8", "\(page)")
                let html = String(buffer: refused.body)
                #expect(html.contains("<h1 id=\"page-title\">Not allowed</h1>"), "\(page)")
                #expect(html.contains("These pages are for administrators"), "\(page)")
                #expect(html.contains(#"<link rel="stylesheet" href="/web/app.css">"#), "\(page)")
                #expect(refused.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true, "\(page)")

                let anonymous = try await forms.get(client, page)
                #expect(anonymous.status == .seeOther, "\(page)")
                #expect(anonymous.headers[.location] == "/signin?next=\(PathSegment.encode(page))", "\(page)")
            }
            for (page, fields) in Self.posts {
                let refused = try await forms.post(client, page, fields, cookie: bob.cookie)
                #expect(refused.status == .forbidden, "\(fields)")
                #expect(String(buffer: refused.body).contains("These pages are for administrators"), "\(fields)")
                let anonymous = try await forms.post(client, page, fields)
                #expect(anonymous.headers[.location] == "/signin?next=\(PathSegment.encode(page))", "\(fields)")
            }
            #expect(try await store.categories(page: PageRequest(limit: 200)).items == before)
            #expect(try await store.account(userID: ada.account.id).role == .administrator)
            #expect(try await store.account(userID: bob.account.id).role == .member)
            let habits = try await store.habits(visibleTo: nil, archived: false, page: PageRequest(limit: 200)).items
            #expect(habits.contains { $0.id == 1 } && !habits.contains { $0.name == "Intruder" })
            // An administrator's read token reads the pages and changes nothing.
            let token = try await client.send(
                "/v1/me/tokens", .post, body(#"{"name":"reader","scope":"read"}"#), as: ada)
            let secret = try decodeV1(IssuedToken.self, token).token
            let read = try await client.execute(
                uri: "/admin/categories", method: .get, headers: [.authorization: "Bearer \(secret)"]
            ) { $0 }
            #expect(read.status == .ok)
            let write = try await client.execute(
                uri: "/admin/categories", method: .post,
                headers: [.authorization: "Bearer \(secret)", .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "action=delete&id=\(before[0].id)")
            ) { $0 }
            #expect(write.status == .forbidden && String(buffer: write.body).contains("read scope"))
        }
    }

    @Test func anotherSitesFormIsRefusedBeforeAnythingIsWritten() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let crossSite: [HTTPFields] = [[.origin: "https://evil.example"], [Self.fetchSite: "cross-site"]]
            for (page, fields) in Self.posts {
                for extra in crossSite {
                    let refused = try await forms.post(client, page, fields, cookie: ada.cookie, extra: extra)
                    try expectError(refused, .forbidden, code: "cross_site_request")
                }
            }
            #expect(try await category(named: "Mind", in: store) == nil)
            #expect(try await category(named: "Health", in: store) != nil)
            // The same form from the server's own page goes through.
            let own = try await forms.post(
                client, "/admin/categories", "action=create&name=Mind&color=%23336699", cookie: ada.cookie,
                extra: [Self.fetchSite: "same-origin"])
            #expect(own.status == .seeOther)
        }
    }

    /// Open mode lets anyone write the catalogue through `/v1`; its pages do the same, and there is no account
    /// to link them from.
    @Test func openModeServesTheCataloguePagesAsItServesTheCatalogueAPI() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let index = String(buffer: try await forms.get(client, "/admin").body)
            #expect(index.contains(#"<a href="/admin/categories">"#) && !index.contains(#"href="/account""#))
            #expect(try await forms.get(client, "/admin/categories").status == .ok)
            let added = try await forms.post(client, "/admin/categories", "action=create&name=Mind&color=%23336699")
            #expect(added.status == .seeOther)
            #expect(try await category(named: "Mind", in: store) != nil)
            for page in ["/admin/habits", "/admin/help"] {
                #expect(try await forms.get(client, page).status == .ok, "\(page)")
            }
            // Open mode has no accounts: their page is not served, as the account pages are not.
            #expect(!index.contains(#"href="/admin/people""#))
            let people = try await forms.get(client, "/admin/people")
            #expect(people.status == .notFound && people.headers[.contentType] == "text/html; charset=utf-8")
            #expect(String(buffer: people.body).contains("served in accounts mode only"))
            let form = try await forms.post(client, "/admin/people", "action=grant&id=1")
            #expect(form.status == .notFound)
        }
    }
}
