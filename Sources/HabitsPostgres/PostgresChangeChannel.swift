import Foundation
import HabitsStore
import Logging
import PostgresNIO

/// What each commit changed, announced with `NOTIFY` so that every instance on the database feeds its
/// own `StoreChangeFeed` with the writes made through the others.
///
/// The payload is the `StoreChange` in JSON with the writing instance's id first, sent inside the write's
/// transaction (PostgreSQL delivers it on commit, in commit order). A change too large for a payload is
/// written to `large_changes` in the same transaction and the payload names its revision: the listeners
/// read it from there. What a listener cannot have exactly (a large change already pruned, or the writes
/// made while its connection was lost) it publishes as `superset(revision:)`, which makes every screen
/// look again: nothing is missed, at the cost of some rebuilds.
enum PostgresChangeChannel {
    /// PostgreSQL refuses payloads of 8000 bytes or more; stay well below.
    static let maximumPayload = 7_000
    /// How many revisions back a large change stays in `large_changes`; a listener reads it within
    /// milliseconds of the commit, so this is a margin, and it bounds the table. The commit's trigger
    /// prunes (schema v10).
    static let keptLargeChanges: Int64 = 1_000
    /// The revision a payload carries until the commit's trigger writes the real one in its place: the
    /// text `"revision":-1` is replaced, which `encoded(_:)` writes without spaces.
    static let pendingRevision: Int64 = -1

    /// The channel of the stores in `schema` (stores in other schemas of the database hear nothing).
    static func name(schema: String?) -> String {
        "habits_changes" + (schema.map { "_" + $0 } ?? "")
    }

    private struct Payload: Decodable {
        var instance: String
        var revision: Int64
        /// user, habit, before, after, and the lowest and highest count between them when they are not the
        /// two ends (a count that went past `after` within the commit's writes).
        var counts: [[Int64]]
        var favoritesOf: [Int64]
        var followsOf: [Int64]
        var catalogue: Bool
        var programs: Bool
        var help: Bool
        var recentEmojiOf: [Int64]
        var daysOf: [Int64]?
        /// The change is in `large_changes` under `revision`.
        var byReference: Bool?
    }

    /// What a commit announces of `change`, made by `instance`: the notification's payload, and for a change
    /// too large for one, the text to keep in `large_changes` under the change's revision.
    static func announcement(_ change: StoreChange, instance: String) -> (payload: String, stored: String?) {
        let full = Payload(
            instance: instance, revision: change.revision,
            counts: change.counts.map(Self.values),
            favoritesOf: change.favoritesOf.sorted(), followsOf: change.followsOf.sorted(),
            catalogue: change.catalogue, programs: change.programs, help: change.help,
            recentEmojiOf: change.recentEmojiOf.sorted(), daysOf: change.daysOf.sorted())
        let text = encoded(full)
        if text.utf8.count < maximumPayload { return (text, nil) }
        let reference = Payload(
            instance: instance, revision: change.revision, counts: [], favoritesOf: [], followsOf: [],
            catalogue: false, programs: false, help: false, recentEmojiOf: [], daysOf: nil, byReference: true)
        return (encoded(reference), text)
    }

    /// A count change as a payload's numbers: four when its lowest and highest are its ends, else six.
    private static func values(_ count: CountChange) -> [Int64] {
        let ends = [count.userID, count.habitID, Int64(count.before), Int64(count.after)]
        if count.lowest == min(count.before, count.after) && count.highest == max(count.before, count.after) {
            return ends
        }
        return ends + [Int64(count.lowest), Int64(count.highest)]
    }

    /// A change that makes every screen look again: what a listener publishes for writes up to `revision`
    /// it cannot know exactly.
    static func superset(revision: Int64) -> StoreChange {
        StoreChange(revision: revision, catalogue: true, programs: true, help: true)
    }

    /// The change a payload announces and the instance that made it; nil for a payload that is not one.
    /// A payload naming a large change by reference reads `instance` and `change.revision` only.
    static func change(from text: String) -> (instance: String, change: StoreChange, byReference: Bool)? {
        guard let payload = try? JSONDecoder().decode(Payload.self, from: Data(text.utf8)) else { return nil }
        let counts = payload.counts.compactMap { values -> CountChange? in
            guard values.count == 4 || values.count == 6 else { return nil }
            let ends = (before: Int(values[2]), after: Int(values[3]))
            return CountChange(
                userID: values[0], habitID: values[1], before: ends.before, after: ends.after,
                lowest: values.count == 6 ? Int(values[4]) : min(ends.before, ends.after),
                highest: values.count == 6 ? Int(values[5]) : max(ends.before, ends.after))
        }
        let change = StoreChange(
            revision: payload.revision, counts: counts, favoritesOf: Set(payload.favoritesOf),
            followsOf: Set(payload.followsOf), catalogue: payload.catalogue, programs: payload.programs,
            help: payload.help, recentEmojiOf: Set(payload.recentEmojiOf), daysOf: Set(payload.daysOf ?? []))
        return (payload.instance, change, payload.byReference == true)
    }

    /// Whether `payload` is certainly an announcement of `instance`, told from its opening without decoding
    /// it: the encoder writes the instance first. Every instance hears its own commits on the channel, and
    /// decoding them was most of what listening cost the writing instance. A payload that opens otherwise is
    /// decoded and its instance compared.
    static func isAnnounced(_ payload: String, by instance: String) -> Bool {
        payload.utf8.starts(with: Self.opening(of: instance))
    }

    /// The text every payload of `instance` starts with (its id is a UUID: nothing in it is escaped).
    private static func opening(of instance: String) -> [UInt8] {
        Array(#"{"instance":""#.utf8) + Array(instance.utf8) + Array(#"","#.utf8)
    }

    /// Waits for the first element of `stream`, or until `limit` has passed.
    static func first(of stream: AsyncStream<Void>, within limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await _ in stream { return } }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    /// `payload` in compact JSON, the instance first (`isAnnounced`), any other instance's decoder reads it.
    ///
    /// - Complexity: O(n) in the payload's numbers.
    private static func encoded(_ payload: Payload) -> String {
        func numbers(_ values: [Int64]) -> String { "[" + values.map(String.init).joined(separator: ",") + "]" }
        var text = #"{"instance":"# + quoted(payload.instance) + #","revision":"# + String(payload.revision)
        text += #","counts":["# + payload.counts.map(numbers).joined(separator: ",") + "]"
        text += #","favoritesOf":"# + numbers(payload.favoritesOf)
        text += #","followsOf":"# + numbers(payload.followsOf)
        text += #","catalogue":\#(payload.catalogue),"programs":\#(payload.programs),"help":\#(payload.help)"#
        text += #","recentEmojiOf":"# + numbers(payload.recentEmojiOf)
        if let days = payload.daysOf { text += #","daysOf":"# + numbers(days) }
        if let byReference = payload.byReference { text += #","byReference":\#(byReference)"# }
        return text + "}"
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20: quoted += String(format: "\\u%04x", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// Listens on `channel` until cancelled, publishing to `feed` every change another instance made.
    /// After a lost connection it listens again, `retryDelay` later, then reads the store's revision:
    /// writes committed meanwhile were announced to no one here, so it publishes them as one superset.
    static func follow(
        client: PostgresClient, channel: String, instance: String, feed: StoreChangeFeed,
        revision: RevisionCounter, retryDelay: Duration, logger: Logger, ready: @escaping @Sendable () -> Void
    ) async {
        var listenedBefore = false
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    let notifications = try await connection.listen(channel)
                    if listenedBefore {
                        let stored = try await storeRevision(connection, logger: logger)
                        if stored > revision.current {
                            revision.raise(to: stored)
                            feed.publish(superset(revision: stored))
                        }
                    }
                    listenedBefore = true
                    ready()
                    for try await notification in notifications {
                        guard !isAnnounced(notification.payload, by: instance),
                            let (from, announced, byReference) = Self.change(from: notification.payload),
                            from != instance
                        else { continue }
                        let change =
                            byReference
                            ? try await largeChange(connection, revision: announced.revision, logger: logger)
                            : announced
                        revision.raise(to: change.revision)
                        feed.publish(change)
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("lost the change channel; listening again", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: retryDelay)
            }
        }
    }

    /// The revision of the last committed write.
    private static func storeRevision(_ connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        let rows = try await connection.query("SELECT value FROM store_revision WHERE id = 1", logger: logger)
        for try await value in rows.decode(Int64.self) { return value }
        return 0
    }

    /// The large change of `revision`, or a superset if it was pruned meanwhile.
    private static func largeChange(
        _ connection: PostgresConnection, revision: Int64, logger: Logger
    ) async throws -> StoreChange {
        let rows = try await connection.query(
            "SELECT payload FROM large_changes WHERE revision = \(revision)", logger: logger)
        for try await text in rows.decode(String.self) {
            if let (_, change, _) = Self.change(from: text) { return change }
        }
        return superset(revision: revision)
    }
}
