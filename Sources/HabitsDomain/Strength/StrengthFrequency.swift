/// How often a habit is meant to be done: `numerator` times every `denominator` days.
///
/// Examples: daily is 1/1, "3 times a week" is 3/7, "every other day" is 1/2,
/// "2 times in 14 days" is 2/14, "once a month" is 1/30.
///
/// Mirrors `Frequency` in uhabits-core (Loop Habit Tracker), including its one normalisation:
/// a frequency whose numerator equals its denominator (for example 7/7) becomes 1/1. That matters
/// because the score rules branch on "daily" versus "non-daily"; no other reduction is applied,
/// so 2/14 stays 2/14 (its rolling window is 14 days, not 7).
public struct StrengthFrequency: Sendable, Hashable {
    /// Repetitions expected per window.
    public let numerator: Int
    /// Window length in days.
    public let denominator: Int

    /// Creates a frequency of `numerator` repetitions every `denominator` days.
    ///
    /// Both parts must be positive: Loop never stores anything else, and a zero would make the
    /// completion ratio undefined.
    /// - Complexity: O(1).
    public init(numerator: Int, denominator: Int) {
        precondition(numerator > 0, "StrengthFrequency numerator must be positive")
        precondition(denominator > 0, "StrengthFrequency denominator must be positive")
        // Loop collapses n/n to 1/1 so that "7 times a week" is scored exactly like "daily".
        if numerator == denominator {
            self.numerator = 1
            self.denominator = 1
        } else {
            self.numerator = numerator
            self.denominator = denominator
        }
    }

    /// Once a day (1/1).
    public static let daily = StrengthFrequency(numerator: 1, denominator: 1)

    /// The frequency as a fraction, `numerator / denominator` (Loop's `Frequency.toDouble()`).
    /// - Complexity: O(1).
    public var ratio: Double {
        Double(numerator) / Double(denominator)
    }

    /// Whether the habit is expected less than once a day, which is what Loop tests with `freq < 1.0`.
    /// - Complexity: O(1).
    public var isLessThanDaily: Bool {
        ratio < 1.0
    }
}
