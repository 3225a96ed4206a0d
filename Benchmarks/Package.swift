// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the test build never compiles them.
// Run with `cd Benchmarks && swift package benchmark`.
let package = Package(
    name: "HabitsBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Habits", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "DiffableDataBenchmarks",
            dependencies: [
                .product(name: "DiffableData", package: "Habits"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/DiffableDataBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CompositionalLayoutBenchmarks",
            dependencies: [
                .product(name: "CompositionalLayout", package: "Habits"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CompositionalLayoutBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ScreenSourceBenchmarks",
            dependencies: [
                .product(name: "HabitsStore", package: "Habits"),
                .product(name: "HabitsSQLite", package: "Habits"),
                .product(name: "HabitsPostgres", package: "Habits"),
                .product(name: "HabitsDomain", package: "Habits"),
                .product(name: "HabitsScreens", package: "Habits"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ScreenSourceBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ImportBenchmarks",
            dependencies: [
                .product(name: "LoopImport", package: "Habits"),
                .product(name: "ZipArchive", package: "Habits"),
                .product(name: "HabitsStore", package: "Habits"),
                .product(name: "HabitsSQLite", package: "Habits"),
                .product(name: "HabitsDomain", package: "Habits"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ImportBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
