import Foundation
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore
import Logging
import Prometheus
import Testing

@testable import HabitsServer

/// Rechecks and patches when the hub is behind the store: a document is named for a revision only when it
/// shows that revision.
@Suite struct ScreenHubRecheckTests {
    static func log(_ store: SQLiteHabitStore, _ key: String, _ habit: String) async throws {
        let timestamp = Date(timeIntervalSince1970: 1_795_000_000)
        _ = try await store.log(CourseAPI.LoggedHabit(userID: key, habitName: habit, timestamp: timestamp))
    }

    /// Found by `scripts/live-load.sh` at 5,000 streams, where the hub falls behind the writes: a recheck
    /// made in a snapshot that later writes had reached patched the lines of the moved ranks and kept the
    /// other items as the change had vouched for them, and named the result for the snapshot. Its stream was
    /// later sent those items' change, an event that showed nothing the revision it was named for did not.
    @Test func aRecheckInASnapshotPastItsChangeShowsEveryWriteOfTheSnapshot() async throws {
        let (store, users, habits) = try await screenStore()
        let hub = ScreenHub(store: store, metrics: ServerMetrics(), logger: Logger(label: "test"))
        let request = ScreenRequest(screen: .home, viewerID: try #require(users["user0"]))
        // user0 follows user1, whose line shows their place in Read, shared with user3.
        try await Self.log(store, "user1", "Read")
        try await Self.log(store, "user3", "Read")
        let (id, _, _) = try await hub.subscribe(request)
        let shown = try await hub.document(for: request)

        // user3 passes user1, a change whose only effect on the Home is user1's place: a recheck.
        try await Self.log(store, "user3", "Read")
        let passed = try await store.readScreens { source in source.revision }
        let passing = CountChange(
            userID: try #require(users["user3"]), habitID: try #require(habits["Read"]), before: 1, after: 2)
        // Before the hub takes that change, user4 logs Swim, a favourite of user0: the Swim card changes.
        try await Self.log(store, "user4", "Swim")
        await hub.follow(StoreChange(revision: passed, counts: [passing]))

        let event = try #require(await hub.nextEvent(for: id, after: shown.revision)).resolved()
        guard case .changes(let changeset) = event else {
            Issue.record("the event after the change: \(event)")
            return
        }
        let recorded = try shown.applying(changeset)
        let rebuilt = try await store.readScreens { source in
            try await ScreenBuilder(source: MemoizingSource(source)).document(
                for: request, revision: String(source.revision))
        }
        #expect(recorded.revision == rebuilt.revision)
        #expect(recorded.showsTheSame(as: rebuilt), "the Home named \(recorded.revision) shows that revision")
        await hub.unsubscribe(id)
    }

    /// A commit that came while the hub was finding a change's jobs joins them: the recheck is then made in
    /// a snapshot it vouches for, and patches the moved rank instead of rebuilding the Home. Without the join,
    /// a hub slow to find its jobs rebuilt every recheck (5,000 streams: 475 patches of 52,486 rechecks).
    @Test func aCommitThatCameWhileTheJobsWereFoundJoinsThemAndTheRecheckPatches() async throws {
        let (store, users, habits) = try await screenStore()
        let metrics = ServerMetrics()
        let hub = ScreenHub(store: store, metrics: metrics, logger: Logger(label: "test"))
        let request = ScreenRequest(screen: .home, viewerID: try #require(users["user0"]))
        try await Self.log(store, "user1", "Read")
        try await Self.log(store, "user3", "Read")
        let (id, _, _) = try await hub.subscribe(request)
        let shown = try await hub.document(for: request)

        try await Self.log(store, "user3", "Read")
        let passed = try await store.readScreens { source in source.revision }
        let passing = CountChange(
            userID: try #require(users["user3"]), habitID: try #require(habits["Read"]), before: 1, after: 2)
        // A commit the Home does not read lands before the build: user4 is not followed, Deep breathing not shown.
        try await Self.log(store, "user4", "Deep breathing")
        let later = try await store.readScreens { source in source.revision }
        let unread = CountChange(
            userID: try #require(users["user4"]), habitID: try #require(habits["Deep breathing"]), before: 0, after: 1)
        var pending: [StoreChange] = [StoreChange(revision: later, counts: [unread])]
        await hub.follow(StoreChange(revision: passed, counts: [passing])) { pending.popLast() }

        let event = try #require(await hub.nextEvent(for: id, after: shown.revision)).resolved()
        guard case .changes(let changeset) = event else {
            Issue.record("the event after the change: \(event)")
            return
        }
        let recorded = try shown.applying(changeset)
        let rebuilt = try await store.readScreens { source in
            try await ScreenBuilder(source: MemoizingSource(source)).document(
                for: request, revision: String(source.revision))
        }
        #expect(recorded.revision == String(later))
        #expect(recorded.showsTheSame(as: rebuilt))
        var exposition: [UInt8] = []
        metrics.registry.emit(into: &exposition)
        let text = String(decoding: exposition, as: UTF8.self)
        #expect(text.contains("habits_screen_patches_total 1\n"), "the recheck patched user1's line")
        await hub.unsubscribe(id)
    }

    /// Joined jobs: a later rebuild replaces a recheck, two rechecks stay one, and every recheck is vouched
    /// for at the later revision.
    @Test func joiningJobsKeepsOnePerScreenAndTheStrongerAction() {
        let reads = ScreenDependencies()
        let home = ScreenRequest(screen: .home, viewerID: 1)
        let today = ScreenRequest(screen: .today, viewerID: 1)
        let other = ScreenRequest(screen: .home, viewerID: 2)
        let earlier = [
            ScreenHub.BuildJob(request: home, vouchedReads: reads, vouchedAt: 5),
            ScreenHub.BuildJob(request: today, vouchedReads: reads, vouchedAt: 5),
        ]
        let later = [
            ScreenHub.BuildJob(request: today),
            ScreenHub.BuildJob(request: home, vouchedReads: reads, vouchedAt: 7),
            ScreenHub.BuildJob(request: other),
        ]
        let joined = ScreenHub.joining(earlier, later, at: 7)
        #expect(joined.map(\.request) == [home, today, other])
        #expect(joined.map { $0.vouchedReads != nil } == [true, false, false])
        #expect(joined[0].vouchedAt == 7)
    }
}
