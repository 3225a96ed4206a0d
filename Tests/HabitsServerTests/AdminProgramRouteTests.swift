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

/// `/admin/programs` and `/admin/tags` through the real application: programs added, edited and deleted,
/// help topics added, renamed and deleted, with the rules and refusals of `/v1/programs` and `/v1/help/tags`,
/// and the catalogue's lists a page at a time.
@Suite struct AdminProgramRouteTests {
    let forms = WebAccountRouteTests()

    func stored(_ store: any HabitStore, titled title: String) async throws -> Program? {
        try await store.programs(page: PageRequest(limit: 200)).items.first { $0.title == title }
    }

    @Test func anAdministratorAddsEditsAndDeletesPrograms() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let category = try #require(try await store.categories(page: PageRequest()).items.first)
            let habits = try await store.habits(page: PageRequest(limit: 3)).items.map(\.id)
            let chosen = habits.map { "&habitIDs%5B%5D=\($0)" }.joined()
            let added = try await forms.post(
                client, "/admin/programs",
                "action=create&title=%3Cb%3EMove%3C%2Fb%3E&author=Ada&summary=Daily&categoryID=\(category.id)"
                    + "&amount=19.99&currency=usd&tag=New&featured=yes" + chosen,
                cookie: ada.cookie)
            #expect(added.headers[.location] == "/admin/programs?notice=program-added")
            let program = try #require(try await stored(store, titled: "<b>Move</b>"))
            #expect(program.price == Price(minorUnits: 1999, currency: "USD") && program.featured)
            #expect(program.habitIDs == habits && program.tag == "New" && program.summary == "Daily")
            let listed = String(buffer: try await forms.get(client, "/admin/programs", cookie: ada.cookie).body)
            #expect(listed.contains("<strong>&lt;b&gt;Move&lt;/b&gt;</strong>") && !listed.contains("<b>Move"))
            #expect(listed.contains("19.99 USD · 3 habits · featured"))

            // Its form, filled with what it holds; saved as the form shows it (no habit chosen is none).
            let form = String(
                buffer: try await forms.get(client, "/admin/programs?edit=\(program.id)", cookie: ada.cookie).body)
            #expect(form.contains(#"<input type="hidden" name="action" value="update">"#))
            #expect(form.contains(#"value="19.99""#) && form.contains(#"<option value="\#(habits[0])" selected>"#))
            let saved = try await forms.post(
                client, "/admin/programs",
                "action=update&id=\(program.id)&title=Move&author=Ada&categoryID=\(category.id)&amount=19900"
                    + "&currency=KRW",
                cookie: ada.cookie)
            #expect(saved.headers[.location] == "/admin/programs?notice=program-saved")
            let edited = try await store.program(id: program.id)
            #expect(edited.price == Price(minorUnits: 19900, currency: "KRW") && edited.habitIDs.isEmpty)
            #expect(edited.tag == nil && !edited.featured && edited.summary.isEmpty)

            // The rules of /v1/programs, on the page, the form as it was typed.
            let digits = try await forms.post(
                client, "/admin/programs",
                "action=create&title=Read&author=Ada&categoryID=\(category.id)&amount=1.234&currency=USD",
                cookie: ada.cookie)
            #expect(digits.status == .unprocessableContent)
            let digitsPage = String(buffer: digits.body)
            #expect(digitsPage.contains("USD has 2 digit(s) after the point") && digitsPage.contains(#"value="Read""#))
            let unknown = try await forms.post(
                client, "/admin/programs",
                "action=create&title=Read&author=Ada&categoryID=999&amount=0&currency=USD", cookie: ada.cookie)
            #expect(String(buffer: unknown.body).contains("no category has id 999"))
            let missing = try await forms.get(client, "/admin/programs?edit=999", cookie: ada.cookie)
            #expect(missing.status == .notFound)

            let deleted = try await forms.post(
                client, "/admin/programs", "action=delete&id=\(program.id)", cookie: ada.cookie)
            #expect(deleted.headers[.location] == "/admin/programs?notice=program-deleted")
            #expect(try await stored(store, titled: "Move") == nil)
        }
    }

    @Test func anAdministratorAddsRenamesAndDeletesHelpTopics() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let added = try await forms.post(
                client, "/admin/tags", "action=create&name=%3Ci%3EStart%3C%2Fi%3E", cookie: ada.cookie)
            #expect(added.headers[.location] == "/admin/tags?notice=tag-added")
            let tags = try await store.helpTags(page: PageRequest()).items
            let tag = try #require(tags.first { $0.name == "<i>Start</i>" })
            let page = String(buffer: try await forms.get(client, "/admin/tags", cookie: ada.cookie).body)
            #expect(page.contains(#"value="&lt;i&gt;Start&lt;/i&gt;""#) && !page.contains("<i>Start"))
            _ = try await forms.post(client, "/admin/tags", "action=rename&id=\(tag.id)&name=Start", cookie: ada.cookie)
            #expect(try await store.helpTags(page: PageRequest()).items.contains { $0.name == "Start" })
            let empty = try await forms.post(client, "/admin/tags", "action=create&name=+", cookie: ada.cookie)
            #expect(empty.status == .unprocessableContent)
            #expect(String(buffer: empty.body).contains("must hold 1 to 40 characters"))
            _ = try await forms.post(client, "/admin/tags", "action=delete&id=\(tag.id)", cookie: ada.cookie)
            #expect(try await store.helpTags(page: PageRequest()).items.contains { $0.id == tag.id } == false)

            // A member: the forbidden page, and nothing written.
            for path in ["/admin/tags", "/admin/programs"] {
                #expect(try await forms.get(client, path, cookie: bob.cookie).status == .forbidden)
                let refused = try await forms.post(client, path, "action=create&name=Mine", cookie: bob.cookie)
                #expect(refused.status == .forbidden)
            }
            #expect(try await store.helpTags(page: PageRequest()).items.contains { $0.name == "Mine" } == false)
        }
    }

    @Test func theCatalogueIsListedAPageAtATime() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let category = try #require(try await store.categories(page: PageRequest()).items.first)
            for index in 1...101 {
                _ = try await store.createHelpTag(HelpTag(id: 0, name: "Topic \(index)"))
                _ = try await store.createCategory(
                    Category(id: 0, name: "Kind \(index)", color: category.color))
            }
            for (path, last, more) in [
                ("/admin/tags", "Topic 101", "More topics"), ("/admin/categories", "Kind 101", "More categories"),
            ] {
                let first = String(buffer: try await forms.get(client, path, cookie: ada.cookie).body)
                #expect(!first.contains(#""\#(last)""#) && first.contains(more), "\(path)")
                let start = try #require(first.range(of: #"<a href="\#(path)?after="#))
                let next = String(first[start.upperBound...].prefix { $0 != "\"" })
                let second = String(
                    buffer: try await forms.get(client, "\(path)?after=\(next)", cookie: ada.cookie).body)
                #expect(second.contains(#""\#(last)""#) && !second.contains(more), "\(path)")
            }
        }
    }

    @Test func aProgramsHabitsAreSharedOnesInUseAndBadInputIsNamed() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let category = try #require(try await store.categories(page: PageRequest()).items.first)
            let own = try decodeV1(
                Habit.self,
                try await client.send(
                    "/v1/habits", .post, body(#"{"name":"Bob's walk","categoryID":\#(category.id)}"#), as: bob))
            let shared = try #require(try await store.habits(page: PageRequest(limit: 1)).items.first)
            _ = try await store.updateHabit(id: shared.id) { var habit = $0; habit.isArchived = true; return habit }
            // Someone's own habit, an archived one and an unknown id are refused alike, by the page and the API.
            for id in [own.id, shared.id, 99_999] {
                let page = try await forms.post(
                    client, "/admin/programs",
                    "action=create&title=Leak&author=Ada&categoryID=\(category.id)&currency=USD&habitIDs%5B%5D=\(id)",
                    cookie: ada.cookie)
                #expect(page.status == .unprocessableContent, "habit \(id)")
                #expect(String(buffer: page.body).contains("no shared habit in use has id \(id)."))
                let api = try await client.send(
                    "/v1/programs", .post,
                    body(#"{"title":"Leak","author":"Ada","categoryID":\#(category.id),"#
                        + #""price":{"amount":"0","currency":"USD"},"habitIDs":[\#(id)]}"#),
                    as: ada)
                try expectError(api, .unprocessableContent, code: "invalid")
            }
            #expect(try await stored(store, titled: "Leak") == nil)

            // A price's own refusal names its field, through the API as on the page.
            let currency = try await client.send(
                "/v1/programs", .post,
                body(#"{"title":"Read","author":"Ada","categoryID":\#(category.id),"#
                    + #""price":{"amount":"1.00","currency":"ZZZ"}}"#),
                as: ada)
            try expectError(currency, .unprocessableContent, code: "invalid")
            #expect(String(buffer: currency.body).contains("price.currency"))

            // A form whose escapes are not UTF-8 is refused, not kept with replacement characters.
            let bytes = try await forms.post(
                client, "/admin/tags", "action=create&name=bad%C0%AF%FF", cookie: ada.cookie)
            #expect(bytes.status == .badRequest)
            #expect(try await store.helpTags(page: PageRequest()).items.contains { $0.name.hasPrefix("bad") } == false)
        }
    }
}
