import Foundation
import Testing

/// Which seeds the property tests run.
///
/// By default every run checks the same cases: `count` consecutive seeds from `defaultBase`, so CI never
/// turns red on a seed nobody has seen. Consecutive seeds still give unrelated cases, because `SplitMix`
/// scrambles its state. Every failure message names its seed. Two environment variables explore further:
///
///     HABITS_PROPERTY_SEED=random     start at a fresh random seed on every run (the start is printed)
///     HABITS_PROPERTY_SEED=1234       start at that seed; with HABITS_PROPERTY_COUNT=1 it replays one failure
///     HABITS_PROPERTY_COUNT=50000     run that many seeds in each property instead of the test's own count
///
/// e.g. `HABITS_PROPERTY_SEED=random HABITS_PROPERTY_COUNT=50000 swift test --filter DifferenceProperties`.
public struct PropertySeeds: Sendable {
    public static let defaultBase: UInt64 = 20_261_122
    public static let current = PropertySeeds(environment: ProcessInfo.processInfo.environment)

    public var base: UInt64
    public var count: UInt64?
    /// A malformed variable, reported by every property rather than silently ignored.
    public var problem: String?

    public init(environment: [String: String]) {
        base = Self.defaultBase
        switch environment["HABITS_PROPERTY_SEED"] {
        case nil, "":
            break
        case "random":
            base = UInt64.random(in: 0...(UInt64.max / 2))
            print("HABITS_PROPERTY_SEED=random: property tests start at seed \(base)")
        case let text?:
            if let number = UInt64(text), number <= UInt64.max / 2 {
                base = number
            } else {
                problem = "HABITS_PROPERTY_SEED=\(text) is neither `random` nor a seed"
            }
        }
        if let text = environment["HABITS_PROPERTY_COUNT"], !text.isEmpty {
            if let number = UInt64(text), number > 0, number <= 100_000_000 {
                count = number
            } else {
                problem = "HABITS_PROPERTY_COUNT=\(text) is not a positive count"
            }
        }
    }

    /// The seeds of this run for a property that checks `defaultCount` cases unless told otherwise.
    public func seeds(defaultCount: UInt64) -> Range<UInt64> { base..<(base + (count ?? defaultCount)) }
}

/// Runs `body` for each seed of the current run; a thrown error is recorded with its seed. Messages
/// inside `body` must name the seed themselves. `Seed` is the integer type the property's generator takes.
public func forEachSeed<Seed: FixedWidthInteger>(
    count: Seed, sourceLocation: SourceLocation = #_sourceLocation, _ body: (Seed) throws -> Void
) {
    let run = PropertySeeds.current
    if let problem = run.problem { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) }
    for seed in run.seeds(defaultCount: UInt64(count)) {
        do {
            try body(Seed(truncatingIfNeeded: seed))
        } catch {
            Issue.record("seed \(seed): \(error)", sourceLocation: sourceLocation)
        }
    }
}

/// `forEachSeed` for properties that await, such as those that drive a store.
public func forEachSeedAsync<Seed: FixedWidthInteger>(
    count: Seed, sourceLocation: SourceLocation = #_sourceLocation, _ body: (Seed) async throws -> Void
) async {
    let run = PropertySeeds.current
    if let problem = run.problem { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) }
    for seed in run.seeds(defaultCount: UInt64(count)) {
        do {
            try await body(Seed(truncatingIfNeeded: seed))
        } catch {
            Issue.record("seed \(seed): \(error)", sourceLocation: sourceLocation)
        }
    }
}
