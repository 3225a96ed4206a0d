import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// How the server is set up: where it listens, which names it answers to, and its limits.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Extra names the server answers to (`--allowed-host`), beside loopback names and `host`.
    public var allowedHosts: [String]
    /// How long a connection may wait for a request's head before it is closed.
    public var idleTimeout: Duration
    /// How long a request may take to arrive, from its head to the end of its body.
    public var readTimeout: Duration
    /// How many image uploads are read at once.
    public var maximumConcurrentUploads: Int
    /// The course key of the user whose screens `/v1/screens` shows when a request names nobody.
    public var activeUser: String
    /// The reverse proxies (`--trusted-proxy`) whose `Forwarded` and `X-Forwarded-*` headers are believed
    /// for the client's address, scheme and host; from every other peer they are ignored.
    public var trustedProxies: [IPAddressRange]
    /// The most bytes the live screens may hold, history included (`--screen-cache-mb`).
    public var screenCacheBytes: Int
    /// The most event streams open at once (`--max-streams`).
    public var maximumStreams: Int
    /// The most event streams one client address may hold open (`--max-streams-per-client`).
    public var maximumStreamsPerClient: Int
    /// The most connections open at once; past it the server stops accepting until one closes
    /// (`--max-connections`).
    public var maximumConnections: Int
    /// Connections the kernel holds for the server before it accepts them (the system caps it:
    /// `net.core.somaxconn`). Past it a client's connection attempt is dropped and retried a second later: with
    /// Hummingbird's 256, 10,000 event streams opened 64 at a time lost 1,700 attempts and half the start.
    public static let listenBacklog = 4_096
    /// Who a request may act as (`--auth`).
    public var authMode: AuthMode
    /// bcrypt's cost for new password hashes: at least 12 in production.
    public var passwordCost: UInt8
    /// The addresses a metrics scraper may read `/metrics` from without an administrator's credentials, in
    /// accounts mode (`--metrics-host`).
    public var metricsScrapers: [IPAddressRange]

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        allowedHosts: [String] = [],
        idleTimeout: Duration = .seconds(60),
        readTimeout: Duration = .seconds(30),
        maximumConcurrentUploads: Int = 4,
        activeUser: String = CourseAPI.defaultActiveUserID,
        trustedProxies: [IPAddressRange] = [],
        screenCacheBytes: Int = 256 << 20,
        maximumStreams: Int = 10_000,
        maximumStreamsPerClient: Int = 64,
        maximumConnections: Int = 11_000,
        authMode: AuthMode = .open,
        passwordCost: UInt8 = 12,
        metricsScrapers: [IPAddressRange] = []
    ) {
        self.host = host
        self.port = port
        self.allowedHosts = allowedHosts
        self.idleTimeout = idleTimeout
        self.readTimeout = readTimeout
        self.maximumConcurrentUploads = maximumConcurrentUploads
        self.activeUser = activeUser
        self.trustedProxies = trustedProxies
        self.screenCacheBytes = screenCacheBytes
        self.maximumStreams = maximumStreams
        self.maximumStreamsPerClient = maximumStreamsPerClient
        self.maximumConnections = maximumConnections
        self.authMode = authMode
        self.passwordCost = passwordCost
        self.metricsScrapers = metricsScrapers
    }

    /// Every host name a request's `Host` may carry.
    var acceptedHosts: [String] { HostAllowlistMiddleware.loopbackNames + [host] + allowedHosts }
}

/// The whole server: HTTP on `configuration`'s address with every route and middleware, and with `--demo`
/// the course simulator as a service beside it (nil: no simulator, and no `/control/simulator/…` routes).
/// `onReady` runs once the socket listens, with the bound port.
public func buildApplication(
    configuration: ServerConfiguration,
    store: any HabitStore,
    simulator: (any CourseSimulator)?,
    logger: Logger,
    metrics: ServerMetrics = ServerMetrics(),
    clock: @escaping @Sendable () -> Date = { Date() },
    onReady: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let hub = ScreenHub(
        store: store, metrics: metrics, logger: logger, clock: clock, byteBudget: configuration.screenCacheBytes)
    let router = buildRouter(
        configuration: configuration, store: store, simulator: simulator, hub: hub, metrics: metrics, clock: clock)
    let idleTimeout = TimeAmount(configuration.idleTimeout)
    let readTimeout = TimeAmount(configuration.readTimeout)
    let http = HTTP1Channel.Configuration(
        additionalChannelHandlers: [
            ReceiveBufferHandler(), RequestDeadlineHandler(idleTimeout: idleTimeout, readTimeout: readTimeout),
            EventStreamHangUpHandler(),
        ]
    )
    var services: [any Service] = [ScreenHubService(hub: hub)]
    if let simulator { services.insert(ActivitySimulatorService(simulator: simulator), at: 0) }
    return Application(
        responder: RequestTaskResponder(inner: router.buildResponder()),
        server: .http1(configuration: http),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "Habits",
            backlog: ServerConfiguration.listenBacklog,
            availableConnectionsDelegate: ConnectionLimit(maximum: configuration.maximumConnections, metrics: metrics)
        ),
        services: services,
        onServerRunning: { channel in await onReady(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
}

/// The router: middleware outermost first, then every controller's routes.
func buildRouter(
    configuration: ServerConfiguration,
    store: any HabitStore,
    simulator: (any CourseSimulator)?,
    hub: ScreenHub,
    metrics: ServerMetrics,
    clock: @escaping @Sendable () -> Date
) -> Router<HabitsRequestContext> {
    let router = Router(context: HabitsRequestContext.self)
    router.add(middleware: ClientConnectionMiddleware(trustedProxies: configuration.trustedProxies))
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: ResponseCompressionMiddleware())
    router.add(middleware: LogRequestsMiddleware(.debug))
    router.add(middleware: RequestMetricsMiddleware(metrics: metrics))
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: HostAllowlistMiddleware(allowedHosts: configuration.acceptedHosts))
    router.add(middleware: CrossSiteRequestMiddleware())
    router.add(middleware: QueryEncodingMiddleware())
    // Who is asking and whether they may, decided for every route after the host and origin checks.
    let identities = IdentityCache()
    router.add(
        middleware: IdentityMiddleware(mode: configuration.authMode, store: store, clock: clock, cache: identities))
    let routeTable = RouteTable()
    router.add(
        middleware: AccessMiddleware(
            mode: configuration.authMode, served: routeTable, store: store,
            metricsScrapers: configuration.metricsScrapers))
    // One member's requests take turns among themselves, so that they never hold every thread.
    router.add(middleware: AccountTurnsMiddleware(turns: AccountTurns()))
    if simulator != nil { router.add(middleware: DemoWriteMarkMiddleware(store: store)) }
    router.add(middleware: MethodNotAllowedMiddleware(routes: routeTable))
    router.add(middleware: IdempotencyMiddleware(store: store, clock: clock))

    let statistics = StatisticsCache(store: store)
    let uploads = ConcurrencyLimit(maximum: configuration.maximumConcurrentUploads)
    CourseAPIController(store: store, statistics: statistics, clock: clock, metrics: metrics, uploads: uploads)
        .addRoutes(to: router)
    UsersController(store: store).addRoutes(to: router)
    CatalogController(store: store).addRoutes(to: router)
    HabitsController(store: store).addRoutes(to: router)
    HabitOrderController(store: store).addRoutes(to: router)
    CalendarController(store: store, clock: clock).addRoutes(to: router)
    let widgets = WidgetController(store: store, clock: clock, cache: WidgetCache())
    widgets.addRoutes(to: router)
    LogsController(store: store, clock: clock, metrics: metrics).addRoutes(to: router)
    DaysController(store: store, clock: clock).addRoutes(to: router)
    TodayController(store: store, clock: clock).addRoutes(to: router)
    TransferController(store: store, clock: clock).addRoutes(to: router)
    ProgramsController(store: store, clock: clock, uploads: uploads).addRoutes(to: router)
    HelpController(store: store, clock: clock).addRoutes(to: router)
    EmojiController(store: store).addRoutes(to: router)
    OperationsController(store: store, metrics: metrics, authMode: configuration.authMode).addRoutes(to: router)
    let accounts = AccountService(
        store: store, hasher: PasswordHasher(cost: configuration.passwordCost), limiter: SignInLimiter(), clock: clock,
        identities: identities)
    AuthController(accounts: accounts).addRoutes(to: router)
    MeController(accounts: accounts).addRoutes(to: router)
    FollowRequestsController(store: store).addRoutes(to: router)
    // The simulator's controls exist only with --demo: elsewhere /control/simulator/* is 404.
    if let simulator { SimulatorController(simulator: simulator).addRoutes(to: router) }
    let streams = StreamLimit(
        maximum: configuration.maximumStreams, maximumPerClient: configuration.maximumStreamsPerClient,
        metrics: metrics)
    // Who is asking for a screen, decided once per request, after the host and origin checks.
    let apiViewers = ViewerMiddleware(store: store, defaultViewerKey: configuration.activeUser, readsCookie: false)
    let webViewers = ViewerMiddleware(store: store, defaultViewerKey: configuration.activeUser, readsCookie: true)
    let screens = ScreenService(hub: hub, streams: streams)
    ScreensController(screens: screens, viewers: apiViewers).addRoutes(to: router)
    ScreenFramesController(screens: screens, viewers: apiViewers).addRoutes(to: router)
    WebController(screens: screens, store: store, assets: .bundled, viewers: webViewers, clock: clock)
        .addRoutes(to: router)
    WebAccountController(accounts: accounts, assets: .bundled).addRoutes(to: router)
    WebHabitsController(store: store, assets: .bundled, clock: clock).addRoutes(to: router)
    WebWidgetsController(widgets: widgets, assets: .bundled).addRoutes(to: router)
    AdminController(accounts: accounts, assets: .bundled).addRoutes(to: router)
    routeTable.load(router.routes.map { (path: $0.path.description, method: $0.method.rawValue) })
    return router
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
