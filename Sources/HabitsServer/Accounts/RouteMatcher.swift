import HabitsDomain

/// Finds which declared route (`Routes.all`) a path is, before the router runs, so that one middleware
/// can apply each route's access rule.
struct RouteMatcher: Sendable {
    private struct Template: Sendable {
        var route: RoutePattern
        var segments: [Substring]
        var literals: Int
    }

    /// Templates by segment count: a path is compared with the routes of its length only.
    private let templatesByLength: [Int: [Template]]

    init(routes: [RoutePattern] = Routes.all) {
        var byLength: [Int: [Template]] = [:]
        for route in routes {
            let segments = route.pattern.split(separator: "/")
            let template = Template(
                route: route, segments: segments, literals: segments.filter { !$0.hasPrefix(":") }.count)
            byLength[segments.count, default: []].append(template)
        }
        // As the router does, a literal segment wins over a capture (`/v1/logs/batch` over `/v1/logs/:logID`).
        templatesByLength = byLength.mapValues { $0.sorted { $0.literals > $1.literals } }
    }

    /// The route `path` is and its parameters (still percent-encoded), nil when it is none.
    /// - Complexity: O(r·s) for the r routes with the path's s segments (a handful).
    func match(_ path: String) -> (route: RoutePattern, parameters: [Substring: Substring])? {
        let segments = path.split(separator: "/")
        for template in templatesByLength[segments.count] ?? [] {
            var parameters: [Substring: Substring] = [:]
            var matches = true
            for (pattern, segment) in zip(template.segments, segments) {
                if pattern.hasPrefix(":") {
                    parameters[pattern.dropFirst()] = segment
                } else if pattern != segment {
                    matches = false
                    break
                }
            }
            if matches { return (template.route, parameters) }
        }
        return nil
    }
}
