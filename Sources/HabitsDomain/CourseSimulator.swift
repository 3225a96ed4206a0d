/// The course server's activity simulation as its controls (`/control/simulator/…`, `Routes.simulator…`)
/// drive it: the server sees only this, and `habits serve --demo` hands it the demo's simulator.
public protocol CourseSimulator: Sendable {
    /// Whether simulated activity is being produced now.
    var state: CourseSimulatorState { get async }
    /// The multiplier of the simulation's base rate.
    var speed: Double { get async }
    /// Starts producing activity.
    func start() async throws
    /// Stops producing activity.
    func stop() async
    /// Replaces the simulated data with a fresh set, when that loses nothing people wrote.
    func reset() async throws
    /// Sets the speed multiplier; a multiplier out of range is `HabitsError.invalid`.
    func setSpeed(_ multiplier: Double) async throws
    /// Runs until the task is cancelled or `stopping` says so.
    func run(until stopping: @Sendable () -> Bool) async
}

/// A simulation's state, as the course server answers it (a bare word).
public enum CourseSimulatorState: String, Sendable { case running, stopped }

extension CourseAPI {
    /// Who the course app acts as when it names no one: the course server's active user.
    public static let defaultActiveUserID = "activeUser"
}
