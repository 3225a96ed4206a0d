import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/me/followers…` and `/v1/me/follow-requests…`: who follows the signed-in account, and who waits
/// for its approval to.
struct FollowRequestsController: Sendable {
    let store: any ResourceStore

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.meFollowers.routerPath, use: followers)
        router.delete(Routes.meFollower.routerPath, use: removeFollower)
        router.get(Routes.meFollowRequests.routerPath, use: list)
        router.post(Routes.meFollowRequestApproval.routerPath, use: approve)
        router.post(Routes.meFollowRequestDecline.routerPath, use: decline)
    }

    /// The largest number of followers listed: the account page and a client show them all at once.
    static let followerLimit = 1_000

    @Sendable func followers(_ request: Request, context: HabitsRequestContext) async throws -> JSON<[User]> {
        let userID = try context.signedInIdentity().userID
        return JSON(try await store.followers(userID: userID, limit: Self.followerLimit), noStore: true)
    }

    /// The follower stops following the account; removing someone who does not follow changes nothing.
    @Sendable func removeFollower(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let userID = try context.signedInIdentity().userID
        let followerID = try RequestInput.id("followerID", context)
        guard followerID != userID else { return NoContent() }
        do {
            try await store.setFollowing(userID: followerID, followedID: userID, false)
        } catch let HabitsError.notFound(kind, _) where kind == .user {
            // No such follower: nothing to remove, and the same answer as for one who does not follow.
        }
        return NoContent()
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
