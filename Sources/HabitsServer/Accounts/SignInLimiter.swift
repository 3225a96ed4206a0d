import Foundation
import NIOConcurrencyHelpers

/// Counts failed sign-ins and sign-ups per username and per client address, in a sliding window, and
/// says how long a limited one must wait.
///
/// Held in memory per instance: bounded by `maximumKeys` (about 200 bytes each), oldest windows
/// forgotten first when full, so that no stream of requests can grow it.
final class SignInLimiter: Sendable {
    /// What is being limited.
    enum Subject: Hashable, Sendable {
        /// One username, from every address: a bound on guessing spread over many addresses, high
        /// enough that a few addresses failing on purpose cannot lock its owner out.
        case username(String)
        /// One username from one address: what a guesser at one address meets first.
        case usernameAtAddress(String, String)
        case address(String)
        case signUpAddress(String)
        /// Password confirmations of one signed-in account (changing it, deleting the account): apart
        /// from sign-ins, so that strangers failing to sign in as someone cannot stop them.
        case confirmation(Int64)
    }

    struct Rule: Sendable {
        var attempts: Int
        var window: TimeInterval
    }

    /// 5 failed sign-ins per username and address per 15 minutes (and per account for confirmations).
    static let perUsername = Rule(attempts: 5, window: 15 * 60)
    /// 100 failed sign-ins per username from all addresses together per 15 minutes.
    static let perUsernameEverywhere = Rule(attempts: 100, window: 15 * 60)
    /// 20 failed sign-ins per client address per 15 minutes (people share addresses).
    static let perAddress = Rule(attempts: 20, window: 15 * 60)
    /// 10 sign-ups per client address per hour.
    static let signUpsPerAddress = Rule(attempts: 10, window: 60 * 60)

    private let entries = NIOLockedValueBox<[Subject: [TimeInterval]]>([:])
    let maximumKeys: Int

    init(maximumKeys: Int = 50_000) {
        self.maximumKeys = maximumKeys
    }

    static func rule(for subject: Subject) -> Rule {
        switch subject {
        case .usernameAtAddress, .confirmation: perUsername
        case .username: perUsernameEverywhere
        case .address: perAddress
        case .signUpAddress: signUpsPerAddress
        }
    }

    /// Counts an attempt of each subject before it is checked, unless one is already limited: then
    /// nothing is counted and the wait is returned. Checking and counting under one lock, so that
    /// attempts sent at once cannot all pass the check before any is counted.
    func reserve(_ subjects: [Subject], now: Date) -> Int? {
        let time = now.timeIntervalSince1970
        return entries.withLockedValue { entries in
            var wait: Int?
            for subject in subjects {
                let rule = Self.rule(for: subject)
                let recent = (entries[subject] ?? []).filter { $0 > time - rule.window }
                if recent.count >= rule.attempts, let oldest = recent.min() {
                    wait = max(wait ?? 0, max(1, Int((oldest + rule.window - time).rounded(.up))))
                }
            }
            if wait != nil { return wait }
            for subject in subjects {
                let rule = Self.rule(for: subject)
                if entries[subject] == nil && entries.count >= maximumKeys { evict(&entries, now: time) }
                var recent = (entries[subject] ?? []).filter { $0 > time - rule.window }
                recent.append(time)
                entries[subject] = Array(recent.suffix(rule.attempts))
            }
            return nil
        }
    }

    /// Takes back an attempt `reserve` counted at `now`, once it succeeded.
    func release(_ subject: Subject, at now: Date) {
        let time = now.timeIntervalSince1970
        entries.withLockedValue { entries in
            guard var times = entries[subject], let index = times.lastIndex(of: time) else { return }
            times.remove(at: index)
            entries[subject] = times.isEmpty ? nil : times
        }
    }

    /// Forgets the subjects of a successful sign-in's username.
    func forget(_ subject: Subject) {
        _ = entries.withLockedValue { $0.removeValue(forKey: subject) }
    }

    /// Frees room: every expired window, then, when that is not a quarter of the room, the quarter of
    /// the windows whose last attempt is oldest.
    /// - Complexity: O(n log n), at most once per `maximumKeys / 4` new subjects.
    private func evict(_ entries: inout [Subject: [TimeInterval]], now: TimeInterval) {
        let longest = max(Self.perUsername.window, Self.perAddress.window, Self.signUpsPerAddress.window)
        entries = entries.filter { ($0.value.last ?? 0) > now - longest }
        let excess = entries.count - maximumKeys * 3 / 4
        guard excess > 0 else { return }
        let oldest = entries.sorted { ($0.value.last ?? 0) < ($1.value.last ?? 0) }.prefix(excess)
        for (key, _) in oldest { entries.removeValue(forKey: key) }
    }

    /// How many subjects are held; for tests of the bound.
    var count: Int { entries.withLockedValue { $0.count } }
}
