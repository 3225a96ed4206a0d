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

    /// user0's Home open on a hub, then user3 passing user1 in Read, a change whose only effect on the Home
    /// is user1's place (user0 follows user1, whose line shows it): a recheck. The hub has not taken it.
    struct Passing {
        var store: SQLiteHabitStore
        var users: [String: Int64]
        var habits: [String: Int64]
        var metrics = ServerMetrics()
        var hub: ScreenHub
        var request: ScreenRequest
        var subscription: UUID
        var shown: ScreenDocument
        /// The change of user3's log, at its revision.
        var change: StoreChange

        init() async throws {
            (store, users, habits) = try await screenStore()
            hub = ScreenHub(store: store, metrics: metrics, logger: Logger(label: "test"))
            request = ScreenRequest(screen: .home, viewerID: try #require(users["user0"]))
            try await ScreenHubRecheckTests.log(store, "user1", "Read")
            try await ScreenHubRecheckTests.log(store, "user3", "Read")
            (subscription, _, _) = try await hub.subscribe(request)
            shown = try await hub.document(for: request)
            try await ScreenHubRecheckTests.log(store, "user3", "Read")
            let passed = try await store.readScreens { source in source.revision }
            let passing = CountChange(
                userID: try #require(users["user3"]), habitID: try #require(habits["Read"]), before: 1, after: 2)
            change = StoreChange(revision: passed, counts: [passing])
        }

        /// The hub's counters, as `/metrics` shows them.
        var counters: String {
            var exposition: [UInt8] = []
            metrics.registry.emit(into: &exposition)
            return String(decoding: exposition, as: UTF8.self)
        }

        /// The stream's next event was not a changeset.
        struct NotChanges: Error {
            var event: String
        }

        /// The Home the stream's next event makes of the one shown, and the Home built now.
        func recordedAndRebuilt() async throws -> (recorded: ScreenDocument, rebuilt: ScreenDocument) {
            let event = try #require(await hub.nextEvent(for: subscription, after: shown.revision)).resolved()
            guard case .changes(let changeset) = event else { throw NotChanges(event: "\(event)") }
            let rebuilt = try #require(try await rebuiltNow([request], in: store)[request])
            return (try shown.applying(changeset), rebuilt)
        }
    }

    /// Found by `scripts/live-load.sh` at 5,000 streams, where the hub falls behind the writes: a recheck
    /// made in a snapshot that later writes had reached patched the lines of the moved ranks and kept the
    /// other items as the change had vouched for them, and named the result for the snapshot. Its stream was
    /// later sent those items' change, an event that showed nothing the revision it was named for did not.
    @Test func aRecheckInASnapshotPastItsChangeShowsEveryWriteOfTheSnapshot() async throws {
        let passing = try await Passing()
        // Before the hub takes that change, user4 logs Swim, a favourite of user0: the Swim card changes.
        try await Self.log(passing.store, "user4", "Swim")
        await passing.hub.follow(passing.change)

        let (recorded, rebuilt) = try await passing.recordedAndRebuilt()
        #expect(recorded.revision == rebuilt.revision)
        #expect(recorded.showsTheSame(as: rebuilt), "the Home named \(recorded.revision) shows that revision")
        #expect(passing.counters.contains("habits_screen_late_rechecks_total 1\n"))
        await passing.hub.unsubscribe(passing.subscription)
    }

    /// A commit that came while the hub was finding a change's jobs joins them: the recheck is then made in
    /// a snapshot it vouches for, and patches the moved rank instead of rebuilding the Home. Without the join,
    /// a hub slow to find its jobs rebuilt every recheck (5,000 streams: 475 patches of 52,486 rechecks).
    @Test func aCommitThatCameWhileTheJobsWereFoundJoinsThemAndTheRecheckPatches() async throws {
        let passing = try await Passing()
        // A commit the Home does not read lands before the build: user4 is not followed, Deep breathing not shown.
        try await Self.log(passing.store, "user4", "Deep breathing")
        let later = try await passing.store.readScreens { source in source.revision }
        let unread = CountChange(
            userID: try #require(passing.users["user4"]), habitID: try #require(passing.habits["Deep breathing"]),
            before: 0, after: 1)
        var pending: [StoreChange] = [StoreChange(revision: later, counts: [unread])]
        await passing.hub.follow(passing.change) { pending.popLast() }

        let (recorded, rebuilt) = try await passing.recordedAndRebuilt()
        #expect(recorded.revision == String(later))
        #expect(recorded.showsTheSame(as: rebuilt))
        #expect(passing.counters.contains("habits_screen_patches_total 1\n"), "the recheck patched user1's line")
        await passing.hub.unsubscribe(passing.subscription)
    }

    /// The revision of the store now, and the change of user4's log of `habit` (from 0 to 1) at it.
    static func user4Logs(_ habit: String, _ passing: Passing) async throws -> StoreChange {
        try await Self.log(passing.store, "user4", habit)
        let revision = try await passing.store.readScreens { source in source.revision }
        let logged = CountChange(
            userID: try #require(passing.users["user4"]), habitID: try #require(passing.habits[habit]),
            before: 0, after: 1)
        return StoreChange(revision: revision, counts: [logged])
    }

    /// A commit that landed after the jobs were found, before the snapshot opened, which the hub has not
    /// taken but can see pending: it leaves the Home's other items as they were, so the recheck patches,
    /// named for the snapshot. Without it, a third of the rechecks at 5,000 streams were rebuilt.
    @Test func aRecheckInASnapshotPastItsChangeCatchesUpWithThePendingCommitsAndPatches() async throws {
        let passing = try await Passing()
        let later = try await Self.user4Logs("Deep breathing", passing)
        await passing.hub.follow(passing.change, peekingPending: { later })

        let (recorded, rebuilt) = try await passing.recordedAndRebuilt()
        #expect(recorded.revision == String(later.revision))
        #expect(recorded.showsTheSame(as: rebuilt))
        #expect(passing.counters.contains("habits_screen_patches_total 1\n"), "the recheck patched user1's line")
        #expect(!passing.counters.contains("habits_screen_late_rechecks_total 1\n"))
        await passing.hub.unsubscribe(passing.subscription)
    }

    /// The pending commit changes what the patch would keep (user0 follows user4, a new line): the Home is
    /// rebuilt.
    @Test func aPendingCommitThatChangesAnotherItemRebuildsTheHome() async throws {
        let passing = try await Passing()
        let viewer = try #require(passing.users["user0"])
        try await passing.store.setFollowing(userID: viewer, followedID: try #require(passing.users["user4"]), true)
        let revision = try await passing.store.readScreens { source in source.revision }
        let later = StoreChange(revision: revision, followsOf: [viewer])
        await passing.hub.follow(passing.change, peekingPending: { later })

        let (recorded, rebuilt) = try await passing.recordedAndRebuilt()
        #expect(recorded.revision == rebuilt.revision)
        #expect(recorded.showsTheSame(as: rebuilt), "the Home named \(recorded.revision) shows that revision")
        #expect(recorded.sections[1].items.contains { $0.id == "user-\(passing.users["user4"] ?? 0)" })
        #expect(!passing.counters.contains("habits_screen_patches_total 1\n"))
        #expect(!passing.counters.contains("habits_screen_late_rechecks_total 1\n"))
        await passing.hub.unsubscribe(passing.subscription)
    }

    /// What is pending stops short of the snapshot (a commit published late): the recheck cannot know the
    /// commits between, and rebuilds.
    @Test func aPendingChangeBehindTheSnapshotLeavesTheRecheckLate() async throws {
        let passing = try await Passing()
        let first = try await Self.user4Logs("Deep breathing", passing)
        try await Self.log(passing.store, "user4", "Swim")
        await passing.hub.follow(passing.change, peekingPending: { first })

        let (recorded, rebuilt) = try await passing.recordedAndRebuilt()
        #expect(recorded.revision == rebuilt.revision)
        #expect(recorded.showsTheSame(as: rebuilt))
        #expect(passing.counters.contains("habits_screen_late_rechecks_total 1\n"))
        await passing.hub.unsubscribe(passing.subscription)
    }

    /// PostgreSQL's connections publish their commits as each returns, not in the order of their revisions: a
    /// commit can be taken after a later one. The hub must still count the later one as taken, or a screen
    /// opened next, built before it and changed by it, would pass for current and never show it.
    @Test func aCommitPublishedAfterALaterOneLeavesTheHubAtTheLaterRevision() async throws {
        let (store, users, habits) = try await screenStore()
        let hub = ScreenHub(store: store, metrics: ServerMetrics(), logger: Logger(label: "test"))
        let request = ScreenRequest(screen: .home, viewerID: try #require(users["user0"]))
        let user3 = try #require(users["user3"])
        let read = try #require(habits["Read"])
        try await Self.log(store, "user1", "Read")
        try await Self.log(store, "user3", "Read")
        // Kept without a subscriber: no change taken rebuilds it, and it is as new as the store.
        _ = try await hub.document(for: request)
        let built = try await store.readScreens { source in source.revision }
        // user3 passes user1, whom user0 follows: user0's Home shows user1's new place.
        try await Self.log(store, "user3", "Read")
        let passed = try await store.readScreens { source in source.revision }
        let passing = StoreChange(
            revision: passed, counts: [CountChange(userID: user3, habitID: read, before: 1, after: 2)])
        // The commit the Home was built at, published only after the passing one.
        let first = CountChange(userID: user3, habitID: read, before: 0, after: 1)
        var late = [StoreChange(revision: built, counts: [first])]
        await hub.follow(passing) { late.popLast() }

        let subscription = try await hub.subscribe(request)
        let event = try #require(await hub.nextEvent(for: subscription.id, after: nil)).resolved()
        guard case .document(let shown) = event else {
            Issue.record("the first event is the document, not \(event)")
            return
        }
        let rebuilt = try #require(try await rebuiltNow([request], in: store)[request])
        #expect(shown.revision == String(passed))
        #expect(shown.showsTheSame(as: rebuilt), "the Home shows user3 passing user1")
        await hub.unsubscribe(subscription.id)
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
