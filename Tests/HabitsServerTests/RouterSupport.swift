import HabitsDemo
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import Logging

@testable import HabitsServer

/// The real router over `store`, as `buildApplication` makes it with `--demo` (simulator controls
/// included, the simulator stopped), for tests that read its routes.
func makeDemoRouter(
    store: SQLiteHabitStore, configuration: ServerConfiguration = ServerConfiguration(port: 0, activeUser: "user0")
) -> Router<HabitsRequestContext> {
    var logger = Logger(label: "habits.test")
    logger.logLevel = .warning
    let simulator = ActivitySimulator(
        store: store, demo: DemoDataSet(activeUserID: "user0", now: Fixture.now), activeUserID: "user0",
        startRunning: false)
    return buildRouter(
        configuration: configuration, store: store, simulator: simulator,
        hub: ScreenHub(store: store, metrics: ServerMetrics(), logger: logger), metrics: ServerMetrics(),
        clock: { Fixture.now })
}
