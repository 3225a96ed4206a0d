import HabitsDomain
import Testing

/// Checks seeded random histories against both reference implementations, bit for bit.
@Suite struct StrengthPropertyTests {
    /// One random habit, described both in the library's terms and in Loop's raw terms for the references.
    private struct RandomCase {
        var habit: ReferenceHabit
        var frequency: StrengthFrequency
        var target: StrengthTarget
        var values: [Int]
    }

    /// Draws a habit and a history of up to 300 raw Loop values.
    ///
    /// Frequencies mix Loop's usual presets (including 7/7, 2/14, 1/30 and the odd 3/2) with arbitrary
    /// ones; histories favour the values where Loop's rules have special cases.
    private func randomCase(_ random: inout StrengthRandom) throws -> RandomCase {
        let presets = [(1, 1), (3, 7), (1, 7), (2, 7), (1, 2), (2, 3), (2, 14), (1, 30), (7, 7), (5, 7), (3, 2)]
        let (numerator, denominator): (Int, Int)
        if Bool.random(using: &random) {
            (numerator, denominator) = try #require(presets.randomElement(using: &random))
        } else {
            let randomDenominator = Int.random(in: 1...40, using: &random)
            (numerator, denominator) = (Int.random(in: 1...randomDenominator, using: &random), randomDenominator)
        }
        let kind = Int.random(in: 0..<3, using: &random)
        let targets: [Double] = [0, 0.5, 1, 2, 2.5, 10, 1.234, 100]
        let targetValue = try #require(targets.randomElement(using: &random))
        let habit = ReferenceHabit(numerator: numerator, denominator: denominator, isNumerical: kind != 0,
                                   isAtMost: kind == 2, targetValue: targetValue)
        let target: StrengthTarget = kind == 0
            ? .yesNo
            : .amount(target: targetValue, direction: kind == 2 ? .atMost : .atLeast)
        let length = Int.random(in: 0...300, using: &random)
        var values: [Int] = []
        for _ in 0..<length {
            let roll = Int.random(in: 0..<100, using: &random)
            if kind == 0 {
                // Yes/no codes only, with plenty of skips and unknowns.
                values.append(roll < 35 ? 2 : roll < 55 ? 0 : roll < 70 ? -1 : roll < 85 ? 1 : 3)
            } else {
                // Amounts, including Loop's colliding small codes (2 and 3) and zero.
                let amount = Int.random(in: 0...6000, using: &random)
                values.append(roll < 15 ? -1 : roll < 25 ? 3 : roll < 30 ? 2 : roll < 35 ? 0 : amount)
            }
        }
        return RandomCase(habit: habit, frequency: StrengthFrequency(numerator: numerator, denominator: denominator),
                          target: target, values: values)
    }

    /// Expects the same number of scores and identical bit patterns; reports only the first differing day
    /// so that one bad case does not flood the log.
    private func expectBitwiseEqual(
        _ actual: [Double], _ expected: [Double], _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.count == expected.count, "\(label)", sourceLocation: sourceLocation)
        for (index, (actualScore, expectedScore)) in zip(actual, expected).enumerated()
        where actualScore.bitPattern != expectedScore.bitPattern {
            Issue.record("\(label): day \(index) got \(actualScore), expected \(expectedScore)",
                         sourceLocation: sourceLocation)
            return
        }
    }

    @Test func fullRecomputationMatchesBothReferences() throws {
        var random = StrengthRandom(seed: 0x5EED_2024)
        for iteration in 0..<400 {
            let sample = try randomCase(&random)
            let calculator = StrengthCalculator(frequency: sample.frequency, target: sample.target)
            let actual = calculator.scores(days: sample.values.map { StrengthEntry(loopValue: $0) })
            let label = "case \(iteration) \(sample.habit)"
            expectBitwiseEqual(actual, ReferenceStrength.loopTranscription(sample.habit, oldestFirst: sample.values),
                               label + " vs transcription")
            expectBitwiseEqual(actual, ReferenceStrength.naiveWindowSums(sample.habit, oldestFirst: sample.values),
                               label + " vs naive")
        }
    }

    @Test func incrementalChunksMatchFullRecomputation() throws {
        var random = StrengthRandom(seed: 42)
        // Counts resumed checkpoints, so that the resume expectations below cannot be skipped unnoticed.
        var resumedCheckpoints = 0
        for iteration in 0..<300 {
            let sample = try randomCase(&random)
            let calculator = StrengthCalculator(frequency: sample.frequency, target: sample.target)
            let marks = sample.values.map { StrengthEntry(loopValue: $0) }
            let expected = ReferenceStrength.naiveWindowSums(sample.habit, oldestFirst: sample.values)
            // Feed the history in random-sized chunks, keeping a checkpoint copy along the way.
            var state = calculator.initialState()
            var collected: [Double] = []
            var checkpoint: (state: StrengthState, collected: Int)?
            var start = 0
            while start < marks.count {
                let end = Swift.min(marks.count, start + Int.random(in: 1...40, using: &random))
                collected += calculator.scores(appending: marks[start..<end], to: &state)
                if checkpoint == nil, Bool.random(using: &random) { checkpoint = (state, collected.count) }
                start = end
            }
            expectBitwiseEqual(collected, expected, "chunks \(iteration)")
            #expect(state.dayCount == marks.count, "chunks \(iteration)")
            // Resuming from the checkpoint replays only the tail and lands on the same scores.
            if let (saved, done) = checkpoint {
                var resumed = saved
                let tail = calculator.scores(appending: marks[done...], to: &resumed)
                expectBitwiseEqual(tail, Array(expected[done...]), "checkpoint \(iteration)")
                #expect(resumed == state, "checkpoint \(iteration)")
                resumedCheckpoints += 1
            }
        }
        #expect(resumedCheckpoints > 0)
    }

    @Test func yesNoScoresIgnoreAutoNoAndUnknownDistinction() throws {
        // Loop's automatic YES_AUTO entries cannot change a yes/no score: only YES_MANUAL and SKIP
        // are looked at, so rewriting any NO/UNKNOWN/YES_AUTO day as another of the three is neutral.
        var random = StrengthRandom(seed: 7)
        // Counts days that really changed code, so that the test cannot pass without rewriting anything.
        var rewrittenDays = 0
        for _ in 0..<100 {
            var sample = try randomCase(&random)
            guard sample.target == .yesNo else { continue }
            let calculator = StrengthCalculator(frequency: sample.frequency, target: sample.target)
            let before = calculator.scores(days: sample.values.map { StrengthEntry(loopValue: $0) })
            let misses = [0, 1, -1]
            let original = sample.values
            sample.values = try original.map { value in
                guard misses.contains(value) else { return value }
                return try #require(misses.randomElement(using: &random))
            }
            rewrittenDays += zip(original, sample.values).filter { $0 != $1 }.count
            let after = calculator.scores(days: sample.values.map { StrengthEntry(loopValue: $0) })
            expectBitwiseEqual(after, before, "auto/no/unknown")
        }
        #expect(rewrittenDays > 0)
    }
}
