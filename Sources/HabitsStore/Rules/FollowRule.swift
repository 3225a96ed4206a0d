import Foundation
import HabitsDomain

/// How many follow requests an account sends a day, decided from the counter a store reads in the request's
/// transaction (`users.follow_request_day`, `users.follow_requests_that_day`).
///
/// Only a new request counts: following a public account is not a request, and asking again while a request
/// waits writes nothing. Withdrawing a request does not give its place back, so asking, withdrawing and
/// asking again cannot go past the bound.
public enum FollowRule {
    /// A counter of one account's follow requests: the UTC day it counts, and how many that day.
    public struct RequestCount: Equatable, Sendable {
        /// Days since 1970-01-01 in UTC.
        public var day: Int64
        public var count: Int

        public init(day: Int64, count: Int) {
            self.day = day
            self.count = count
        }
    }

    /// The UTC day number of `date`.
    public static func day(of date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / 86_400).rounded(.down)) }

    /// The counter after one more request at `now`, from the one `stored`; refused (409) past the day's bound.
    public static func countingRequest(stored: RequestCount, at now: Date) throws(HabitsError) -> RequestCount {
        let today = day(of: now)
        let sent = stored.day == today ? stored.count : 0
        guard sent < AccountRules.maximumFollowRequestsPerDay else { throw StoreRefusal.followRequestLimit }
        return RequestCount(day: today, count: sent + 1)
    }
}
