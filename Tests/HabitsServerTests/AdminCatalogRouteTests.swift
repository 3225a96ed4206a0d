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

/// `/admin/habits` and `/admin/help` through the real application: shared habits added, renamed, archived
/// and restored, questions answered and their answers taken back, with the rules of `/v1`.
@Suite struct AdminCatalogRouteTests {
    let forms = WebAccountRouteTests()

    func shared(_ store: any HabitStore, named name: String) async throws -> Habit? {
        try await store.habits(page: PageRequest(limit: 200)).items.first { $0.name == name }
    }

    @Test func anAdministratorAddsRenamesArchivesAndRestoresSharedHabits() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let health = try #require(try await store.categories(page: PageRequest()).items.first)
            let page = String(buffer: try await forms.get(client, "/admin/habits", cookie: ada.cookie).body)
            #expect(page.contains("Health · Every day."))

            let added = try await forms.post(
                client, "/admin/habits",
                "action=create&name=%3Cb%3ERead%3C%2Fb%3E&emoji=%F0%9F%93%9A&categoryID=\(health.id)"
                    + "&description=Ten+pages",
                cookie: ada.cookie)
            #expect(added.headers[.location] == "/admin/habits?notice=habit-added")
            let habit = try #require(try await shared(store, named: "<b>Read</b>"))
            #expect(habit.visibility == .shared && habit.ownerID == ada.account.id && habit.emoji == "📚")
            #expect(habit.info == "Ten pages" && habit.categoryID == health.id)
            let listed = String(buffer: try await forms.get(client, "/admin/habits", cookie: ada.cookie).body)
            #expect(listed.contains("<strong>📚 &lt;b&gt;Read&lt;/b&gt;</strong>") && !listed.contains("<b>Read"))

            let renamed = try await forms.post(
                client, "/admin/habits", "action=rename&id=\(habit.id)&name=Read+daily", cookie: ada.cookie)
            #expect(renamed.headers[.location] == "/admin/habits?notice=habit-renamed")
            #expect(try await store.habit(id: habit.id).name == "Read daily")
            _ = try await forms.post(client, "/admin/habits", "action=archive&id=\(habit.id)", cookie: ada.cookie)
            #expect(try await store.habit(id: habit.id).isArchived)
            let archived = String(buffer: try await forms.get(client, "/admin/habits", cookie: ada.cookie).body)
            let archivedSection = try #require(archived.range(of: "id=\"archived-title\""))
            #expect(archived[archivedSection.upperBound...].contains("Read daily"))
            _ = try await forms.post(client, "/admin/habits", "action=restore&id=\(habit.id)", cookie: ada.cookie)
            #expect(try await store.habit(id: habit.id).isArchived == false)

            // The rules of /v1/habits, on the page: a comma, an unknown category, no category at all.
            let comma = try await forms.post(
                client, "/admin/habits", "action=create&name=Read%2C+write&categoryID=\(health.id)", cookie: ada.cookie)
            #expect(comma.status == .unprocessableContent)
            #expect(String(buffer: comma.body).contains("must not contain a comma"))
            #expect(String(buffer: comma.body).contains(#"value="Read, write""#))
            let unknown = try await forms.post(
                client, "/admin/habits", "action=create&name=Run&categoryID=999", cookie: ada.cookie)
            #expect(unknown.status == .unprocessableContent)
            #expect(String(buffer: unknown.body).contains("no category has id 999"))
            let none = try await forms.post(client, "/admin/habits", "action=create&name=Run", cookie: ada.cookie)
            #expect(none.status == .unprocessableContent)

            // A member's own habit is not the catalogue's: for the page it does not exist.
            let own = try await client.send(
                "/v1/habits", .post, body(#"{"name":"Bob's walk","categoryID":\#(health.id)}"#), as: bob)
            let bobsHabit = try decodeV1(Habit.self, own)
            #expect(!String(buffer: try await forms.get(client, "/admin/habits", cookie: ada.cookie).body)
                .contains("Bob&#39;s walk"))
            let theirs = try await forms.post(
                client, "/admin/habits", "action=rename&id=\(bobsHabit.id)&name=Mine", cookie: ada.cookie)
            #expect(theirs.status == .notFound)
            #expect(try await store.habit(id: bobsHabit.id).name == "Bob's walk")
        }
    }

    @Test func anAdministratorAnswersQuestionsAndTakesAnswersBack() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let asked = try decodeV1(
                Question.self,
                try await client.send(
                    "/v1/help/questions", .post,
                    body(#"{"question":"Why <script>alert(1)</script>?","authorID":\#(bob.account.id)}"#), as: bob))
            let page = String(buffer: try await forms.get(client, "/admin/help", cookie: ada.cookie).body)
            #expect(page.contains("Why &lt;script&gt;alert(1)&lt;/script&gt;?") && !page.contains("<script>"))
            #expect(page.contains(#"data-question-id="\#(asked.id)""#))

            let empty = try await forms.post(
                client, "/admin/help", "action=answer&id=\(asked.id)&answer=+++", cookie: ada.cookie)
            #expect(empty.status == .unprocessableContent)
            #expect(String(buffer: empty.body).contains("is empty: write one, or take the answer back."))

            // A long answer is more than a small form: 10,000 letters of two bytes each, percent-encoded.
            let long = String(repeating: "%C3%A9", count: 10_000)
            let answered = try await forms.post(
                client, "/admin/help", "action=answer&id=\(asked.id)&answer=\(long)", cookie: ada.cookie)
            #expect(answered.headers[.location] == "/admin/help?notice=answered")
            #expect(try await store.question(id: asked.id).answer == String(repeating: "é", count: 10_000))
            let tooLong = try await forms.post(
                client, "/admin/help", "action=answer&id=\(asked.id)&answer=\(long)e", cookie: ada.cookie)
            #expect(tooLong.status == .unprocessableContent)

            _ = try await forms.post(
                client, "/admin/help", "action=answer&id=\(asked.id)&answer=Because.", cookie: ada.cookie)
            let seen = try decodeV1(Question.self, try await client.send("/v1/help/questions/\(asked.id)", as: bob))
            #expect(seen.answer == "Because.")
            let takenBack = try await forms.post(
                client, "/admin/help", "action=unanswer&id=\(asked.id)", cookie: ada.cookie)
            #expect(takenBack.headers[.location] == "/admin/help?notice=answer-taken-back")
            #expect(try await store.question(id: asked.id).answer == nil)

            let unknown = try await forms.post(
                client, "/admin/help", "action=answer&id=999&answer=Yes.", cookie: ada.cookie)
            #expect(unknown.status == .notFound)
        }
    }
}
