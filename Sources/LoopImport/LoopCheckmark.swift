/// What Loop Habit Tracker recorded for one habit on one day.
///
/// Only what the user entered becomes a checkmark. Loop's YES_AUTO (value 1), which Loop computes for the days a
/// non-daily habit's frequency already covers, is not a user's check and must not become a log, so the reader
/// drops it, as it drops UNKNOWN (−1, no data).
public enum LoopCheckmark: Hashable, Sendable {
    /// Done, marked by hand (Loop's YES_MANUAL, value 2).
    case yes
    /// Not done (Loop's NO, value 0), on a yes/no habit.
    case no
    /// Skipped (Loop's SKIP, value 3): the day neither breaks nor extends a streak.
    case skip
    /// A numerical habit's amount for the day (Loop stores thousandths; this is the amount itself).
    case amount(Double)
}
