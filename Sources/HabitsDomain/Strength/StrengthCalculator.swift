import Foundation

/// Computes a habit's strength (Loop Habit Tracker's "score", 0...1) day by day.
///
/// The formula is the one in uhabits-core, the shared core of Loop Habit Tracker
/// (`org.isoron.uhabits.core.models.Score.compute` and `ScoreList.recompute`, Loop 2.1 and later):
///
/// - every day, `score = previous * m + completion * (1 - m)` with `m = 0.5 ^ (sqrt(f) / 13)`
///   and `f = numerator / denominator`, so a perfectly kept daily habit halves its distance to
///   100% every 13 days;
/// - `completion` looks at a rolling window of the last `denominator` days: for yes/no habits it
///   is `min(1, yesDays / numerator)`, for amounts it compares the window's total with the target;
/// - non-daily yes/no habits use a window and a quota twice as large (3/7 is scored as 6/14),
///   which forgives doing a weekly habit on different weekdays;
/// - skipped days leave the score exactly as it was (but still occupy their place in the window);
/// - days without an entry score as misses, except for at-most habits, where no entry means
///   nothing was consumed, which is a full success;
/// - at-most habits start from a score of 1, everything else from 0.
///
/// Operations are performed in the same order and precision as Loop's Kotlin code, so results
/// agree with Loop's exported `Scores.csv` far beyond its 4 decimals.
public struct StrengthCalculator: Sendable, Hashable {
    /// The habit's frequency.
    public let frequency: StrengthFrequency
    /// The habit's success rule.
    public let target: StrengthTarget
    /// Per-day decay factor `m`, see `multiplier(frequency:)`.
    public let multiplier: Double
    /// Days in the rolling window (the denominator, doubled for non-daily yes/no habits).
    public let windowLength: Int
    /// "Yes" days per window that make a yes/no day fully complete (numerator, doubled likewise).
    public let requiredYesDays: Int

    /// Creates a calculator for a habit with this frequency and success rule.
    /// - Complexity: O(1).
    public init(frequency: StrengthFrequency, target: StrengthTarget) {
        self.frequency = frequency
        self.target = target
        multiplier = StrengthCalculator.multiplier(frequency: frequency)
        // Loop doubles both parts only for yes/no habits done less than daily, to smooth out
        // irregular schedules; measurable habits keep the plain window.
        let doubles = target == .yesNo && frequency.isLessThanDaily
        windowLength = doubles ? frequency.denominator * 2 : frequency.denominator
        requiredYesDays = doubles ? frequency.numerator * 2 : frequency.numerator
    }

    /// Per-day decay factor `0.5 ^ (sqrt(numerator / denominator) / 13)`, as in Loop's `Score.compute`.
    ///
    /// Uses the undoubled frequency even for non-daily yes/no habits: Loop only doubles the window.
    /// - Complexity: O(1).
    public static func multiplier(frequency: StrengthFrequency) -> Double {
        pow(0.5, frequency.ratio.squareRoot() / 13.0)
    }

    /// One step of the score recurrence (Loop's `Score.compute` with a precomputed multiplier).
    ///
    /// Written as two separate roundings, `previous * m` then `+ value * (1 - m)`, because that is
    /// what the Kotlin code does; a fused multiply-add would differ in the last bit.
    /// - Complexity: O(1).
    public static func next(previous: Double, checkmarkValue: Double, multiplier: Double) -> Double {
        let decayed = previous * multiplier
        let gained = checkmarkValue * (1 - multiplier)
        return decayed + gained
    }

    /// Score before the first day of the range: 1 for at-most amounts (nothing consumed yet), else 0.
    /// - Complexity: O(1).
    public var initialScore: Double {
        if case .amount(_, .atMost) = target { return 1.0 }
        return 0.0
    }

    /// A fresh state positioned before the first day of the scored range.
    /// - Complexity: O(`windowLength`).
    public func initialState() -> StrengthState {
        StrengthState(initialScore: initialScore, windowLength: windowLength)
    }

    /// Feeds the next day into `state` and returns that day's score.
    ///
    /// `state` must come from this calculator (or one with the same window length).
    /// - Complexity: O(1).
    @discardableResult
    public func advance(_ state: inout StrengthState, with mark: StrengthEntry) -> Double {
        precondition(state.windowLength == windowLength, "StrengthState belongs to another frequency")
        // Pass 1: slide the rolling window, skipped days included (Loop keeps them in the window).
        state.slideWindow(adding: contribution(of: mark))
        // Pass 2: update the score unless the day is skipped, which freezes it.
        if !mark.isSkip {
            let completion = completion(rollingSum: state.rollingSum)
            state.score = StrengthCalculator.next(
                previous: state.score,
                checkmarkValue: completion,
                multiplier: multiplier
            )
        }
        state.dayCount += 1
        return state.score
    }

    /// Scores of consecutive days, oldest first, starting from the beginning of the scored range.
    ///
    /// `days[0]` must be the first day Loop scores: its oldest computed entry of any kind (not the
    /// habit's creation date), or today when there is none. There must be one mark per calendar day,
    /// `.unknown` for days without entry. Returns one score per day, in the same order.
    /// - Complexity: O(`days.count`) time, O(`days.count` + `windowLength`) memory.
    public func scores(days: [StrengthEntry]) -> [Double] {
        var state = initialState()
        return scores(appending: days, to: &state)
    }

    /// Continues from `state` with the following days (oldest first) and returns their scores.
    ///
    /// Earlier history is never revisited: a year of new days costs 365 O(1) steps.
    /// - Complexity: O(number of days) time.
    public func scores<Days: Sequence>(appending days: Days, to state: inout StrengthState) -> [Double]
    where Days.Element == StrengthEntry {
        var result: [Double] = []
        result.reserveCapacity(days.underestimatedCount)
        for mark in days {
            result.append(advance(&state, with: mark))
        }
        return result
    }

    /// What one day adds to the rolling sum.
    ///
    /// Yes/no: 1 for a manual "yes", 0 otherwise (auto-yes does not count towards the quota).
    /// Amounts: the raw value floored at 0, so "no entry" (-1) adds nothing but a skip (3) adds
    /// 3 thousandths, exactly as Loop does.
    /// - Complexity: O(1).
    func contribution(of mark: StrengthEntry) -> Double {
        switch target {
        case .yesNo:
            return mark == .yesManual ? 1.0 : 0.0
        case .amount:
            return Double(max(0, mark.loopValue))
        }
    }

    /// Loop's `percentageCompleted` for the current rolling sum, in 0...1.
    /// - Complexity: O(1).
    func completion(rollingSum: Double) -> Double {
        switch target {
        case .yesNo:
            return min(1.0, rollingSum / Double(requiredYesDays))
        case let .amount(targetValue, direction):
            // Amounts are stored in thousandths; Loop divides by 1000 before comparing.
            let amount = rollingSum / 1000
            switch direction {
            case .atLeast:
                // A zero (or negative) target is always met.
                guard targetValue > 0 else { return 1.0 }
                return min(1.0, amount / targetValue)
            case .atMost:
                // A zero target is met only when nothing at all was recorded in the window.
                guard targetValue > 0 else { return amount > 0 ? 0.0 : 1.0 }
                let overshoot = (amount - targetValue) / targetValue
                // Same comparisons as Kotlin's coerceIn(0.0, 1.0).
                let linear = 1 - overshoot
                if linear < 0.0 { return 0.0 }
                if linear > 1.0 { return 1.0 }
                return linear
            }
        }
    }
}
