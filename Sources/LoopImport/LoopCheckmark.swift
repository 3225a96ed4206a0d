/// What Loop Habit Tracker recorded for one habit on one day.
public enum LoopCheckmark: Hashable, Sendable {
    /// Done, marked by hand.
    case yes
    /// Not done.
    case no
    /// Skipped: the day neither breaks nor extends a streak.
    case skip
    /// A numerical habit's amount for the day (Loop stores thousandths; this is the amount itself).
    case amount(Double)
}
