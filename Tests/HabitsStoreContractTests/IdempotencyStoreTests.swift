import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// `Idempotency-Key`s as every store keeps them: one claim, its answer replayed, other requests refused,
/// failed claims let go, old keys forgotten, each scope bounded, an account's keys gone with it.
@Suite struct IdempotencyStoreTests {
    let fingerprint = Data(repeating: 1, count: 32)
    let other = Data(repeating: 2, count: 32)
    let answer = StoredResponse(
        status: 201, contentType: "application/json", location: "/v1/logs/7", body: Data("{}".utf8))

    @Test(arguments: StoreImplementation.allCases)
    func aKeyRunsOnceThenReplaysItsAnswer(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let ada = IdempotencyScope.account(userID: try await store.createUser(newUser("ada")).id)
        let now = Fixture.now
        #expect(try await store.beginIdempotentRequest(scope: ada, key: "k1", fingerprint: fingerprint, now: now)
            == .started)
        // While the first runs, a retry waits; another request under the key is refused at once.
        #expect(try await store.beginIdempotentRequest(scope: ada, key: "k1", fingerprint: fingerprint, now: now)
            == .inProgress)
        #expect(try await store.beginIdempotentRequest(scope: ada, key: "k1", fingerprint: other, now: now)
            == .mismatch)
        try await store.finishIdempotentRequest(scope: ada, key: "k1", response: answer)
        #expect(try await store.beginIdempotentRequest(scope: ada, key: "k1", fingerprint: fingerprint, now: now)
            == .replay(answer))
        #expect(try await store.beginIdempotentRequest(scope: ada, key: "k1", fingerprint: other, now: now)
            == .mismatch)
        // Keys are per scope: the open mode's "k1" is another key.
        #expect(try await store.beginIdempotentRequest(scope: .open, key: "k1", fingerprint: other, now: now)
            == .started)

        // A failed request lets its key go; a finished one is not let go.
        #expect(try await store.beginIdempotentRequest(scope: ada, key: "k2", fingerprint: fingerprint, now: now)
            == .started)
        try await store.abandonIdempotentRequest(scope: ada, key: "k2")
        try await store.abandonIdempotentRequest(scope: ada, key: "k1")
        #expect(try await store.beginIdempotentRequest(scope: ada, key: "k2", fingerprint: other, now: now)
            == .started)
        #expect(try await store.beginIdempotentRequest(scope: ada, key: "k1", fingerprint: fingerprint, now: now)
            == .replay(answer))
    }

    @Test(arguments: StoreImplementation.allCases)
    func abandonedClaimsAreTakenOverAndOldKeysForgotten(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let ada = IdempotencyScope.account(userID: try await store.createUser(newUser("ada")).id)
        let now = Fixture.now
        _ = try await store.beginIdempotentRequest(scope: ada, key: "dead", fingerprint: fingerprint, now: now)
        let later = now.addingTimeInterval(IdempotencyRules.abandonedAfter + 1)
        #expect(try await store.beginIdempotentRequest(scope: ada, key: "dead", fingerprint: fingerprint, now: later)
            == .started)
        try await store.finishIdempotentRequest(scope: ada, key: "dead", response: answer)
        let nextDay = later.addingTimeInterval(IdempotencyRules.lifetime + 1)
        #expect(try await store.beginIdempotentRequest(scope: ada, key: "dead", fingerprint: other, now: nextDay)
            == .started)
    }

    @Test(arguments: StoreImplementation.allCases)
    func aScopeKeepsItsNewestKeysOnly(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let limit = IdempotencyRules.maximumKeysPerScope
        for index in 0...limit {
            let at = Fixture.now.addingTimeInterval(Double(index))
            _ = try await store.beginIdempotentRequest(
                scope: .open, key: "k\(index)", fingerprint: fingerprint, now: at)
        }
        let end = Fixture.now.addingTimeInterval(Double(limit + 1))
        // The oldest was forgotten (so it starts again); the newest still holds its claim.
        #expect(try await store.beginIdempotentRequest(scope: .open, key: "k0", fingerprint: other, now: end)
            == .started)
        #expect(try await store.beginIdempotentRequest(scope: .open, key: "k\(limit)", fingerprint: other, now: end)
            == .mismatch)
    }

    @Test(arguments: StoreImplementation.allCases)
    func anAccountsKeysGoWithIt(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let id = try await store.createUser(newUser("ada")).id
        let ada = IdempotencyScope.account(userID: id)
        _ = try await store.beginIdempotentRequest(scope: ada, key: "k", fingerprint: fingerprint, now: Fixture.now)
        try await store.finishIdempotentRequest(scope: ada, key: "k", response: answer)
        try await store.deleteUser(id: id, cascade: true)
        // Were the key kept, another request under it would be a mismatch; it is gone (and the account
        // with it, so a new claim may not even be written).
        let after = try? await store.beginIdempotentRequest(scope: ada, key: "k", fingerprint: other, now: Fixture.now)
        #expect(after != .mismatch)
    }
}
