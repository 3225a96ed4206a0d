import Foundation
import HabitsDomain
import HabitsScreens
import NIOConcurrencyHelpers

/// Widgets drawn once per state of the store: a README's image is fetched far more often than its owner
/// logs, so each widget's bytes are kept with the store revision and the end of the day they show, and
/// made again only when either has passed. Within a byte budget: past it the cache starts over.
final class WidgetCache: Sendable {
    /// What is drawn: the owner, the family and habit, the look, and the format.
    struct Key: Hashable, Sendable {
        var ownerID: Int64
        var family: WidgetFamily
        var habitID: Int64?
        var style: WidgetStyle
        var format: WidgetFormat
    }

    /// One drawing, the state it shows, and when it stops being today's.
    struct Entry: Sendable {
        var revision: Int64
        var reloadAfter: Date
        var bytes: [UInt8]
        /// The same bytes gzipped once, for the clients that accept it (nearly all): a widget is fetched far
        /// more often than it changes.
        var gzipped: [UInt8]
        var etag: String
    }

    let byteBudget: Int
    private let state = NIOLockedValueBox((entries: [Key: Entry](), bytes: 0))
    /// The addresses looked up, by their secret's hash, with the revision they were read at. Revoking one bumps
    /// the revision (`AccountStore.deleteWidget`), as deleting its habit or account does, so one kept at the
    /// current revision is still there.
    private let grants = NIOLockedValueBox([Data: (revision: Int64, grant: WidgetGrant)]())

    /// The most addresses kept: about 200 bytes each.
    static let maximumGrants = 10_000

    init(byteBudget: Int = 8 << 20) {
        self.byteBudget = byteBudget
    }

    /// The drawing of `key` while the store is at `revision` and `now` is before its day ends.
    ///
    /// - Complexity: a hash of `key`.
    func entry(for key: Key, revision: Int64, now: Date) -> Entry? {
        state.withLockedValue { state in
            guard let entry = state.entries[key], entry.revision == revision, now < entry.reloadAfter else {
                return nil
            }
            return entry
        }
    }

    /// Keeps `entry` for `key`, in place of any earlier one.
    func keep(_ entry: Entry, for key: Key) {
        let cost = entry.bytes.count + entry.gzipped.count + 256
        state.withLockedValue { state in
            if let earlier = state.entries.removeValue(forKey: key) {
                state.bytes -= earlier.bytes.count + earlier.gzipped.count + 256
            }
            if state.bytes + cost > byteBudget {
                state.entries.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            guard cost <= byteBudget else { return }
            state.entries[key] = entry
            state.bytes += cost
        }
    }

    /// The address whose secret hashes to `secretHash`, when it was read at `revision`.
    ///
    /// - Complexity: a hash of `secretHash`.
    func grant(for secretHash: Data, revision: Int64) -> WidgetGrant? {
        grants.withLockedValue { grants in
            guard let kept = grants[secretHash], kept.revision == revision else { return nil }
            return kept.grant
        }
    }

    /// Keeps `grant`, read at `revision`; past `maximumGrants` the addresses start over.
    func keep(_ grant: WidgetGrant, for secretHash: Data, revision: Int64) {
        grants.withLockedValue { grants in
            if grants.count >= Self.maximumGrants { grants.removeAll(keepingCapacity: true) }
            grants[secretHash] = (revision, grant)
        }
    }

    /// How many bytes the cache counts now.
    var byteCount: Int { state.withLockedValue { $0.bytes } }
}

/// What a widget's address answers: the image or the document.
enum WidgetFormat: String, Hashable, Sendable {
    case svg, json
}
