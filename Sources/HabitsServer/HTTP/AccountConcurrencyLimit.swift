import Foundation
import HTTPTypes
import HabitsDomain
import NIOConcurrencyHelpers

/// Lets one operation per account run at once, and at most `maximum` in all.
///
/// One account's second operation is refused (409, `refusal`), so that one member's slow work never takes
/// the places every other member's needs; the total bound keeps memory bounded however many accounts ask
/// at once (503 `busy` with `Retry-After` past it).
final class AccountConcurrencyLimit: Sendable {
    /// The most operations running at once, all accounts together.
    let maximum: Int
    /// What an account already running one is told.
    let refusal: HabitsError
    /// What the operations are, for the 503's sentence ("Too many imports at once").
    let noun: String
    /// The accounts with one running: at most `maximum` of them.
    private let running = NIOLockedValueBox(Set<Int64>())

    init(maximum: Int, refusal: HabitsError, noun: String) {
        self.maximum = maximum
        self.refusal = refusal
        self.noun = noun
    }

    /// How many operations are running.
    var runningCount: Int { running.withLockedValue { $0.count } }

    /// Runs `body` for `account` when it has none running and the total leaves room; throws at once
    /// otherwise, the account's own refusal first (waiting would not help it).
    ///
    /// - Complexity: O(1) on average to admit and to release.
    func run<T>(account: Int64, _ body: () async throws -> T) async throws -> T {
        let admission: Admission = running.withLockedValue { running in
            if running.contains(account) { return .accountBusy }
            guard running.count < maximum else { return .full }
            running.insert(account)
            return .admitted
        }
        switch admission {
        case .admitted: break
        case .accountBusy: throw refusal
        case .full:
            throw APIError(
                status: .serviceUnavailable, code: "busy", message: "Too many \(noun) at once; try again in a moment.",
                headers: [.retryAfter: "1"])
        }
        defer { _ = running.withLockedValue { $0.remove(account) } }
        return try await body()
    }

    /// What `run` decided under the lock.
    private enum Admission { case admitted, accountBusy, full }
}
