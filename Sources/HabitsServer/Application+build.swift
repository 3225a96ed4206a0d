import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird
import Logging

/// How the server is set up: where it listens and which user is "me".
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var activeUserID: String

    public init(host: String = "127.0.0.1", port: Int = 8080, activeUserID: String = DemoDataSet.defaultActiveUserID) {
        self.host = host
        self.port = port
        self.activeUserID = activeUserID
    }
}

/// The router with every route and middleware; separate from the application so tests can drive it.
public func buildRouter(
    store: any HabitStore,
    simulator: ActivitySimulator,
    clock: @escaping @Sendable () -> Date = { Date() },
    metrics: ServerMetrics = ServerMetrics()
) -> Router<HabitsRequestContext> {
    let router = Router(context: HabitsRequestContext.self)
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: LogRequestsMiddleware(.debug))
    router.add(middleware: MetricsMiddleware(metrics: metrics))
    router.add(middleware: ErrorMiddleware())
    let routeTable = RouteTable()
    router.add(middleware: MethodNotAllowedMiddleware(routes: routeTable))
    let statistics = StatisticsCache(store: store)
    CourseAPIController(store: store, statistics: statistics, clock: clock, metrics: metrics).addRoutes(to: router)
    V1UserRoutes(store: store).addRoutes(to: router)
    V1CatalogRoutes(store: store).addRoutes(to: router)
    V1LogRoutes(store: store, clock: clock, metrics: metrics).addRoutes(to: router)
    OperationsController(store: store, metrics: metrics).addRoutes(to: router)
    SimulatorController(simulator: simulator).addRoutes(to: router)
    WebController().addRoutes(to: router)
    routeTable.load(router.routes.map { (path: $0.path.description, method: $0.method.rawValue) })
    return router
}

/// The whole server: HTTP on `configuration`'s address, with the simulator as a service beside it.
/// `onReady` runs once the socket listens, with the bound port (useful with port 0).
public func buildApplication(
    configuration: ServerConfiguration,
    store: any HabitStore,
    simulator: ActivitySimulator,
    logger: Logger,
    metrics: ServerMetrics = ServerMetrics(),
    onReady: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let router = buildRouter(store: store, simulator: simulator, metrics: metrics)
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Habits"),
        services: [simulator],
        onServerRunning: { channel in await onReady(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
}
