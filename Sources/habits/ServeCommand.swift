import ArgumentParser
import Foundation
import HabitsDemo
import HabitsDomain
import HabitsServer
import HabitsStore
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals

/// `habits serve`: runs the server until SIGINT or SIGTERM, then finishes requests in flight and
/// closes the database.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Habits server.",
        discussion: "Every option can also be set by an environment variable, named in its help; the option wins."
    )

    @Option(help: "Address to listen on (env HABITS_HOST, default 127.0.0.1).")
    var host: String?

    @Option(help: "Port to listen on; 0 picks a free one (env HABITS_PORT, default 8080).")
    var port: Int?

    @Option(
        help: ArgumentHelp(
            "SQLite file (a path, or sqlite:path) or postgres://user:password@host:port/db "
                + "(env HABITS_DATABASE, default ./habits.sqlite)."))
    var database: String?

    @Flag(
        inversion: .prefixedNo,
        help: "Fill an empty database with demo data and run the activity simulator (env HABITS_DEMO=1).")
    var demo: Bool?

    @Option(
        help: ArgumentHelp(
            "open: anyone here acts as anyone, loopback only; accounts: everyone signs in (env HABITS_AUTH; "
                + "default open with --demo on a loopback address, else accounts).",
            valueName: "open|accounts"))
    var auth: String?

    @Option(help: "Id of the user the app acts as, never simulated (env HABITS_ACTIVE_USER, default activeUser).")
    var activeUser: String?

    @Option(
        help: "Log level: trace, debug, info, notice, warning, error, critical (env HABITS_LOG_LEVEL, default info).")
    var logLevel: String?

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "Another host name the server answers to, beside localhost, 127.0.0.1, ::1 and --host; repeatable "
                + "(env HABITS_ALLOWED_HOSTS, comma-separated).",
            valueName: "name"
        )
    )
    var allowedHosts: [String] = []

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A reverse proxy whose Forwarded and X-Forwarded-* headers are believed for the client's address, "
                + "scheme and host; repeatable (env HABITS_TRUSTED_PROXIES, comma-separated; default none).",
            valueName: "address[/prefix]"
        )
    )
    var trustedProxies: [String] = []

    @Option(
        name: .customLong("metrics-host"),
        help: ArgumentHelp(
            "An address (or range) a metrics scraper reads /metrics from without an administrator's token, in "
                + "accounts mode; repeatable (env HABITS_METRICS_HOSTS, comma-separated; default none).",
            valueName: "address[/prefix]"
        )
    )
    var metricsHosts: [String] = []

    @Option(help: "Seconds a request may take to arrive, head to end of body (env HABITS_READ_TIMEOUT, default 30).")
    var readTimeout: Double?

    @Option(
        help: ArgumentHelp(
            "Stop the server's clock at this ISO 8601 instant, for demos and tests (env HABITS_FIXED_TIME).",
            valueName: "instant"))
    var fixedTime: String?

    @Option(help: "Megabytes the live screens may hold, history too (env HABITS_SCREEN_CACHE_MB, default 256).")
    var screenCacheMb: Int?

    @Option(help: "Most event streams open at once (env HABITS_MAX_STREAMS, default 10000).")
    var maxStreams: Int?

    @Option(help: "Most event streams one client address may open (env HABITS_MAX_STREAMS_PER_CLIENT, default 64).")
    var maxStreamsPerClient: Int?

    @Option(help: "Most connections open at once (env HABITS_MAX_CONNECTIONS, default --max-streams + 1000).")
    var maxConnections: Int?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let settings = try ServeSettings(
            host: host ?? environment["HABITS_HOST"] ?? "127.0.0.1",
            port: try port ?? environment["HABITS_PORT"].map { try Self.number($0, variable: "HABITS_PORT") } ?? 8080,
            database: database ?? environment["HABITS_DATABASE"] ?? "./habits.sqlite",
            demo: demo ?? ServeSettings.isTrue(environment["HABITS_DEMO"]),
            auth: auth ?? environment["HABITS_AUTH"],
            activeUserID: activeUser ?? environment["HABITS_ACTIVE_USER"] ?? DemoDataSet.defaultActiveUserID,
            logLevel: logLevel ?? environment["HABITS_LOG_LEVEL"] ?? "info",
            allowedHosts: allowedHosts.isEmpty
                ? (environment["HABITS_ALLOWED_HOSTS"] ?? "").split(separator: ",").map(String.init)
                : allowedHosts,
            trustedProxies: trustedProxies.isEmpty
                ? (environment["HABITS_TRUSTED_PROXIES"] ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                : trustedProxies,
            metricsHosts: metricsHosts.isEmpty
                ? (environment["HABITS_METRICS_HOSTS"] ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                : metricsHosts,
            readTimeout: try readTimeout
                ?? environment["HABITS_READ_TIMEOUT"].map { try Self.number($0, variable: "HABITS_READ_TIMEOUT") }
                ?? 30,
            fixedTime: try (fixedTime ?? environment["HABITS_FIXED_TIME"]).map(Self.instant),
            limits: try ServeLimits(
                screenCacheMegabytes: try Self.number(screenCacheMb, or: "HABITS_SCREEN_CACHE_MB", in: environment)
                    ?? 256,
                maximumStreams: try Self.number(maxStreams, or: "HABITS_MAX_STREAMS", in: environment) ?? 10_000,
                maximumStreamsPerClient: try Self.number(
                    maxStreamsPerClient, or: "HABITS_MAX_STREAMS_PER_CLIENT", in: environment) ?? 64,
                maximumConnections: try Self.number(maxConnections, or: "HABITS_MAX_CONNECTIONS", in: environment)
            )
        )
        try await settings.serve()
    }

    /// The instant `text` names, or a clear error.
    static func instant(_ text: String) throws -> Date {
        guard let date = HabitsJSON.parseInstant(text) else {
            throw ValidationError(
                "The fixed time must be an ISO 8601 instant such as 2026-03-10T15:00:00Z, got \"\(text)\".")
        }
        return try ServeOptionRules.fixedTime(date, text: text)
    }

    /// The option's value, else the number in environment variable `variable`, else nil.
    static func number(_ option: Int?, or variable: String, in environment: [String: String]) throws -> Int? {
        try option ?? environment[variable].map { try number($0, variable: variable) }
    }

    /// The number in environment variable `variable`, or a clear error naming it.
    static func number<Number: LosslessStringConvertible>(_ text: String, variable: String) throws -> Number {
        guard let number = Number(text) else {
            throw ValidationError("\(variable) must be a number, got \"\(text)\".")
        }
        return number
    }
}

/// Resolved settings of `habits serve`.
struct ServeSettings {
    var host: String
    var port: Int
    var database: String
    var demo: Bool
    /// Who a request may act as (`--auth`).
    var authMode: AuthMode
    var activeUserID: String
    var logLevel: String
    var allowedHosts: [String]
    /// The peers whose forwarding headers are believed (`--trusted-proxy`).
    var trustedProxies: [IPAddressRange]
    /// The addresses a metrics scraper reads `/metrics` from without an administrator (`--metrics-host`).
    var metricsScrapers: [IPAddressRange]
    var readTimeout: Double
    /// The instant the server's clock is stopped at; nil: the system clock.
    var fixedTime: Date?
    /// The bounds of the screen cache, streams and connections.
    var limits: ServeLimits

    /// How long shutdown waits for requests in flight before it cancels them, so SIGTERM always ends.
    static let shutdownGrace: Duration = .seconds(10)

    init(
        host: String, port: Int, database: String, demo: Bool, auth: String? = nil, activeUserID: String,
        logLevel: String,
        allowedHosts: [String] = [], trustedProxies: [String] = [], metricsHosts: [String] = [],
        readTimeout: Double = 30,
        fixedTime: Date? = nil, limits: ServeLimits? = nil
    ) throws {
        // Every option is checked before anything starts (ServeOptionRules): one line, exit status 64.
        _ = try ServeOptionRules.host(host)
        _ = try ServeOptionRules.port(port)
        _ = try StoreLocation(database)
        _ = try ServeOptionRules.logLevel(logLevel)
        _ = try ServeOptionRules.readTimeout(readTimeout)
        if let fixedTime { _ = try ServeOptionRules.fixedTime(fixedTime, text: "\(fixedTime)") }
        do {
            _ = try ResourceRules.key(activeUserID)
        } catch {
            throw ValidationError("The active user id \"\(activeUserID)\" is not a valid key: \(error.message)")
        }
        for name in allowedHosts where name.isEmpty || name.contains("/") || name.contains(" ") {
            throw ValidationError("\"\(name)\" is not a host name for --allowed-host.")
        }
        self.trustedProxies = try trustedProxies.map { text in
            guard let range = IPAddressRange(text) else {
                throw ValidationError(
                    "\"\(text)\" is not an address or ADDRESS/PREFIX for --trusted-proxy "
                        + "(such as 127.0.0.1 or 10.0.0.0/8).")
            }
            return range
        }
        self.metricsScrapers = try metricsHosts.map { text in
            guard let range = IPAddressRange(text) else {
                throw ValidationError(
                    "\"\(text)\" is not an address or ADDRESS/PREFIX for --metrics-host "
                        + "(such as 10.0.0.5 or 10.0.0.0/8).")
            }
            return range
        }
        self.allowedHosts = allowedHosts
        self.readTimeout = readTimeout
        self.fixedTime = fixedTime
        self.limits = try limits ?? ServeLimits()
        self.host = host
        self.port = port
        self.database = database
        self.demo = demo
        authMode = try ServeOptionRules.authMode(auth, host: host, demo: demo)
        self.activeUserID = activeUserID
        self.logLevel = logLevel
    }

    static func isTrue(_ value: String?) -> Bool {
        guard let value = value?.lowercased() else { return false }
        return ["1", "true", "yes", "on"].contains(value)
    }

    func serve() async throws {
        var logger = Logger(label: "habits")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info

        // Accounts refuse common passwords from a bundled list: without it they would accept any.
        if authMode == .accounts, CommonPasswords.count == 0 {
            throw StartupError(
                "The list of common passwords (Habits_HabitsDomain.resources beside the executable) is missing; "
                    + "accounts mode refuses to start without it.")
        }
        let location = try StoreLocation(database)
        let opened = try await location.open(logger: logger)
        let store = opened.store
        var clock: @Sendable () -> Date = { Date() }
        if let fixedTime {
            clock = { fixedTime }
            logger.notice("the clock is stopped", metadata: ["at": "\(fixedTime)"])
        }
        var demoData: DemoDataSet?
        do {
            // The demo replaces only data it made (DemoContent.prepare).
            if demo {
                demoData = try await DemoContent.prepare(
                    store: store, activeUserID: activeUserID, now: clock(), database: location.description,
                    logger: logger)
            } else {
                try await DemoContent.disown(store: store, logger: logger)
            }
        } catch {
            try? await opened.close()
            throw error
        }
        let metrics = ServerMetrics()
        // The demo is wired here, not in the server library: without --demo there is no simulator at all.
        let simulator = demoData.map {
            ActivitySimulator(
                store: store, demo: $0, activeUserID: activeUserID, startRunning: true, logger: logger,
                metrics: metrics, clock: clock)
        }
        let host = self.host
        let authMode = self.authMode
        let readyLogger = logger
        let configuration = ServerConfiguration(
            host: host, port: port, allowedHosts: allowedHosts, readTimeout: .milliseconds(Int64(readTimeout * 1_000)),
            activeUser: activeUserID, trustedProxies: trustedProxies,
            screenCacheBytes: limits.screenCacheMegabytes << 20,
            maximumStreams: limits.maximumStreams, maximumStreamsPerClient: limits.maximumStreamsPerClient,
            maximumConnections: limits.maximumConnections, authMode: authMode, metricsScrapers: metricsScrapers
        )
        let displayHost = host.contains(":") ? "[\(host)]" : host
        let app = buildApplication(
            configuration: configuration,
            store: store,
            simulator: simulator,
            logger: logger,
            metrics: metrics,
            clock: clock,
            onReady: { boundPort in
                // A stable line on standard output that scripts and tests wait for.
                FileHandle.standardOutput.write(Data("Habits listening on http://\(displayHost):\(boundPort)\n".utf8))
                readyLogger.notice("who may act", metadata: ["auth": "\(authMode.rawValue)"])
            }
        )
        var groupConfiguration = ServiceGroupConfiguration(
            services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger
        )
        groupConfiguration.maximumGracefulShutdownDuration = Self.shutdownGrace
        groupConfiguration.maximumCancellationDuration = .seconds(5)
        do {
            try await ServiceGroup(configuration: groupConfiguration).run()
        } catch {
            try? await opened.close()
            throw error
        }
        try await opened.close()
        logger.info("stopped; database closed")
    }
}
