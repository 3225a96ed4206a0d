import Foundation

/// The days that end at a viewer's midnight: for each screen that shows a "today" and is rebuilt when it
/// changes, the instant its day ends, which may be a different midnight for each viewer's time zone.
///
/// A screen is watched once per end: `takeDue` takes every past end off the watch, so that a rebuild that
/// fails is not retried in a loop and a screen not rebuilt is not looked at again; a rebuild files the next.
struct DayClock<Key: Hashable> {
    private var ends: [Key: Date] = [:]

    /// How many screens are watched.
    var count: Int { ends.count }

    /// When the day `key` shows as today ends, while it is watched.
    func end(of key: Key) -> Date? { ends[key] }

    /// Watches `key` until `end`, in place of any end before; a nil end takes it off the watch.
    mutating func watch(_ key: Key, until end: Date?) { ends[key] = end }

    /// Takes `key` off the watch.
    mutating func unwatch(_ key: Key) { ends[key] = nil }

    /// The earliest end watched.
    ///
    /// - Complexity: O(d) for the d screens watched.
    func nextDeadline() -> Date? { ends.values.min() }

    /// Takes off the watch every screen whose day has ended by `now`, and answers them.
    ///
    /// - Complexity: O(d) for the d screens watched.
    mutating func takeDue(at now: Date) -> [Key] {
        let due = ends.compactMap { $0.value <= now ? $0.key : nil }
        for key in due { ends[key] = nil }
        return due
    }

    /// How long to pause before looking at the clock again: to a millisecond past `deadline`, at most
    /// `longest` (a screen opened meanwhile, and a clock that jumps, are noticed within it), at least
    /// `shortest`, so that a follower always suspends between two looks.
    static func pause(until deadline: Date?, now: Date, longest: Duration, shortest: Duration) -> Duration {
        guard let deadline else { return longest }
        let wait = deadline.timeIntervalSince(now)
        // A millisecond past the end, so that the day has ended when the follower looks again.
        let untilTheEnd = Duration.milliseconds(Int64(min(max(wait, 0), 86_400) * 1_000) + 1)
        return max(shortest, min(untilTheEnd, longest))
    }
}
