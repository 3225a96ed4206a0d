import Foundation
import HabitsDemo
import HabitsDomain
import HabitsServer
import HabitsStore
import Logging

extension DemoContent {
    /// The data set `--demo` simulates on `store`, after loading it into an empty store.
    ///
    /// The demo only ever replaces what it made: a store whose content another program or a server
    /// without `--demo` wrote (`ContentOrigin.other`) is refused with a `StartupError` naming `database`.
    /// A store the demo filled before is kept, and only its (user, habit) pairs that still exist are simulated.
    static func prepare(
        store: any HabitStore, activeUserID: String, now: Date, database: String, logger: Logger
    ) async throws -> DemoDataSet {
        switch try await start(store: store, activeUserID: activeUserID, now: now) {
        case .loaded(let data):
            logger.info(
                "loaded demo data",
                metadata: [
                    "users": "\(data.users.count)", "habits": "\(data.habits.count)", "logs": "\(data.logs.count)",
                ])
            return data
        case .kept(let data):
            logger.info("kept the demo's data", metadata: ["simulated pairs": "\(data.rates.count)"])
            return data
        case .refused(let users, let habits, let logs):
            throw StartupError(
                "--demo needs an empty database or one the demo filled, and \(database) holds data it did not "
                    + "create (\(users) users, \(habits) habits, \(logs) logs); choose another --database.")
        }
    }

    /// Without `--demo`, the store's content stops being the demo's: what is written from now on is not
    /// the demo's to reset, so a later `--demo` on this database is refused.
    static func disown(store: any HabitStore, logger: Logger) async throws {
        guard try await disown(store: store) else { return }
        logger.notice("the database is no longer the demo's: serving it with --demo again will be refused")
    }
}

extension ActivitySimulator {
    /// A simulator whose doings go to `logger`, and whose simulated logs `metrics` counts beside those
    /// written over HTTP.
    init(
        store: any HabitStore,
        demo: DemoDataSet,
        activeUserID: String,
        startRunning: Bool,
        tick: Duration = .milliseconds(250),
        logger: Logger,
        metrics: ServerMetrics? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            store: store, demo: demo, activeUserID: activeUserID, startRunning: startRunning, tick: tick, clock: clock,
            report: { event in
                switch event {
                case .logsWritten(let count):
                    metrics?.countLogsWritten(count)
                case .logsFailed(let error):
                    logger.warning("simulated logs failed", metadata: ["error": "\(error)"])
                case .pairsDropped(let count):
                    logger.info("simulation follows the data", metadata: ["dropped pairs": "\(count)"])
                case .reset(let users, let logs):
                    logger.info("demo data reset", metadata: ["users": "\(users)", "logs": "\(logs)"])
                }
            })
    }
}
