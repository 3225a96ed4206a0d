import Foundation

/// The rules every logged event obeys, whichever API it arrives through.
public enum LogRules {
    /// How far in the future a timestamp may lie, to allow for clock skew between devices.
    public static let maximumFutureSkew: TimeInterval = 5 * 60

    /// Checks a log against `now`.
    /// - Throws: `HabitsError.invalid` for a timestamp more than five minutes ahead of `now`.
    public static func validate(_ log: CourseAPI.LoggedHabit, now: Date) throws(HabitsError) {
        try validate(timestamp: log.timestamp, now: now)
    }

    /// The earliest instant a log may have: nothing anyone tracks here happened before 1970.
    public static let earliest = Date(timeIntervalSince1970: 0)

    /// Checks an instant against `now`: finite, not before 1970, and at most five minutes ahead (clock skew).
    /// - Throws: `HabitsError.invalid` naming `field`.
    public static func validate(timestamp: Date, now: Date, field: String = "timestamp") throws(HabitsError) {
        guard timestamp.timeIntervalSince1970.isFinite else {
            throw .invalid(field: field, reason: "is not a valid instant.")
        }
        guard timestamp >= earliest else {
            throw .invalid(field: field, reason: "lies before 1970-01-01T00:00:00Z, the earliest a log may have.")
        }
        if timestamp.timeIntervalSince(now) > maximumFutureSkew {
            throw .invalid(
                field: field,
                reason: "lies in the future; a habit can be logged at most 5 minutes ahead of the server's clock."
            )
        }
    }
}
