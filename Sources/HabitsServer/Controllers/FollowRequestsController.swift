import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/me/follow-requests…`: who waits for the signed-in (private) account's approval to follow it.
struct FollowRequestsController: Sendable {
    let store: any ResourceStore

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.meFollowRequests.routerPath, use: list)
        router.post(Routes.meFollowRequestApproval.routerPath, use: approve)
        router.post(Routes.meFollowRequestDecline.routerPath, use: decline)
    }

    @Sendable func list(_ request: Request, context: HabitsRequestContext) async throws -> JSON<[FollowRequest]> {
        JSON(try await store.followRequests(userID: try context.signedInIdentity().userID), noStore: true)
    }

    @Sendable func approve(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        try await answer(context, approve: true)
    }

    @Sendable func decline(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        try await answer(context, approve: false)
    }

    private func answer(_ context: HabitsRequestContext, approve: Bool) async throws -> NoContent {
        try await store.answerFollowRequest(
            userID: try context.signedInIdentity().userID, requesterID: try RequestInput.id("requesterID", context),
            approve: approve)
        return NoContent()
    }
}
