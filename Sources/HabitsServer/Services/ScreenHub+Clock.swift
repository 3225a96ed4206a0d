import Foundation
import HabitsScreens

/// Screens that change with the clock rather than with a write: the streak calendar's "today" moves at
/// the viewer's midnight.
///
/// Only a screen with subscribers that is not gone is watched: one recorded as gone, left without
/// subscribers or dropped for the budget leaves the watch, and a past end is never looked at twice.
extension ScreenHub {
    /// The shortest pause of the clock follower: it always suspends between two looks, so the hub answers
    /// other requests whatever the clock says.
    static let shortestClockPause: Duration = .milliseconds(1)

    /// Rebuilds each live screen when the day it shows as today ends, until cancelled.
    func followClock() async {
        while !Task.isCancelled {
            let pause = await clockStep()
            try? await Task.sleep(for: pause)
        }
    }

    /// Rebuilds the live screens whose day has ended, and tells how long to pause before looking again: to
    /// a millisecond past the next end, at most `clockCheckInterval` (new screens, and a clock that jumps,
    /// are noticed within it), at least `shortestClockPause`.
    func clockStep() async -> Duration {
        await rebuildPastDayEnds()
        guard let end = nextDayEnd() else { return clockCheckInterval }
        let wait = end.timeIntervalSince(serverTime())
        // A millisecond past the end, so that the day has ended when the hub looks again.
        let untilTheEnd = Duration.milliseconds(Int64(min(max(wait, 0), 86_400) * 1_000) + 1)
        return max(Self.shortestClockPause, min(untilTheEnd, clockCheckInterval))
    }

    /// The server's time: what "today" is on the streak calendar.
    func serverTime() -> Date { clock() }

    /// The earliest end of a day shown by a screen with subscribers that is not gone.
    ///
    /// - Complexity: O(d) for the d screens watched.
    func nextDayEnd() -> Date? {
        var earliest: Date?
        for (request, end) in dayEnds {
            guard let entry = entries[request], !entry.subscribers.isEmpty, entry.gone == nil else { continue }
            earliest = min(earliest ?? end, end)
        }
        return earliest
    }

    /// When the day `request` shows as today ends, while it is watched.
    func watchedDayEnd(of request: ScreenRequest) -> Date? { dayEnds[request] }

    /// Rebuilds the screens with subscribers whose day has ended by the server's clock, and wakes them.
    /// Every past end leaves the watch, rebuilt or not: a rebuild files the next one.
    ///
    /// - Complexity: O(d) for the d screens watched, plus the rebuilds.
    func rebuildPastDayEnds() async {
        let now = clock()
        var jobs: [BuildJob] = []
        for (request, end) in dayEnds where end <= now {
            // Off the watch: a rebuild that fails is not retried in a loop, a screen not rebuilt not seen again.
            dayEnds[request] = nil
            guard let entry = entries[request], !entry.subscribers.isEmpty, entry.gone == nil else { continue }
            jobs.append(BuildJob(request: request, base: entry.current))
        }
        guard !jobs.isEmpty else { return }
        await rebuild(jobs, reason: "screens whose day ended")
    }
}
