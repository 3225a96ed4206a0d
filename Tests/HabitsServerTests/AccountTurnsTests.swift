import Foundation
import Testing

@testable import HabitsServer

/// One account's requests take turns; another account's never wait for them.
@Suite struct AccountTurnsTests {
    /// A gate a test opens: the body of a turn waits on it.
    actor Gate {
        var open = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        func wait() async {
            if open { return }
            await withCheckedContinuation { waiters.append($0) }
        }
        func release() {
            open = true
            for waiter in waiters { waiter.resume() }
            waiters = []
        }
    }

    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return condition()
    }

    @Test(.timeLimit(.minutes(1))) func anAccountsSecondRequestWaitsAndAnothersDoesNot() async throws {
        let turns = AccountTurns(concurrent: 1, maximumWaiting: 1)
        let gate = Gate()
        let first = Task { try await turns.run(account: 1) { await gate.wait() } }
        #expect(await Self.eventually { turns.counts(of: 1).running == 1 })
        let second = Task { try await turns.run(account: 1) { "second" } }
        #expect(await Self.eventually { turns.counts(of: 1).waiting == 1 })
        // Another account runs at once, beside the first's turn.
        #expect(try await turns.run(account: 2) { "other" } == "other")
        // Past the account's queue: turned away at once.
        await #expect(throws: APIError.self) { try await turns.run(account: 1) { "third" } }
        await gate.release()
        try await first.value
        #expect(try await second.value == "second")
        #expect(turns.counts(of: 1).running == 0 && turns.counts(of: 1).waiting == 0)
    }

    @Test(.timeLimit(.minutes(1))) func aCancelledWaitLeavesTheQueueAndATurnIsNeverLost() async throws {
        let turns = AccountTurns(concurrent: 1, maximumWaiting: 4)
        let gate = Gate()
        let first = Task { try await turns.run(account: 1) { await gate.wait() } }
        #expect(await Self.eventually { turns.counts(of: 1).running == 1 })
        let waiting = Task { try await turns.run(account: 1) { "never" } }
        #expect(await Self.eventually { turns.counts(of: 1).waiting == 1 })
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(turns.counts(of: 1).waiting == 0)
        await gate.release()
        try await first.value
        // A body that throws gives its turn back too.
        await #expect(throws: CancellationError.self) {
            try await turns.run(account: 1) { throw CancellationError() }
        }
        #expect(try await turns.run(account: 1) { 7 } == 7)
        #expect(turns.counts(of: 1).running == 0)
    }
}
