import Foundation
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore
import Logging
import Testing

@testable import HabitsServer

/// A hub behind the store takes several commits as one merged change, while a document it keeps may have been
/// built between them. The merged change must still tell that document it is out of date.
@Suite struct ScreenHubMergedChangeTests {
    /// user0's Home, which shows user1's place in Read (user0 follows user1), kept by a hub that takes the store's
    /// changes only when the test says so.
    struct Behind {
        var store: SQLiteHabitStore
        var users: [String: Int64]
        var habits: [String: Int64]
        var hub: ScreenHub
        var request: ScreenRequest
        var subscription: UUID
        var changes: StoreChanges

        init(user1Logs: Int, user3Logs: Int) async throws {
            (store, users, habits) = try await screenStore()
            hub = ScreenHub(store: store, metrics: ServerMetrics(), logger: Logger(label: "test"))
            request = ScreenRequest(screen: .home, viewerID: try #require(users["user0"]))
            for _ in 0..<user1Logs { _ = try await Self.log(store, "user1") }
            for _ in 0..<user3Logs { _ = try await Self.log(store, "user3") }
            changes = store.storeChanges()
            (subscription, _, _) = try await hub.subscribe(request)
        }

        /// Logs Read for `key`, and the log's id.
        func log(_ key: String) async throws -> Int64 { try await Self.log(store, key) }

        static func log(_ store: SQLiteHabitStore, _ key: String) async throws -> Int64 {
            let timestamp = Date(timeIntervalSince1970: 1_795_000_000)
            return try await store.log(CourseAPI.LoggedHabit(userID: key, habitName: "Read", timestamp: timestamp))
        }

        /// The Home as a stream's own read records it now, between commits the hub has not taken.
        func readHome() async throws -> ScreenDocument { try await hub.document(for: request) }

        /// Lets the hub take everything committed since the last take, as one change, then compares the Home
        /// it keeps with one built now.
        func expectCaughtUp(_ comment: Comment) async throws {
            if let change = changes.takePending() { await hub.follow(change) }
            let kept = try #require(await hub.keptDocument(of: request))
            let rebuilt = try #require(try await rebuiltNow([request], in: store)[request])
            let same = kept.showsTheSame(as: rebuilt)
            #expect(same, comment)
            #expect(place(in: kept) == place(in: rebuilt))
            await hub.unsubscribe(subscription)
        }

        func place(in document: ScreenDocument) -> [String] {
            document.sections.flatMap(\.items).compactMap(\.fallback.subtitle).filter { $0.contains("Read") }
        }
    }

    /// user3 passes user1 and falls back: the change nets to nothing, but the Home built while user3 was ahead
    /// shows user1 second.
    @Test func aCountThatCameBackStillReachesAHomeBuiltWhileItWasAway() async throws {
        let behind = try await Behind(user1Logs: 1, user3Logs: 1)
        let passing = try await behind.log("user3")
        let between = try await behind.readHome()
        try await behind.store.deleteLog(id: passing)
        try await behind.expectCaughtUp("the Home built at \(between.revision) showed \(behind.place(in: between))")
    }

    /// user3 goes from 1 to 3 and back to 2, tying user1: the change from 1 to 2 does not cross user1's 2, but the
    /// Home built at 3 shows user1 second.
    @Test func aCountThatOvershotStillReachesAHomeBuiltAtItsHighest() async throws {
        let behind = try await Behind(user1Logs: 2, user3Logs: 1)
        _ = try await behind.log("user3")
        let overshoot = try await behind.log("user3")
        let between = try await behind.readHome()
        try await behind.store.deleteLog(id: overshoot)
        try await behind.expectCaughtUp("the Home built at \(between.revision) showed \(behind.place(in: between))")
    }
}
