import Benchmark
import DiffableData
import Foundation

let small = differenceKitScenario(count: 5_000, changes: 1_000, swaps: 200, seed: 5_000)
let large = differenceKitScenario(count: 100_000, changes: 10_000, swaps: 2_000, seed: 100_000)
let sectioned = sectionedScenario(seed: 42)

/// Our diff from plain arrays, lookup table included, as the standard library's also starts from arrays.
func diffArrays(_ old: [UUID], _ new: [UUID]) -> SnapshotDifference<Int, UUID> {
    try! SnapshotDifference(from: old, to: new)
}

/// Copies of a scenario's arrays in newly allocated storage, so that a run does not diff memory that the
/// previous run left warm in the caches and the allocator.
func freshCopies(_ scenario: (old: [UUID], new: [UUID])) -> (old: [UUID], new: [UUID]) {
    (scenario.old.map { $0 }, scenario.new.map { $0 })
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 200
    )

    Benchmark("DifferenceKit 5k: DiffableData") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(diffArrays(small.old, small.new)) }
    }
    Benchmark("DifferenceKit 5k: stdlib difference.inferringMoves") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(small.new.difference(from: small.old).inferringMoves()) }
    }
    Benchmark("DifferenceKit 100k: DiffableData") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(diffArrays(large.old, large.new)) }
    }
    Benchmark(
        "DifferenceKit 100k: stdlib difference.inferringMoves",
        configuration: .init(warmupIterations: 0, maxDuration: .seconds(1), maxIterations: 2)
    ) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(large.new.difference(from: large.old).inferringMoves()) }
    }
    // Fresh inputs: every iteration diffs arrays allocated just before it, outside the measured region.
    Benchmark("DifferenceKit 5k, fresh inputs: DiffableData") { benchmark in
        let inputs = freshCopies(small)
        benchmark.startMeasurement()
        blackHole(diffArrays(inputs.old, inputs.new))
        benchmark.stopMeasurement()
    }
    Benchmark("DifferenceKit 5k, fresh inputs: stdlib difference.inferringMoves") { benchmark in
        let inputs = freshCopies(small)
        benchmark.startMeasurement()
        blackHole(inputs.new.difference(from: inputs.old).inferringMoves())
        benchmark.stopMeasurement()
    }
    Benchmark("DifferenceKit 100k, fresh inputs: DiffableData") { benchmark in
        let inputs = freshCopies(large)
        benchmark.startMeasurement()
        blackHole(diffArrays(inputs.old, inputs.new))
        benchmark.stopMeasurement()
    }
    Benchmark("Sectioned 100k in 100 sections: diff") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(sectioned.new.difference(from: sectioned.old) { $0.version == $1.version })
        }
    }
    Benchmark("Build a 100k-item snapshot (100 sections)") { benchmark in
        let rows = (0..<100).map { s in (0..<1_000).map { Row(id: s * 1_000 + $0, version: 0) } }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var snapshot = DiffableSnapshot<Int, Row>()
            snapshot.appendSections(Array(0..<100))
            for (s, items) in rows.enumerated() { snapshot.appendItems(items, toSection: s) }
            blackHole(snapshot)
        }
    }
    Benchmark("Apply the sectioned changeset (all stages)") { benchmark in
        let difference = sectioned.new.difference(from: sectioned.old) { $0.version == $1.version }
        let data = sectioned.old.sectionedItems
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try! BatchUpdateApplier.apply(difference, to: data)) }
    }
}
