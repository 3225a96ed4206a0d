import Benchmark

let benchmarks: @Sendable () -> Void = {
    registerWritePathBenchmarks()
    registerHomeScreenBenchmarks()
    registerStreakBenchmarks()
    registerPostgresHomeBenchmarks()
}
