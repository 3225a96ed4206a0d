import Foundation
import HabitsDomain
import HabitsStore

/// Makes the demo feel alive: simulated users log habits at their own random rates, so statistics
/// change while someone watches. The active user is never simulated.
///
/// Events follow a Poisson process: each tick draws how many events happened, then which
/// (user, habit) pairs they were, weighted by each pair's rate (binary search over cumulative rates).
/// What it did is told to `report`, so that the server logs and counts it without this module knowing how.
public actor ActivitySimulator {
    /// Whether the simulator is producing events.
    public typealias State = CourseSimulatorState

    /// What the simulator did, for the server's logs and metrics.
    public enum Event: Sendable {
        /// A tick stored this many simulated logs.
        case logsWritten(Int)
        /// A tick's logs could not be stored.
        case logsFailed(any Error)
        /// This many (user, habit) pairs stopped being simulated: their user or habit is gone.
        case pairsDropped(Int)
        /// `reset` loaded a fresh data set of this many users and logs.
        case reset(users: Int, logs: Int)
    }

    /// Events per second across all users at speed 1, so the demo moves visibly but not frantically.
    public static let baseEventsPerSecond = 1.5
    /// The allowed speed multipliers.
    public static let speedRange: ClosedRange<Double> = 0.01...100
    /// The most simulated time one tick catches up on: after the process was paused (SIGSTOP, a
    /// laptop asleep) the simulation resumes instead of writing hours of events at once.
    public static let maximumCatchUp: Double = 5

    private let store: any HabitStore
    private let activeUserID: String
    private let report: @Sendable (Event) -> Void
    private let tick: Duration
    /// Whether the server runs with `--demo`: only then does it have the simulator's controls.
    public nonisolated let isDemo: Bool
    /// The server's clock: what simulated logs are stamped with.
    private let clock: @Sendable () -> Date
    private var rates: [DemoDataSet.PairRate]
    private var cumulative: [Double] = []
    /// Whether ticks produce events now.
    public private(set) var state: State
    /// The multiplier of `baseEventsPerSecond`, within `speedRange`.
    public private(set) var speed: Double = 1
    private var generator = SystemRandomNumberGenerator()

    /// - Parameters:
    ///   - demo: the demo data set whose rates drive the simulation; nil disables the simulator.
    ///   - clock: the server's clock (stopped by `--fixed-time`).
    ///   - report: told what the simulator did; it must not block, since the simulator waits for it.
    public init(
        store: any HabitStore,
        demo: DemoDataSet?,
        activeUserID: String,
        startRunning: Bool,
        tick: Duration = .milliseconds(250),
        clock: @escaping @Sendable () -> Date = { Date() },
        report: @escaping @Sendable (Event) -> Void = { _ in }
    ) {
        self.store = store
        self.clock = clock
        self.activeUserID = activeUserID
        self.report = report
        self.tick = tick
        self.isDemo = demo != nil
        self.rates = []
        self.state = .stopped
        let rates = (demo?.rates ?? []).filter { $0.userID != activeUserID && $0.eventsPerHour > 0 }
        self.rates = rates
        self.cumulative = Self.cumulativeRates(rates)
        self.state = startRunning && demo != nil ? .running : .stopped
    }

    /// Ticks until the task is cancelled or `stopping` says so, simulating while the state is `running`.
    public func run(until stopping: @Sendable () -> Bool) async {
        let clock = ContinuousClock()
        var last = clock.now
        while !Task.isCancelled && !stopping() {
            try? await Task.sleep(for: tick)
            // Simulate the time that really passed, so slow writes do not slow the advertised rate.
            let now = clock.now
            let elapsed = now - last
            last = now
            if state == .running {
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                await step(seconds: seconds)
            }
        }
    }

    /// Starts producing events.
    public func start() throws(HabitsError) {
        try requireDemo()
        state = .running
    }

    /// Stops producing events.
    public func stop() { state = .stopped }

    /// Sets the speed multiplier.
    public func setSpeed(_ newSpeed: Double) throws(HabitsError) {
        guard newSpeed.isFinite, Self.speedRange.contains(newSpeed) else {
            throw .invalid(field: "speed", reason: "must be a number from 0.01 to 100, such as 1.50.")
        }
        speed = newSpeed
    }

    /// Replaces all data with a fresh demo data set, as `--demo` loads it (the active user's favourites and
    /// follows, programs, help and recent emoji included), and adopts its rates. Refused (409) when the
    /// store holds data the demo did not create (`ContentOrigin.other`), or people wrote to the demo's
    /// data through the server since it was loaded (`DemoWriteMarkMiddleware`): a reset never deletes it.
    public func reset(now: Date? = nil) async throws {
        try requireDemo()
        if case .other = try await store.contentOrigin() {
            throw HabitsError.conflict(
                reason: "The database holds data the demo did not create; a reset would delete it.")
        }
        if try await store.demoWrittenByPeople() {
            throw HabitsError.conflict(
                reason: "People wrote to the demo's data since it was loaded; a reset would delete what they "
                    + "wrote. Start the demo on a new --database instead.")
        }
        let demo = DemoDataSet(activeUserID: activeUserID, now: now ?? clock())
        try await DemoContent.load(demo, into: store)
        rates = demo.rates.filter { $0.userID != activeUserID }
        cumulative = Self.cumulativeRates(rates)
        report(.reset(users: demo.users.count, logs: demo.logs.count))
    }

    /// Produces the events of `seconds` of simulated time, at most `maximumCatchUp` of it.
    public func step(seconds: Double) async {
        guard let total = cumulative.last, total > 0 else { return }
        let count = poisson(mean: Self.baseEventsPerSecond * speed * min(seconds, Self.maximumCatchUp))
        guard count > 0 else { return }
        let now = clock()
        let events = (0..<count).map { _ in
            let rate = rates[firstIndex(above: Double.random(in: 0..<total, using: &generator))]
            return CourseAPI.LoggedHabit(userID: rate.userID, habitName: rate.habitName, timestamp: now)
        }
        // One transaction per tick keeps durable writes few even at high speed.
        do {
            try await store.log(events)
            report(.logsWritten(events.count))
        } catch HabitsError.notFound {
            // A person or habit was deleted or renamed meanwhile: stop simulating it, keep the rest.
            guard let snapshot = await forgetMissingPairs() else { return }
            let kept = events.filter { event in
                snapshot.user(id: event.userID) != nil && snapshot.habit(named: event.habitName) != nil
            }
            guard !kept.isEmpty else { return }
            do {
                try await store.log(kept)
                report(.logsWritten(kept.count))
            } catch {
                report(.logsFailed(error))
            }
        } catch {
            report(.logsFailed(error))
        }
    }

    /// The (user, habit) pairs simulated now.
    public var simulatedPairs: [DemoDataSet.PairRate] { rates }

    /// Drops the pairs whose user or habit no longer exists under that id or name; returns the data it
    /// checked against, nil when the store could not be read.
    private func forgetMissingPairs() async -> StatisticsSnapshot? {
        guard let snapshot = try? await store.statisticsSnapshot() else { return nil }
        let before = rates.count
        rates.removeAll { snapshot.user(id: $0.userID) == nil || snapshot.habit(named: $0.habitName) == nil }
        cumulative = Self.cumulativeRates(rates)
        report(.pairsDropped(before - rates.count))
        return snapshot
    }

    private func requireDemo() throws(HabitsError) {
        guard isDemo else {
            throw .conflict(reason: "The activity simulator runs only in demo mode (habits serve --demo).")
        }
    }

    private func firstIndex(above target: Double) -> Int {
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] > target { high = mid } else { low = mid + 1 }
        }
        return low
    }

    private func poisson(mean: Double) -> Int {
        // Knuth's method is fine for the small means a tick produces; cap it for huge speeds.
        guard mean < 30 else { return Int(mean.rounded()) }
        let limit = exp(-mean)
        var product = Double.random(in: 0..<1, using: &generator)
        var count = 0
        while product > limit {
            count += 1
            product *= Double.random(in: 0..<1, using: &generator)
        }
        return count
    }

    private static func cumulativeRates(_ rates: [DemoDataSet.PairRate]) -> [Double] {
        var running = 0.0
        return rates.map { rate in
            running += rate.eventsPerHour
            return running
        }
    }
}

extension ActivitySimulator: CourseSimulator {
    /// Resets to a data set made at the server's clock's now (see `reset(now:)`).
    public func reset() async throws { try await reset(now: nil) }
}
