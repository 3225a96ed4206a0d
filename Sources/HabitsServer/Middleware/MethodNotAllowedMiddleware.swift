import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers

/// The route templates the router knows, filled once every route is added.
final class RouteTable: Sendable {
    /// A route's path split at its slashes, and the methods it answers.
    private struct Template: Sendable {
        var segments: [Substring]
        var methods: [String]
    }

    // Written once at start-up, read by every unmatched request.
    private let templates = NIOLockedValueBox<[Template]>([])
    /// Every route as `METHOD /path/{parameter}`, for `serves`.
    private let routes = NIOLockedValueBox<Set<String>>([])

    /// Records the router's routes, grouped by path.
    func load(_ routes: [(path: String, method: String)]) {
        var methodsByPath: [String: Set<String>] = [:]
        for route in routes { methodsByPath[route.path, default: []].insert(route.method) }
        let table = methodsByPath.map { path, methods in
            Template(segments: path.split(separator: "/"), methods: methods.sorted())
        }
        templates.withLockedValue { $0 = table }
        self.routes.withLockedValue { $0 = Set(routes.map { "\($0.method) \($0.path)" }) }
    }

    /// Whether the router serves `method` on the route whose OpenAPI path is `path` (HEAD as GET).
    /// - Complexity: O(1), one hashed lookup.
    func serves(_ path: String, method: String) -> Bool {
        let key = "\(method == "HEAD" ? "GET" : method) \(path)"
        return routes.withLockedValue { $0.contains(key) }
    }

    /// The methods of the route matching `path`, nil when no route matches it.
    func methods(forPath path: String) -> [String]? {
        let segments = path.split(separator: "/")
        let table = templates.withLockedValue { $0 }
        // As the router does, a literal segment wins over a capture (`/v1/logs/batch` over `/v1/logs/{logID}`).
        let matches = table.filter { template in
            template.segments.count == segments.count
                && zip(template.segments, segments).allSatisfy { pattern, segment in
                    pattern.hasPrefix("{") || pattern == segment
                }
        }
        return matches.max { lhs, rhs in
            lhs.segments.filter { !$0.hasPrefix("{") }.count < rhs.segments.filter { !$0.hasPrefix("{") }.count
        }?.methods
    }
}

/// Turns the router's 404 for a known path asked with another method into 405 with `Allow`.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: RouteTable

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard let methods = routes.methods(forPath: request.uri.path), !methods.contains(request.method.rawValue)
            else { throw error }
            let allowed = methods.joined(separator: ", ")
            throw APIError(
                status: .methodNotAllowed,
                code: "method_not_allowed",
                message: "This route accepts \(allowed) only.",
                headers: [.allow: allowed]
            )
        }
    }
}
