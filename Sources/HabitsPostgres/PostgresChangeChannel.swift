import Foundation
import HabitsStore
import Logging
import PostgresNIO

/// What each commit changed, announced with `NOTIFY` so that every instance on the database feeds its
/// own `StoreChangeFeed` with the writes made through the others.
///
/// The payload is the `StoreChange` in JSON with the writing instance's id, sent inside the write's
/// transaction (PostgreSQL delivers it on commit, in commit order). A change too large for a payload is
/// sent as every flag set and no pairs: a superset that makes every screen look again.
enum PostgresChangeChannel {
    /// PostgreSQL refuses payloads of 8000 bytes or more; stay well below.
    static let maximumPayload = 7_000

    /// The channel of the stores in `schema` (stores in other schemas of the database hear nothing).
    static func name(schema: String?) -> String {
        "habits_changes" + (schema.map { "_" + $0 } ?? "")
    }

    private struct Payload: Codable {
        var instance: String
        var revision: Int64
        /// user, habit, before, after.
        var counts: [[Int64]]
        var favoritesOf: [Int64]
        var followsOf: [Int64]
        var catalogue: Bool
        var programs: Bool
        var help: Bool
        var recentEmojiOf: [Int64]
        var daysOf: [Int64]?
    }

    /// The payload announcing `change`, made by `instance`.
    static func payload(_ change: StoreChange, instance: String) -> String {
        let full = Payload(
            instance: instance, revision: change.revision,
            counts: change.counts.map { [$0.userID, $0.habitID, Int64($0.before), Int64($0.after)] },
            favoritesOf: change.favoritesOf.sorted(), followsOf: change.followsOf.sorted(),
            catalogue: change.catalogue, programs: change.programs, help: change.help,
            recentEmojiOf: change.recentEmojiOf.sorted(), daysOf: change.daysOf.sorted())
        if let text = encoded(full), text.utf8.count < maximumPayload { return text }
        let summary = Payload(
            instance: instance, revision: change.revision, counts: [], favoritesOf: [], followsOf: [],
            catalogue: true, programs: true, help: true, recentEmojiOf: [], daysOf: nil)
        return encoded(summary) ?? ""
    }

    /// The change a payload announces and the instance that made it; nil for a payload that is not one.
    static func change(from text: String) -> (instance: String, change: StoreChange)? {
        guard let payload = try? JSONDecoder().decode(Payload.self, from: Data(text.utf8)) else { return nil }
        let counts = payload.counts.compactMap { values -> CountChange? in
            guard values.count == 4 else { return nil }
            return CountChange(
                userID: values[0], habitID: values[1], before: Int(values[2]), after: Int(values[3]))
        }
        let change = StoreChange(
            revision: payload.revision, counts: counts, favoritesOf: Set(payload.favoritesOf),
            followsOf: Set(payload.followsOf), catalogue: payload.catalogue, programs: payload.programs,
            help: payload.help, recentEmojiOf: Set(payload.recentEmojiOf), daysOf: Set(payload.daysOf ?? []))
        return (payload.instance, change)
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

    private static func encoded(_ payload: Payload) -> String? {
        guard let data = try? JSONEncoder().encode(payload) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// Listens on `channel` until cancelled, publishing to `feed` every change another instance made;
    /// after a lost connection it listens again, a second later.
    static func follow(
        client: PostgresClient, channel: String, instance: String, feed: StoreChangeFeed,
        revision: RevisionCounter, logger: Logger, ready: @escaping @Sendable () -> Void
    ) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    let notifications = try await connection.listen(channel)
                    ready()
                    for try await notification in notifications {
                        guard let (from, change) = Self.change(from: notification.payload), from != instance
                        else { continue }
                        revision.raise(to: change.revision)
                        feed.publish(change)
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("lost the change channel; listening again", metadata: ["error": "\(error)"])
                try? await Task.sleep(nanoseconds: 1_000_000_000)
            }
        }
    }
}
