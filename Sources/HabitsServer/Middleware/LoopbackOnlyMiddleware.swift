import Foundation
import Hummingbird

/// Refuses callers that are not on this machine: the simulator's controls replace all data.
struct LoopbackOnlyMiddleware: RouterMiddleware {
    func handle(
        _ request: Request,
        context: HabitsRequestContext,
        next: (Request, HabitsRequestContext) async throws -> Response
    ) async throws -> Response {
        guard context.isLoopbackCaller else {
            throw APIError(
                status: .forbidden, code: "forbidden",
                message: "Simulator controls accept requests from this machine only."
            )
        }
        return try await next(request, context)
    }
}
