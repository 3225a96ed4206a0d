import Foundation
import HabitsDomain
import NIOConcurrencyHelpers

/// Identities resolved from secrets' hashes, kept for a few seconds, so that a signed-in request does
/// not read the store for its session each time.
///
/// Every credential write of this instance forgets the account's entries at once (signing out, ending
/// sessions, revoking a token, a new password, deleting the account); one made elsewhere (another
/// instance, `habits admin`) takes effect within `lifetime`. Bounded: at most `capacity` entries (about
/// 300 bytes each), the whole cache dropped when full.
final class IdentityCache: Sendable {
    private struct Entry: Sendable {
        var identity: Identity
        var expires: ContinuousClock.Instant
    }

    private struct State: Sendable {
        var byHash: [Data: Entry] = [:]
        var hashesByUser: [Int64: Set<Data>] = [:]
    }

    private let state = NIOLockedValueBox(State())
    let lifetime: Duration
    let capacity: Int

    init(lifetime: Duration = .seconds(10), capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The identity remembered for `hash`, nil when none is or it expired.
    /// - Complexity: O(1), one hashed lookup.
    func identity(for hash: Data) -> Identity? {
        let now = ContinuousClock.now
        return state.withLockedValue { state in
            guard let entry = state.byHash[hash], entry.expires > now else { return nil }
            return entry.identity
        }
    }

    /// Remembers `identity` for `hash` until `lifetime` from now.
    func remember(_ identity: Identity, for hash: Data) {
        let expires = ContinuousClock.now + lifetime
        state.withLockedValue { state in
            // Dropping everything when full keeps the bound without an eviction order to maintain; the
            // next requests read the store again.
            if state.byHash.count >= capacity { state = State() }
            state.byHash[hash] = Entry(identity: identity, expires: expires)
            state.hashesByUser[identity.userID, default: []].insert(hash)
        }
    }

    /// Forgets every entry of an account, after any change to its credentials.
    /// - Complexity: O(k) for the account's k entries.
    func forget(userID: Int64) {
        state.withLockedValue { state in
            for hash in state.hashesByUser.removeValue(forKey: userID) ?? [] { state.byHash[hash] = nil }
        }
    }

    /// Forgets the entry of one secret (a session ended by its secret).
    func forget(hash: Data) {
        state.withLockedValue { state in
            guard let entry = state.byHash.removeValue(forKey: hash) else { return }
            state.hashesByUser[entry.identity.userID]?.remove(hash)
        }
    }

    /// How many entries are held; for tests of the bound.
    var count: Int { state.withLockedValue { $0.byHash.count } }
}
