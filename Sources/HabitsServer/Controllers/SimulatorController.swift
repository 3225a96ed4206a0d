import Foundation
import HabitsDomain
import HTTPTypes
import Hummingbird

/// `/control/simulator/…`: the course server's controls for its activity simulation, loopback only.
struct SimulatorController: Sendable {
    let simulator: any CourseSimulator

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.group()
            .add(middleware: LoopbackOnlyMiddleware())
            .post(Routes.simulatorStart.routerPath, use: start)
            .post(Routes.simulatorStop.routerPath, use: stop)
            .post(Routes.simulatorReset.routerPath, use: reset)
            .post(Routes.simulatorSpeed.routerPath, use: setSpeed)
            .get(Routes.simulatorStatus.routerPath, use: status)
    }

    @Sendable func start(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        try await simulator.start()
        return await status()
    }

    @Sendable func stop(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        await simulator.stop()
        return await status()
    }

    @Sendable func reset(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        try await simulator.reset()
        return await status()
    }

    @Sendable func setSpeed(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let text = try context.pathParameter("multiplier")
        guard let multiplier = Double(text) else {
            throw HabitsError.invalid(
                field: "speed", reason: "\"\(text.prefix(40))\" is not a number; use a multiplier such as 1.50."
            )
        }
        try await simulator.setSpeed(multiplier)
        return await status()
    }

    @Sendable func status(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        await status()
    }

    /// The state as a bare word, `running` or `stopped`, as the course server answers.
    private func status() async -> Response {
        let state = await simulator.state
        let speed = await simulator.speed
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]
        headers[.simulatorSpeed] = String(format: "%.2f", speed)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: state.rawValue)))
    }
}

extension HTTPField.Name {
    static let simulatorSpeed = Self("X-Simulator-Speed")!
}
