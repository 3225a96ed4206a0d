import Foundation
import HabitsDemo
import HabitsStore
import Logging
import ServiceLifecycle

/// Runs the demo's activity simulator beside the HTTP server, until the service group shuts down.
struct ActivitySimulatorService: Service {
    let simulator: ActivitySimulator

    func run() async throws {
        // Checked between ticks, so a tick's write finishes before the simulator stops.
        await simulator.run(until: { Task.isShuttingDownGracefully })
    }
}

extension ActivitySimulator {
    /// A simulator whose logs go to `logger`, and whose simulated logs `metrics` counts beside those
    /// written over HTTP.
    public init(
        store: any HabitStore,
        demo: DemoDataSet?,
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
