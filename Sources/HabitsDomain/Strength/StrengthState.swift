/// Everything needed to score the next day without looking at earlier days again.
///
/// Create one with `StrengthCalculator.initialState()` and move it forward with
/// `StrengthCalculator.advance(_:with:)`. It is a plain value: copying it is a cheap way to keep a
/// checkpoint (for example one per month) so that editing an old day only replays the days after
/// the nearest checkpoint instead of the whole history.
///
/// Memory is O(window length): the state remembers the contribution of each day still inside the
/// rolling window so the day leaving the window can be subtracted in O(1).
public struct StrengthState: Sendable, Hashable {
    /// Score after the last day fed in; before any day, Loop's starting value (0, or 1 for at-most).
    public internal(set) var score: Double

    /// Number of days fed in so far (the index the next day will have).
    public internal(set) var dayCount: Int

    /// Loop's `rollingSum`: "yes" days (yes/no habits) or positive thousandths (amounts) in the window.
    public internal(set) var rollingSum: Double

    /// Ring buffer: slot `day % windowLength` holds what that day added to `rollingSum`.
    var windowContributions: [Double]

    /// Builds the state that precedes the first day of the scored range.
    /// - Complexity: O(`windowLength`).
    init(initialScore: Double, windowLength: Int) {
        precondition(windowLength > 0, "StrengthState needs a window of at least one day")
        score = initialScore
        dayCount = 0
        rollingSum = 0.0
        windowContributions = Array(repeating: 0.0, count: windowLength)
    }

    /// Number of days in the rolling window this state was built for.
    /// - Complexity: O(1).
    public var windowLength: Int {
        windowContributions.count
    }

    /// Adds today's contribution and drops the one from `windowLength` days ago.
    ///
    /// The add happens before the subtract, as in Loop, so the floating-point sum is the same
    /// sequence of operations (it is exact for realistic values anyway, being a sum of integers).
    /// - Complexity: O(1).
    mutating func slideWindow(adding contribution: Double) {
        let slot = dayCount % windowContributions.count
        let leaving = windowContributions[slot]
        rollingSum += contribution
        // Before the window has filled up, Loop has no older day to subtract.
        if dayCount >= windowContributions.count {
            rollingSum -= leaving
        }
        windowContributions[slot] = contribution
    }
}
