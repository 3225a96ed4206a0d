import HabitsStore
import Hummingbird
import NIOConcurrencyHelpers

/// With `--demo`: the first write a person makes (any successful POST, PUT, PATCH or DELETE outside the
/// simulator's own controls) marks the demo's database as written by people, so that a reset, which
/// replaces every row, is refused from then on rather than delete what they wrote.
struct DemoWriteMarkMiddleware: RouterMiddleware {
    typealias Context = HabitsRequestContext

    let store: any HabitStore
    /// Whether the mark is known to be set: it is written once, not on every request.
    private let marked = NIOLockedValueBox(false)

    init(store: any HabitStore) { self.store = store }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        guard !CrossSiteRequestMiddleware.safeMethods.contains(request.method),
            (200..<300).contains(response.status.code), !request.uri.path.hasPrefix("/control/simulator/"),
            request.uri.path != "/viewer", !marked.withLockedValue({ $0 })
        else { return response }
        try await store.markDemoWrittenByPeople()
        marked.withLockedValue { $0 = true }
        return response
    }
}
