/// What counts as success on a day: a yes/no check, or an amount measured against a target.
///
/// Mirrors Loop Habit Tracker's `HabitType` (YES_NO / NUMERICAL) together with the numerical
/// habit's `targetType` (`NumericalHabitType`) and `targetValue`.
public enum StrengthTarget: Sendable, Hashable {
    /// A yes/no habit: only days marked "yes" by the user count towards the frequency.
    case yesNo

    /// A measurable habit whose amounts, summed over the frequency window, are compared with
    /// `target`.
    ///
    /// `target` is in the habit's own unit (2.0 means "2 miles"), exactly as Loop stores
    /// `Habit.targetValue`; day amounts are in thousandths of that unit. Keeping the target in
    /// user units (rather than thousandths) keeps the division order identical to Loop's, which
    /// is what makes results bit-for-bit reproducible.
    case amount(target: Double, direction: Direction)

    /// Whether a measurable habit must reach at least, or stay at most at, its target.
    public enum Direction: Sendable, Hashable {
        /// Loop's `AT_LEAST`: completion is the fraction of the target reached, capped at 1.
        case atLeast
        /// Loop's `AT_MOST`: completion falls linearly from 1 at the target to 0 at twice it.
        case atMost
    }

    /// Whether this is a measurable (numerical) habit.
    /// - Complexity: O(1).
    public var isAmount: Bool {
        if case .amount = self { return true }
        return false
    }
}
