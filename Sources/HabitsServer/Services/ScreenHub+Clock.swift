import Foundation
import HabitsScreens

/// Screens that change with the clock rather than with a write: the streak calendar's "today" moves at
/// the viewer's midnight (`DayClock`).
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

    /// Rebuilds the live screens whose day has ended, and tells how long to pause before looking again
    /// (`DayClock.pause`).
    func clockStep() async -> Duration {
        await rebuildPastDayEnds()
        return DayClock<ScreenRequest>.pause(
            until: nextDayEnd(), now: serverTime(), longest: clockCheckInterval, shortest: Self.shortestClockPause)
    }

    /// The server's time: what "today" is on the streak calendar.
    func serverTime() -> Date { clock() }

    /// The earliest end of a day shown by a screen with subscribers that is not gone: only those are watched.
    ///
    /// - Complexity: O(d) for the d screens watched.
    func nextDayEnd() -> Date? { dayClock.nextDeadline() }

    /// When the day `request` shows as today ends, while it is watched.
    func watchedDayEnd(of request: ScreenRequest) -> Date? { dayClock.end(of: request) }

    /// Rebuilds the screens with subscribers whose day has ended by the server's clock, and wakes them.
    /// Every past end leaves the watch, rebuilt or not: a rebuild files the next one.
    ///
    /// - Complexity: O(d) for the d screens watched, plus the rebuilds.
    func rebuildPastDayEnds() async {
        var jobs: [BuildJob] = []
        for request in dayClock.takeDue(at: clock()) {
            guard let entry = cache[request], entry.isWatched else { continue }
            jobs.append(BuildJob(request: request, base: entry.current))
        }
        guard !jobs.isEmpty else { return }
        await rebuild(jobs, reason: "screens whose day ended")
    }
}
