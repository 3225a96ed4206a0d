import Foundation
import HabitsDomain
import HabitsStore
import Testing

/// The bound on follow requests a day, alone: no database, each decision from the stored counter.
@Suite struct FollowRuleTests {
    let bound = AccountRules.maximumFollowRequestsPerDay
    /// 2026-03-10T23:59:59Z and the next second, a new UTC day.
    let lastSecond = Date(timeIntervalSince1970: 1_773_187_199)
    var nextDay: Date { lastSecond.addingTimeInterval(1) }

    @Test func daysAreUTCDays() {
        #expect(FollowRule.day(of: lastSecond) + 1 == FollowRule.day(of: nextDay))
        #expect(FollowRule.day(of: Date(timeIntervalSince1970: 0)) == 0)
        #expect(FollowRule.day(of: Date(timeIntervalSince1970: -1)) == -1)
    }

    @Test func requestsCountUpWithinADayAndTheOneAfterTheBoundIsRefused() throws {
        let today = FollowRule.day(of: lastSecond)
        var count = FollowRule.RequestCount(day: 0, count: 0)
        for sent in 1...bound {
            count = try FollowRule.countingRequest(stored: count, at: lastSecond)
            #expect(count == FollowRule.RequestCount(day: today, count: sent))
        }
        #expect(throws: StoreRefusal.followRequestLimit) {
            try FollowRule.countingRequest(stored: count, at: lastSecond)
        }
        // The next day starts again from one.
        #expect(try FollowRule.countingRequest(stored: count, at: nextDay) == .init(day: today + 1, count: 1))
    }

    @Test func anOldDaysCountDoesNotCarryOver() throws {
        let today = FollowRule.day(of: lastSecond)
        let old = FollowRule.RequestCount(day: today - 3, count: bound)
        #expect(try FollowRule.countingRequest(stored: old, at: lastSecond) == .init(day: today, count: 1))
    }

    @Test func theRefusalNamesTheBound() {
        #expect(StoreRefusal.followRequestLimit.description.contains("\(bound) follow requests a day"))
    }
}

/// The bound on an account's day notes, alone.
@Suite struct NoteBoundTests {
    @Test func theNoteAfterTheBoundIsRefused() throws {
        try DayEntryRule.checkNotes(held: 0)
        try DayEntryRule.checkNotes(held: AccountRules.maximumNotes)
        #expect(throws: StoreRefusal.noteLimit) { try DayEntryRule.checkNotes(held: AccountRules.maximumNotes + 1) }
        #expect(StoreRefusal.noteLimit.description.contains("20000 day notes"))
    }
}
