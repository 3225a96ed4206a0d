import Foundation
import HabitsDomain

/// One log to insert, by row ids.
package struct LogRow: Sendable {
    package var userID: Int64
    package var habitID: Int64
    package var timestamp: Date
    /// The day the log is done on; nil: the day of `timestamp` in the user's zone.
    package var day: LocalDay?

    package init(userID: Int64, habitID: Int64, timestamp: Date, day: LocalDay? = nil) {
        self.userID = userID
        self.habitID = habitID
        self.timestamp = timestamp
        self.day = day
    }
}

/// A (user, habit) pair by row ids: the key of a counter, of its day runs and of its lock.
package struct CounterPair: Hashable, Comparable, Sendable {
    package var userID: Int64
    package var habitID: Int64

    package init(userID: Int64, habitID: Int64) {
        self.userID = userID
        self.habitID = habitID
    }

    package static func < (lhs: CounterPair, rhs: CounterPair) -> Bool {
        (lhs.userID, lhs.habitID) < (rhs.userID, rhs.habitID)
    }
}
