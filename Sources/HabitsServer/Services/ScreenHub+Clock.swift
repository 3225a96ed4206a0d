import Foundation

/// Screens that change with the clock rather than with a write: the streak calendar's "today" moves at
/// the viewer's midnight.
extension ScreenHub {
    /// The longest the clock goes unwatched: new screens, and a clock that jumps, are noticed within it.
    static let clockCheckInterval: Duration = .seconds(30)

    /// Rebuilds each live screen when the day it shows as today ends, until cancelled.
    func followClock() async {
        while !Task.isCancelled {
            let wait = nextDayEnd().map { $0.timeIntervalSince(serverTime()) } ?? .infinity
            guard wait <= 0 else {
                // A millisecond past the end, so that the day has ended when the hub looks again.
                let untilTheEnd = Duration.milliseconds(Int64(min(wait, 86_400) * 1_000) + 1)
                try? await Task.sleep(for: min(untilTheEnd, Self.clockCheckInterval))
                continue
            }
            await rebuildPastDayEnds()
        }
    }
}
