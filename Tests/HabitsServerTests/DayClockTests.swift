import Foundation
import Testing

@testable import HabitsServer

/// The days that end at a viewer's midnight, on its own: each zone's midnight is its own deadline.
@Suite struct DayClockTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    /// Zones far apart, from the first midnight on Earth to the last, and two with summer time.
    static let zones = [
        "Pacific/Kiritimati", "Asia/Tokyo", "Europe/London", "America/Los_Angeles", "Pacific/Pago_Pago",
    ]

    /// The next midnight after `instant` in `zone`: when the day a viewer there sees as today ends.
    static func dayEnd(after instant: Date, in zone: String) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let start = calendar.startOfDay(for: instant)
        return try #require(calendar.date(byAdding: .day, value: 1, to: start))
    }

    @Test func theNextDeadlineIsTheEarliestMidnightAndEachComesDueInTurn() throws {
        var clock = DayClock<String>()
        var ends: [String: Date] = [:]
        for zone in Self.zones {
            let end = try Self.dayEnd(after: Self.now, in: zone)
            ends[zone] = end
            clock.watch(zone, until: end)
        }
        #expect(clock.count == Self.zones.count)
        #expect(Set(ends.values).count == Self.zones.count, "each zone has its own midnight")
        // Every zone's day ends within a day, at the earliest first.
        var order: [String] = []
        while let deadline = clock.nextDeadline() {
            #expect(deadline > Self.now && deadline <= Self.now.addingTimeInterval(86_400))
            #expect(clock.takeDue(at: deadline.addingTimeInterval(-1)).isEmpty, "a day came due before its end")
            let due = clock.takeDue(at: deadline)
            #expect(due.count == 1)
            order += due
        }
        #expect(order == Self.zones.sorted { ends[$0, default: .distantPast] < ends[$1, default: .distantPast] })
        #expect(clock.count == 0)
    }

    @Test func everyPastEndComesDueOnceAndAWatchIsReplacedOrTakenOff() throws {
        var clock = DayClock<String>()
        for zone in Self.zones { clock.watch(zone, until: try Self.dayEnd(after: Self.now, in: zone)) }
        // A clock that jumps a whole day finds every day ended, once.
        let later = Self.now.addingTimeInterval(2 * 86_400)
        #expect(Set(clock.takeDue(at: later)) == Set(Self.zones))
        #expect(clock.takeDue(at: later).isEmpty)

        let tokyo = try Self.dayEnd(after: Self.now, in: "Asia/Tokyo")
        let next = try Self.dayEnd(after: tokyo, in: "Asia/Tokyo")
        clock.watch("Asia/Tokyo", until: tokyo)
        clock.watch("Asia/Tokyo", until: next)
        #expect(clock.end(of: "Asia/Tokyo") == next)
        #expect(next.timeIntervalSince(tokyo) == 86_400)
        clock.watch("Asia/Tokyo", until: nil)
        #expect(clock.nextDeadline() == nil)
        clock.watch("Europe/London", until: next)
        clock.unwatch("Europe/London")
        #expect(clock.count == 0)
    }

    @Test func theDaySummerTimeEndsComesDueAfterTwentyFiveHours() throws {
        // London's clocks went back on 25 October 2026: that day is 25 hours long.
        let start = Date(timeIntervalSince1970: 1_792_882_800)  // 2026-10-25 00:00 BST
        let end = try Self.dayEnd(after: start.addingTimeInterval(3_600), in: "Europe/London")
        var clock = DayClock<String>()
        clock.watch("Europe/London", until: end)
        #expect(clock.nextDeadline()?.timeIntervalSince(start) == 90_000)
        #expect(clock.takeDue(at: start.addingTimeInterval(86_400)).isEmpty)
        #expect(clock.takeDue(at: start.addingTimeInterval(90_000)) == ["Europe/London"])
    }

    @Test func thePauseReachesJustPastTheDeadlineWithinItsBounds() {
        let longest = Duration.seconds(30)
        let shortest = Duration.milliseconds(1)
        func pause(_ deadline: Date?) -> Duration {
            DayClock<String>.pause(until: deadline, now: Self.now, longest: longest, shortest: shortest)
        }
        #expect(pause(nil) == longest)
        #expect(pause(Self.now.addingTimeInterval(10)) == .milliseconds(10_001))
        #expect(pause(Self.now.addingTimeInterval(3_600)) == longest)
        #expect(pause(Self.now) == .milliseconds(1))
        #expect(pause(Self.now.addingTimeInterval(-60)) == shortest)
    }
}
