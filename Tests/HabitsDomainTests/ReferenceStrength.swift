import Foundation

/// Habit description used by the reference implementations, in Loop's own raw terms.
struct ReferenceHabit {
    var numerator: Int
    var denominator: Int
    var isNumerical: Bool
    var isAtMost: Bool
    var targetValue: Double
}

/// Reference implementations that share no code with the library.
///
/// Both take raw Loop entry values (oldest first, one per day of the scored range) and return one
/// score per day, oldest first.
enum ReferenceStrength {
    static let skip = 3
    static let yesManual = 2

    /// Loop's `Score.compute`, multiplier recomputed on every call as Loop does.
    static func loopCompute(frequency: Double, previousScore: Double, checkmarkValue: Double) -> Double {
        let multiplier = pow(0.5, sqrt(frequency) / 13.0)
        var score = previousScore * multiplier
        score += checkmarkValue * (1 - multiplier)
        return score
    }

    /// Loop's `Frequency` constructor: n/n becomes 1/1.
    static func normalized(_ habit: ReferenceHabit) -> (numerator: Int, denominator: Int) {
        habit.numerator == habit.denominator ? (1, 1) : (habit.numerator, habit.denominator)
    }

    /// Line-by-line transcription of `ScoreList.recompute`: newest-first array, rolling sum.
    static func loopTranscription(_ habit: ReferenceHabit, oldestFirst: [Int]) -> [Double] {
        var (numerator, denominator) = normalized(habit)
        let frequencyRatio = Double(numerator) / Double(denominator)
        let values = Array(oldestFirst.reversed())
        if !habit.isNumerical && frequencyRatio < 1.0 {
            numerator *= 2
            denominator *= 2
        }
        var rollingSum = 0.0
        var previousValue = habit.isNumerical && habit.isAtMost ? 1.0 : 0.0
        var result: [Double] = []
        for index in values.indices {
            let offset = values.count - index - 1
            if habit.isNumerical {
                rollingSum += Double(max(0, values[offset]))
                if offset + denominator < values.count {
                    rollingSum -= Double(max(0, values[offset + denominator]))
                }
                let normalizedRollingSum = rollingSum / 1000
                if values[offset] != skip {
                    let completed = numericalCompletion(habit, sum: normalizedRollingSum)
                    previousValue = loopCompute(frequency: frequencyRatio, previousScore: previousValue,
                                                checkmarkValue: completed)
                }
            } else {
                if values[offset] == yesManual { rollingSum += 1.0 }
                if offset + denominator < values.count, values[offset + denominator] == yesManual {
                    rollingSum -= 1.0
                }
                if values[offset] != skip {
                    let completed = Swift.min(1.0, rollingSum / Double(numerator))
                    previousValue = loopCompute(frequency: frequencyRatio, previousScore: previousValue,
                                                checkmarkValue: completed)
                }
            }
            result.append(previousValue)
        }
        return result
    }

    /// Deliberately naive O(n·d) version: re-adds the whole window from scratch every day.
    static func naiveWindowSums(_ habit: ReferenceHabit, oldestFirst values: [Int]) -> [Double] {
        let (numerator, denominator) = normalized(habit)
        let frequencyRatio = Double(numerator) / Double(denominator)
        let doubled = !habit.isNumerical && frequencyRatio < 1.0
        let window = doubled ? 2 * denominator : denominator
        let quota = doubled ? 2 * numerator : numerator
        var score = habit.isNumerical && habit.isAtMost ? 1.0 : 0.0
        var result: [Double] = []
        for day in values.indices {
            var sum = 0.0
            for earlier in Swift.max(0, day - window + 1)...day {
                if habit.isNumerical {
                    sum += Double(Swift.max(0, values[earlier]))
                } else if values[earlier] == yesManual {
                    sum += 1.0
                }
            }
            if values[day] != skip {
                let completed = habit.isNumerical
                    ? numericalCompletion(habit, sum: sum / 1000)
                    : Swift.min(1.0, sum / Double(quota))
                score = loopCompute(frequency: frequencyRatio, previousScore: score, checkmarkValue: completed)
            }
            result.append(score)
        }
        return result
    }

    /// Loop's `percentageCompleted` for numerical habits.
    static func numericalCompletion(_ habit: ReferenceHabit, sum: Double) -> Double {
        let target = habit.targetValue
        if !habit.isAtMost {
            return target > 0 ? Swift.min(1.0, sum / target) : 1.0
        }
        if target > 0 {
            let value = 1 - ((sum - target) / target)
            return value < 0.0 ? 0.0 : (value > 1.0 ? 1.0 : value)
        }
        return sum > 0 ? 0.0 : 1.0
    }
}
