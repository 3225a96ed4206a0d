import HabitsDomain
import ServiceLifecycle

/// Runs the course simulator (`--demo`'s) beside the HTTP server, until the service group shuts down.
struct ActivitySimulatorService: Service {
    let simulator: any CourseSimulator

    func run() async throws {
        // Checked between ticks, so a tick's write finishes before the simulator stops.
        await simulator.run(until: { Task.isShuttingDownGracefully })
    }
}
