import Foundation
import HabitsDomain
import HTTPTypes
import Hummingbird

/// `/control/simulator/…`: the course server's controls for its activity simulation, loopback only.
struct SimulatorController: Sendable {
    let simulator: ActivitySimulator

    func addRoutes(to router: Router<HabitsRequestContext>) {
        let group = router.group("/control/simulator").add(middleware: LocalControlMiddleware())
        group.post("/start") { _, _ in
            try await simulator.start()
            return try await status()
        }
        group.post("/stop") { _, _ in
            await simulator.stop()
            return try await status()
        }
        group.post("/reset") { _, _ in
            try await simulator.reset()
            return try await status()
        }
        group.post("/speed/:multiplier") { _, context in
            let text = try context.pathParameter("multiplier")
            guard let multiplier = Double(text) else {
                throw HabitsError.invalid(field: "speed", reason: "\"\(text)\" is not a number; use a multiplier such as 1.50.")
            }
            try await simulator.setSpeed(multiplier)
            return try await status()
        }
        group.get("/status") { _, _ in
            try await status()
        }
    }

    /// The state as a bare word, `running` or `stopped`, as the course server answers.
    private func status() async throws -> Response {
        let state = await simulator.state
        let speed = await simulator.speed
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]
        headers[.simulatorSpeed] = String(format: "%.2f", speed)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: state.rawValue)))
    }
}

/// Refuses callers that are not on this machine, and requests that a web page of another site made
/// a browser on this machine send (a cross-site form could otherwise reset all data).
struct LocalControlMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: HabitsRequestContext, next: (Request, HabitsRequestContext) async throws -> Response) async throws -> Response {
        guard context.isLoopbackCaller else {
            throw APIError(status: .forbidden, code: "forbidden", message: "Simulator controls accept requests from this machine only.")
        }
        guard Self.isSameSite(request.headers, authority: request.head.authority) else {
            throw APIError(status: .forbidden, code: "forbidden", message: "Simulator controls accept requests from this server's own pages only.")
        }
        return try await next(request, context)
    }

    /// Browsers label every request with `Sec-Fetch-Site` and cross-origin ones with `Origin`;
    /// tools such as curl send neither and are let through.
    static func isSameSite(_ headers: HTTPFields, authority: String?) -> Bool {
        if let site = headers[.secFetchSite], !["same-origin", "none"].contains(site) {
            return false
        }
        if let origin = headers[.origin] {
            guard let host = authority, let url = URL(string: origin), let originHost = url.host else { return false }
            let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
            return originAuthority.lowercased() == host.lowercased()
        }
        return true
    }
}

extension HTTPField.Name {
    static let simulatorSpeed = Self("X-Simulator-Speed")!
    static let secFetchSite = Self("Sec-Fetch-Site")!
}
