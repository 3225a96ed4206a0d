import Foundation
import HTTPTypes
import HabitsDomain
import HabitsSQLite
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import QRCode
import Testing

/// "Your habits" through its plain forms: add a habit of one's own, archive and restore it, and make and
/// end a calendar address; someone else's habit cannot be touched from it.
@Suite struct WebHabitsRouteTests {
    let forms = WebAccountRouteTests()

    @Test func aMemberAddsArchivesAndRestoresHabitsOfTheirOwnAndGetsACalendar() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            _ = try await client.signUp("admin")
            let ada = try await client.signUp("ada")
            let bob = try await client.signUp("bob")
            let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
            let empty = String(buffer: try await forms.get(client, "/account/habits", cookie: ada.cookie).body)
            #expect(empty.contains("You have no habit of your own yet"))

            let added = try await forms.post(
                client, "/account/habits",
                "action=create&name=%3Ci%3EStretch%3C%2Fi%3E&emoji=&categoryID=\(category)&kind=weekdays&mon=on"
                    + "&fri=on&timesPerWeek=3&timesPerDay=2&reminder=07%3A30",
                cookie: ada.cookie)
            #expect(added.status == .seeOther)
            #expect(added.headers[.location] == "/account/habits?notice=habit-added")
            let own = try await store.ownHabits(ownerID: ada.account.id)
            let habit = try #require(own.first)
            #expect(habit.visibility == .personal && habit.reminder == ReminderTime(hour: 7, minute: 30))
            #expect(habit.schedule == HabitSchedule(kind: .weekdays([.mon, .fri]), timesPerDay: 2))
            let page = String(buffer: try await forms.get(client, "/account/habits", cookie: ada.cookie).body)
            #expect(page.contains("&lt;i&gt;Stretch&lt;/i&gt;") && !page.contains("<i>Stretch"))
            #expect(page.contains("Every Mon, Fri, 2 times a day.") && page.contains("reminds at 07:30"))

            // A habit without a reminder says nothing of one.
            _ = try await forms.post(
                client, "/account/habits", "action=create&name=Walk&categoryID=\(category)&kind=daily&reminder=",
                cookie: ada.cookie)
            let two = String(buffer: try await forms.get(client, "/account/habits", cookie: ada.cookie).body)
            #expect(two.components(separatedBy: "reminds at").count == 2)

            // A refused form comes back with its sentence and the API's status.
            let refused = try await forms.post(
                client, "/account/habits", "action=create&name=Run&categoryID=\(category)&kind=weekdays",
                cookie: ada.cookie)
            #expect(refused.status == .unprocessableContent)
            #expect(String(buffer: refused.body).contains("must name at least one day"))

            // Bob cannot archive Ada's habit: for him it does not exist.
            let theirs = try await forms.post(
                client, "/account/habits", "action=archive&id=\(habit.id)", cookie: bob.cookie)
            #expect(theirs.status == .notFound)
            #expect(try await store.habit(id: habit.id).isArchived == false)
            #expect(
                try await forms.post(client, "/account/habits", "action=archive&id=\(habit.id)", cookie: ada.cookie)
                    .headers[.location] == "/account/habits?notice=habit-archived")
            #expect(try await store.habit(id: habit.id).isArchived)
            _ = try await forms.post(client, "/account/habits", "action=restore&id=\(habit.id)", cookie: ada.cookie)
            #expect(try await store.habit(id: habit.id).isArchived == false)

            // The calendar address is shown once, opens the feed, and ends with the feed.
            let made = String(
                buffer: try await forms.post(client, "/account/calendar", "action=create", cookie: ada.cookie).body)
            let start = try #require(made.range(of: "<code id=\"calendar-url\">"))
            let address = String(made[start.upperBound...].prefix { $0 != "<" })
            // Beside it, the same address as a QR code: the library's drawing of exactly that text.
            let code = try QRCode(text: address, errorCorrection: .medium)
            #expect(made.contains(code.svg(moduleSize: 4, title: "QR code of your calendar address")))
            #expect(code.version <= 10, "a phone reads it from across a desk")
            let path = try #require(address.range(of: "/v1/me/calendar.ics").map { String(address[$0.lowerBound...]) })
            let feed = try await client.execute(uri: path, method: .get) { $0 }
            #expect(feed.status == .ok && String(buffer: feed.body).contains("SUMMARY:<i>Stretch</i>"))
            _ = try await forms.post(client, "/account/calendar", "action=end", cookie: ada.cookie)
            #expect(try await client.execute(uri: path, method: .get) { $0 }.status == .notFound)
            // Anonymous browsers are sent to sign in.
            #expect(try await forms.get(client, "/account/habits").status == .seeOther)
        }
    }
}
