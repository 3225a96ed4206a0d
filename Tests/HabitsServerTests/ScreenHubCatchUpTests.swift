import Foundation
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore
import Prometheus
import Testing

@testable import HabitsServer

/// A commit that lands after the hub took its changes and before it opened its snapshot: the snapshot takes
/// it in, so that the batch's rechecks stay patches, and every document is named for what it shows.
@Suite struct ScreenHubCatchUpTests {
    typealias Passing = ScreenHubRecheckTests.Passing

    /// The text of the hub's counters.
    static func counters(_ passing: Passing) -> String {
        var exposition: [UInt8] = []
        passing.metrics.registry.emit(into: &exposition)
        return String(decoding: exposition, as: UTF8.self)
    }

    /// The change of `key`'s log of `habit`, made now.
    static func log(_ passing: Passing, _ key: String, _ habit: String) async throws -> StoreChange {
        let userID = try #require(passing.users[key])
        let habitID = try #require(passing.habits[habit])
        let before = try await passing.store.readScreens { try await $0.counts(userID: userID)[habitID] ?? 0 }
        try await ScreenHubRecheckTests.log(passing.store, key, habit)
        let revision = try await passing.store.readScreens { source in source.revision }
        let count = CountChange(userID: userID, habitID: habitID, before: before, after: before + 1)
        return StoreChange(revision: revision, counts: [count])
    }

    /// Found by `scripts/live-load.sh` at 5,000 streams: about half of all rechecks were rebuilt, because a
    /// write landed between the hub taking its changes and opening its snapshot. The commit it shows that the
    /// hub had not taken (one the Home does not read) is taken inside the snapshot, and the recheck patches.
    @Test func aCommitTheSnapshotShowsIsTakenThereAndTheRecheckStillPatches() async throws {
        let passing = try await Passing()
        let unread = try await Self.log(passing, "user4", "Deep breathing")
        // Not pending while the jobs are found: it lands just before the snapshot.
        let pending = PendingChanges([unread], nothingFirst: 1)
        await passing.hub.follow(passing.change, takingPending: pending.take)

        let (recorded, rebuilt) = try await passing.recordedAndRebuilt()
        #expect(recorded.revision == String(unread.revision))
        #expect(recorded.showsTheSame(as: rebuilt))
        let counters = Self.counters(passing)
        #expect(counters.contains("habits_screen_patches_total 1\n"), "the recheck patched user1's line")
        #expect(counters.contains("habits_screen_late_rechecks_total 0\n"))
        await passing.hub.unsubscribe(passing.subscription)
    }

    /// The commit the snapshot shows changes the Home (a card of user0's favourite Swim): the Home is made in
    /// the second snapshot, which shows both changes, and named for it.
    @Test func aCommitTheSnapshotShowsThatTouchesTheScreenIsShownByIt() async throws {
        let passing = try await Passing()
        let swim = try await Self.log(passing, "user4", "Swim")
        let pending = PendingChanges([swim], nothingFirst: 1)
        await passing.hub.follow(passing.change, takingPending: pending.take)

        let (recorded, rebuilt) = try await passing.recordedAndRebuilt()
        #expect(recorded.revision == String(swim.revision))
        #expect(recorded.showsTheSame(as: rebuilt), "the Home named \(recorded.revision) shows that revision")
        await passing.hub.unsubscribe(passing.subscription)
    }

    /// A commit the hub never hears of (its announcement lost): after a few waits the recheck rebuilds, as
    /// any recheck in a snapshot past its change does, and the Home shows every write of its snapshot.
    @Test func aCommitNeverAnnouncedLeavesTheRecheckToRebuild() async throws {
        let passing = try await Passing()
        _ = try await Self.log(passing, "user4", "Swim")
        await passing.hub.follow(passing.change, takingPending: PendingChanges([]).take)

        let (recorded, rebuilt) = try await passing.recordedAndRebuilt()
        #expect(recorded.revision == rebuilt.revision)
        #expect(recorded.showsTheSame(as: rebuilt))
        #expect(Self.counters(passing).contains("habits_screen_late_rechecks_total 1\n"))
        await passing.hub.unsubscribe(passing.subscription)
    }

    /// Jobs move to the second snapshot until the halves hold about as many; none is lost or doubled.
    @Test func sharingEvensTheHalves() {
        func job(_ viewer: Int64) -> ScreenHub.BuildJob {
            ScreenHub.BuildJob(request: ScreenRequest(screen: .home, viewerID: viewer))
        }
        var here = (1...14).map(job)
        var there = [job(15)]
        ScreenHub.share(&here, &there)
        #expect(here.count == 8 && there.count == 7)
        #expect(here.map(\.request.viewerID) == Array(1...8))
        #expect(Set((here + there).map(\.request.viewerID)) == Set(1...15))
        var few = [job(1)]
        var many = (2...5).map(job)
        ScreenHub.share(&few, &many)
        #expect(few.count == 1 && many.count == 4, "nothing moves back")
    }
}
