import Benchmark
import CompositionalLayout

let phone = Size(width: 390, height: 844)

/// A plain list: full-width rows of estimated height 44, laid out one row per group.
let list = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))

/// A three-column grid of square cells with spacing, the kind of section a template serves.
let grid: CompositionalLayout = {
    let cell = LayoutItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)),
        contentInsets: EdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2))
    let row = LayoutGroup.horizontal(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1.0 / 3)),
        subitems: [.item(cell)])
    return CompositionalLayout(
        section: LayoutSection(
            group: row, contentInsets: EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8), interGroupSpacing: 4))
}()

/// Carousels of vertical trios scrolling sideways, as the leaderboard.
let carousels: CompositionalLayout = {
    let cell = LayoutItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    var trio = LayoutGroup.vertical(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.75), heightDimension: .absolute(300)),
        repeatingSubitem: .item(cell), count: 3)
    trio.interItemSpacing = .fixed(10)
    let header = BoundarySupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
        elementKind: "header", alignment: .top, pinToVisibleBounds: true)
    return CompositionalLayout(
        section: LayoutSection(
            group: trio, contentInsets: EdgeInsets(top: 12, leading: 20, bottom: 20, trailing: 20),
            interGroupSpacing: 20, orthogonalScrollingBehavior: .groupPaging, boundarySupplementaryItems: [header]))
}()

/// Row heights vary with the index, as measured text would.
let measuredRows: SizeMeasurer = { request in
    Size(width: request.proposedSize.width, height: Double(40 + request.indexPath.item % 7 * 6))
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 200
    )

    Benchmark("Full layout 100k: list (1 section, estimated rows)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try LayoutEngine(layout: list, containerSize: phone, itemCounts: [100_000]))
        }
    }
    Benchmark("Full layout 100k: list measured (1 section)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(
                try LayoutEngine(layout: list, containerSize: phone, itemCounts: [100_000], measure: measuredRows))
        }
    }
    Benchmark("Full layout 100k: grid (10 sections × 10k, 3 columns)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(
                try LayoutEngine(layout: grid, containerSize: phone, itemCounts: Array(repeating: 10_000, count: 10)))
        }
    }
    Benchmark("Full layout 100k: orthogonal (1,000 carousels × 100)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(
                try LayoutEngine(
                    layout: carousels, containerSize: phone, itemCounts: Array(repeating: 100, count: 1_000)))
        }
    }
    Benchmark("Rect query 390×844 in the middle of a 100k grid", configuration: .init(timeUnits: .nanoseconds)) {
        benchmark in
        let engine = try LayoutEngine(
            layout: grid, containerSize: phone, itemCounts: Array(repeating: 10_000, count: 10))
        let middle = Rect(x: 0, y: engine.contentSize.height / 2, width: 390, height: 844)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(engine.attributes(in: middle)) }
        // Freeing the engine is not part of a query.
        benchmark.stopMeasurement()
        blackHole(engine)
    }
    Benchmark("Rect query 390×844 in the middle of 1,000 carousels", configuration: .init(timeUnits: .nanoseconds)) {
        benchmark in
        let engine = try LayoutEngine(
            layout: carousels, containerSize: phone, itemCounts: Array(repeating: 100, count: 1_000))
        let middle = Rect(x: 0, y: engine.contentSize.height / 2, width: 390, height: 844)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(engine.attributes(in: middle)) }
        // Freeing the engine is not part of a query.
        benchmark.stopMeasurement()
        blackHole(engine)
    }
    Benchmark("Re-layout after item 50,000 of a 100k measured list changes size") { benchmark in
        // In place, as an app would: a copy would add copying the frames to the measurement.
        var engine = try LayoutEngine(layout: list, containerSize: phone, itemCounts: [100_000], measure: measuredRows)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            engine.invalidateItem(at: ElementIndexPath(item: 50_000, section: 0))
            blackHole(engine.contentSize)
        }
        benchmark.stopMeasurement()
        blackHole(engine)
    }
    Benchmark("Re-layout after section 500 of 1,000 carousels changes count") { benchmark in
        var engine = try LayoutEngine(
            layout: carousels, containerSize: phone, itemCounts: Array(repeating: 100, count: 1_000))
        benchmark.startMeasurement()
        for n in benchmark.scaledIterations {
            try engine.setItemCount(100 + n % 2, inSection: 500)
            blackHole(engine.contentSize)
        }
        benchmark.stopMeasurement()
        blackHole(engine)
    }
}
