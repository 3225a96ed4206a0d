import HabitsDomain
import Hummingbird

/// In accounts mode, runs each signed-in request in its account's turn (`AccountTurns`), so that one member's
/// requests never hold every thread. The turn covers the handler, not a streamed body: an event stream
/// holds it only while its first document is built. An import, one at a time per account already
/// (`TransferController`), runs beside the turns: a member's pages never wait for their own import.
struct AccountTurnsMiddleware: RouterMiddleware {
    typealias Context = HabitsRequestContext

    let turns: AccountTurns

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard case .signedIn(let identity) = context.access, request.uri.path != Routes.meImport.pattern else {
            return try await next(request, context)
        }
        return try await turns.run(account: identity.userID) { try await next(request, context) }
    }
}
