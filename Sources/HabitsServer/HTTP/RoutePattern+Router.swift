import HabitsDomain
import Hummingbird

extension RoutePattern {
    /// The pattern as Hummingbird's router takes it.
    var routerPath: RouterPath { RouterPath(pattern) }
}
