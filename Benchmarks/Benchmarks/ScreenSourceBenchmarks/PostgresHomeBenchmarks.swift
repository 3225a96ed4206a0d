import Benchmark
import Foundation
import HabitsDomain
import HabitsPostgres
import HabitsScreens
import HabitsStore

/// The Home benchmarks on PostgreSQL, over the same fixture copied with `habits migrate`; registered only
/// when `HABITS_BENCH_POSTGRES_URL` names the database holding it (see Performance.md, "Screen reads").
struct PostgresScreenSetup: Sendable {
    var store: PostgresHabitStore
    var viewer: Int64
}

let postgresScreenSetup = SetupSlot<PostgresScreenSetup>()

func registerPostgresHomeBenchmarks() {
    guard let url = ProcessInfo.processInfo.environment["HABITS_BENCH_POSTGRES_URL"], !url.isEmpty else { return }
    let configuration = screenReadConfiguration
    let setup: () async throws -> Void = {
        guard postgresScreenSetup.value == nil else { return }
        let store = try await PostgresHabitStore.connect(try PostgresStoreConfiguration(url: url))
        let viewer = try await store.readScreens { source in
            try await source.user(key: ScreenFixture.userKey(ScreenFixture.viewerIndex))?.id
        }
        guard let viewer else {
            throw HabitsError.notFound(kind: .user, id: "the fixture's viewer (migrate the fixture there first)")
        }
        postgresScreenSetup.value = PostgresScreenSetup(store: store, viewer: viewer)
    }

    // The floor under every screen read: `BEGIN`, the revision and `COMMIT`, three round trips.
    Benchmark("PostgreSQL: an empty screen read (BEGIN, the revision, COMMIT)", configuration: configuration) {
        benchmark in
        guard let setup = postgresScreenSetup.value else { return benchmark.error("no fixture") }
        for _ in benchmark.scaledIterations {
            blackHole(try await setup.store.readScreens { source in source.revision })
        }
    } setup: {
        try await setup()
    }

    Benchmark("PostgreSQL: Home screen reads (10 favourites, 20 followed)", configuration: configuration) { benchmark in
        guard let setup = postgresScreenSetup.value else { return benchmark.error("no fixture") }
        let viewer = setup.viewer
        for _ in benchmark.scaledIterations {
            blackHole(try await setup.store.readScreens { source in try await homeScreenReads(source, viewer: viewer) })
        }
    } setup: {
        try await setup()
    }

    Benchmark("PostgreSQL: Home screen document (100k users, 200 habits, 10M logs)", configuration: configuration) {
        benchmark in
        guard let setup = postgresScreenSetup.value else { return benchmark.error("no fixture") }
        let request = ScreenRequest(screen: .home, viewerID: setup.viewer)
        for _ in benchmark.scaledIterations {
            blackHole(try await setup.store.readScreens { source in
                try await homeDocument(request, in: source)
            })
        }
    } setup: {
        try await setup()
    }
}
