import Foundation
import HabitsDemo
import HabitsDomain
import Testing

@Suite struct DemoDataSetTests {
    let now = Date(timeIntervalSince1970: 1_795_368_015)

    @Test func hasTheAdvertisedShape() {
        let demo = DemoDataSet(activeUserID: "me", now: now)
        #expect(demo.users.count == 41)
        #expect(demo.users.contains { $0.id == "me" })
        #expect(Set(demo.users.map(\.id)).count == demo.users.count)
        #expect(demo.users.allSatisfy { $0.bio != nil && $0.color?.isValid == true })
        #expect(demo.categories.count == 7)
        #expect(demo.habits.count == 20)
        #expect(Set(demo.habits.map(\.category.name)).count == 7)
        #expect(!demo.logs.isEmpty)
        #expect(demo.logs.allSatisfy { $0.timestamp <= now && $0.timestamp > now.addingTimeInterval(-29 * 86_400) })
        #expect(demo.logs.contains { $0.userID == "me" })
    }

    @Test func userIDsAreASCIISlugs() {
        let demo = DemoDataSet(activeUserID: "me", now: now)
        for user in demo.users where user.id != "me" {
            #expect(user.id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "-" }, "\(user.id)")
        }
        #expect(demo.users.contains { $0.id == "zoe-muller" })
        #expect(demo.users.contains { $0.id == "finn-obrien" })
    }

    @Test func neverSimulatesTheActiveUser() {
        let demo = DemoDataSet(activeUserID: "me", now: now)
        #expect(!demo.rates.isEmpty)
        #expect(demo.rates.allSatisfy { $0.userID != "me" && $0.eventsPerHour > 0 })
    }

    @Test func isDeterministicForASeed() {
        #expect(DemoDataSet(now: now, seed: 1).logs == DemoDataSet(now: now, seed: 1).logs)
        #expect(DemoDataSet(now: now, seed: 1).logs != DemoDataSet(now: now, seed: 2).logs)
    }

    @Test func aDemoPersonCanBeTheActiveUserWithoutADuplicate() {
        let demo = DemoDataSet(activeUserID: "ava-thompson", now: now)
        #expect(demo.users.filter { $0.id == "ava-thompson" }.count == 1)
        #expect(Set(demo.users.map(\.id)).count == demo.users.count)
        #expect(!demo.rates.contains { $0.userID == "ava-thompson" })
        #expect(demo.users.first { $0.id == "ava-thompson" }?.name == "Ava Thompson")
    }
}
