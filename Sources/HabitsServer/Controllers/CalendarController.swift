import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// Reminders through the calendar people already have: an iCalendar feed of a person's own habits
/// (`CalendarFeed`), read by a calendar app that can carry no cookie, so with accounts its address holds
/// a secret of its own, which only opens the feed and is revoked or replaced from the account.
struct CalendarController: Sendable {
    let store: any HabitStore
    let clock: @Sendable () -> Date

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.meCalendar.routerPath, use: feed)
        router.post(Routes.meCalendarFeed.routerPath, use: create)
        router.delete(Routes.meCalendarFeed.routerPath, use: remove)
        router.get(Routes.userCalendar.routerPath, use: userFeed)
    }

    /// The address of a new feed, which replaces the account's earlier one.
    struct FeedAddress: Codable, Sendable {
        var url: String
    }

    /// The feed's secret is a credential that reads the account's own habits: like every credential, only a
    /// person signed in makes one, so that a leaked API token cannot leave a lasting way in behind it.
    @Sendable func create(_ request: Request, context: HabitsRequestContext) async throws -> JSON<FeedAddress> {
        let userID = try context.sessionIdentity().userID
        let secret = Secrets.newSecret()
        try await store.replaceCalendarFeed(userID: userID, secretHash: Secrets.hash(secret), now: clock())
        return JSON(FeedAddress(url: Self.address(secret: secret, context)), status: .created, noStore: true)
    }

    /// The feed's address with `secret`, on the host and scheme the request came to.
    static func address(secret: String, _ context: HabitsRequestContext) -> String {
        let client = context.client
        return "\(client.scheme.rawValue)://\(client.host ?? "localhost")\(Routes.meCalendar.pattern)?token=\(secret)"
    }

    @Sendable func remove(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        try await store.removeCalendarFeed(userID: try context.signedInIdentity().userID)
        return NoContent()
    }

    /// The feed of the account whose feed secret is `token`; an unknown or revoked one is a 404.
    @Sendable func feed(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let refusal = HabitsError.notFound(kind: .calendar, id: "this token")
        guard let token = request.uri.queryParameters.get("token"), Secrets.isWellFormed(token),
            let userID = try await store.calendarFeedOwner(secretHash: Secrets.hash(String(token)))
        else { throw refusal }
        return try await calendar(of: userID, context)
    }

    /// Open mode: anyone's feed by their id.
    @Sendable func userFeed(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        try await calendar(of: try RequestInput.id("userID", context), context)
    }

    private func calendar(of userID: Int64, _ context: HabitsRequestContext) async throws -> Response {
        let user = try await store.user(id: userID)
        let habits = try await store.ownHabits(ownerID: userID)
        // Event ids name the server's host, never its port: a feed read through a proxy keeps its ids.
        let host = context.client.authority?.host ?? "habits"
        let text = CalendarFeed(zone: user.timeZone, habits: habits, now: clock(), host: host).text
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/calendar; charset=utf-8", .cacheControl: "private, max-age=900",
                .contentDisposition: "inline; filename=\"habits.ics\"",
            ],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
