import Benchmark
import Foundation
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore

/// The fixture and the row ids the screen benchmarks read, opened by their setup.
struct ScreenSetup: Sendable {
    var store: SQLiteHabitStore
    var viewer: Int64
    var mostLoggedHabit: Int64
}

let screenSetup = SetupSlot<ScreenSetup>()

/// The configuration of every screen-read benchmark, on either store: wall clock and allocations, up to
/// 5 s or 5,000 iterations each.
var screenReadConfiguration: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 10,
        maxDuration: .seconds(5),
        maxIterations: 5_000
    )
}

/// The reads of a Home screen for the viewer, in one read transaction: per favourite the top two of
/// its standings and the viewer's position; the viewer's counts; per followed user their counts and
/// the positions of their two most logged habits. Returns a checksum, so nothing is optimised away.
func homeScreenReads(_ source: any ScreenSource, viewer: Int64) async throws -> Int {
    var checksum = 0
    let counts = try await source.counts(userID: viewer)
    for habit in try await source.favoriteHabitIDs(userID: viewer).sorted() {
        let standings = try await source.standings(habitID: habit, limit: 2)
        let position = try await source.position(habitID: habit, count: max(counts[habit] ?? 0, 1))
        checksum &+= standings.count &+ position.rank
    }
    for followed in try await source.followedUsers(userID: viewer) {
        let theirs = try await source.counts(userID: followed.id)
        for (habit, count) in theirs.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(2) {
            checksum &+= try await source.position(habitID: habit, count: count).rank
        }
    }
    return checksum
}

func registerHomeScreenBenchmarks() {
    let configuration = screenReadConfiguration
    let setup: () async throws -> Void = {
        guard screenSetup.value == nil else { return }
        let store = try await ScreenFixture.open()
        let ids = try await store.readScreens { source in
            (
                try await source.user(key: ScreenFixture.userKey(ScreenFixture.viewerIndex))?.id,
                try await source.habits().first { $0.name == ScreenFixture.habitName(0) }?.id
            )
        }
        guard let viewer = ids.0, let habit = ids.1 else { throw HabitsError.notFound(kind: .user, id: "viewer") }
        screenSetup.value = ScreenSetup(store: store, viewer: viewer, mostLoggedHabit: habit)
    }

    Benchmark(
        "Home screen: 10 favourites (top 2, position), counts, 20 followed (counts, 2 positions)",
        configuration: configuration
    ) { benchmark in
        guard let setup = screenSetup.value else { return benchmark.error("no fixture") }
        let viewer = setup.viewer
        for _ in benchmark.scaledIterations {
            blackHole(try await setup.store.readScreens { source in try await homeScreenReads(source, viewer: viewer) })
        }
    } setup: {
        try await setup()
    }

    // The whole document as `GET /v1/screens/home` builds it: reads, rules, sections, items and layouts.
    Benchmark(
        "Home screen document for one viewer (100k users, 200 habits, 10M logs)", configuration: configuration
    ) { benchmark in
        guard let setup = screenSetup.value else { return benchmark.error("no fixture") }
        let request = ScreenRequest(screen: .home, viewerID: setup.viewer)
        for _ in benchmark.scaledIterations {
            blackHole(try await setup.store.readScreens { source in
                try await homeDocument(request, in: source)
            })
        }
    } setup: {
        try await setup()
    }

    // The costliest single read: a count of 1 in the most logged habit sums every level above it.
    Benchmark("Position of count 1 in the most logged habit", configuration: configuration) { benchmark in
        guard let setup = screenSetup.value else { return benchmark.error("no fixture") }
        let habit = setup.mostLoggedHabit
        for _ in benchmark.scaledIterations {
            blackHole(try await setup.store.readScreens { source in
                try await source.position(habitID: habit, count: 1)
            })
        }
    } setup: {
        try await setup()
    }
}

/// Home's document as the screen hub builds it for `GET /v1/screens/home`: over a `MemoizingSource` that
/// reads ahead when the store answers in batches, through the `ObservingSource` that records its reads.
func homeDocument(_ request: ScreenRequest, in source: some ScreenSource) async throws -> ScreenDocument {
    let shared = MemoizingSource(source)
    if shared.readsAheadInBatches { try await shared.readAhead(homesOf: [request.viewerID]) }
    return try await ScreenBuilder(source: ObservingSource(shared)).document(for: request, revision: "1")
}
