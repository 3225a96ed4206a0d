import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// Widget addresses as every store keeps them: by their secret's hash, bounded per account, gone with the
/// account or the habit they show.
@Suite struct WidgetStoreTests {
    func secret(_ byte: UInt8) -> Data { Data(repeating: byte, count: 32) }

    @Test(arguments: StoreImplementation.allCases)
    func addressesAreListedFoundBySecretAndRevokedAtOnce(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let (ada, _) = try await store.createAccount(
                newUser("ada"), passwordHash: "h", visibility: .public, session: nil)
            let (bob, _) = try await store.createAccount(
                newUser("bob"), passwordHash: "h", visibility: .public, session: nil)
            let run = try await habitID(store, named: "Run")
            let style = WidgetStyle(theme: .dark, accent: "#ff8800", borderRadius: 8, hideBorder: true)
            let small = try await store.createWidget(
                family: .small, habitID: run, style: style, secretHash: secret(1), userID: ada.id, now: Fixture.now)
            let medium = try await store.createWidget(
                family: .medium, habitID: nil, style: WidgetStyle(), secretHash: secret(2), userID: ada.id,
                now: Fixture.now)
            #expect(small.style == style)
            #expect(try await store.widgets(userID: ada.id) == [medium, small])
            #expect(try await store.widgets(userID: bob.id).isEmpty)
            #expect(try await store.widgetGrant(secretHash: secret(1)) == WidgetGrant(ownerID: ada.id, address: small))
            #expect(try await store.widgetGrant(secretHash: secret(9)) == nil)
            await #expect(throws: HabitsError.notFound(kind: .widget, id: String(small.id))) {
                try await store.deleteWidget(id: small.id, userID: bob.id)
            }
            try await store.deleteWidget(id: small.id, userID: ada.id)
            #expect(try await store.widgetGrant(secretHash: secret(1)) == nil)
            #expect(try await store.widgets(userID: ada.id) == [medium])
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func anUnknownHabitIsRefusedAndTheBoundHolds(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let (ada, _) = try await store.createAccount(
                newUser("ada"), passwordHash: "h", visibility: .public, session: nil)
            await #expect(throws: HabitsError.notFound(kind: .habit, id: "999999")) {
                _ = try await store.createWidget(
                    family: .card, habitID: 999_999, style: WidgetStyle(), secretHash: secret(1), userID: ada.id,
                    now: Fixture.now)
            }
            for index in 0..<AccountRules.maximumWidgets {
                _ = try await store.createWidget(
                    family: .medium, habitID: nil, style: WidgetStyle(), secretHash: secret(UInt8(index + 10)),
                    userID: ada.id, now: Fixture.now)
            }
            await #expect(throws: StoreRefusal.widgetLimit) {
                _ = try await store.createWidget(
                    family: .medium, habitID: nil, style: WidgetStyle(), secretHash: secret(200), userID: ada.id,
                    now: Fixture.now)
            }
            #expect(try await store.widgets(userID: ada.id).count == AccountRules.maximumWidgets)
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func deletingTheAccountOrTheHabitTakesItsAddresses(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let (ada, _) = try await store.createAccount(
                newUser("ada"), passwordHash: "h", visibility: .public, session: nil)
            let (bob, _) = try await store.createAccount(
                newUser("bob"), passwordHash: "h", visibility: .public, session: nil)
            let category = try await store.habit(id: try await habitID(store, named: "Run")).categoryID
            let own = try await store.createHabit(
                Habit(
                    id: 0, name: "Stretch", categoryID: category, info: "", emoji: nil, ownerID: bob.id,
                    visibility: .personal))
            _ = try await store.createWidget(
                family: .large, habitID: own.id, style: WidgetStyle(), secretHash: secret(3), userID: bob.id,
                now: Fixture.now)
            _ = try await store.createWidget(
                family: .card, habitID: try await habitID(store, named: "Run"), style: WidgetStyle(),
                secretHash: secret(4), userID: ada.id, now: Fixture.now)
            try await store.deleteHabit(id: own.id, cascade: true)
            #expect(try await store.widgetGrant(secretHash: secret(3)) == nil)
            try await store.deleteAccount(userID: ada.id)
            #expect(try await store.widgetGrant(secretHash: secret(4)) == nil)
        }
    }
}
