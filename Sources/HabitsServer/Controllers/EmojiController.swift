import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/users/{userID}/recent-emoji` and `…/emoji-picks`: the emoji picker's Recents, and a pick that sets
/// a habit's icon.
struct EmojiController: Sendable {
    let store: any EmojiStore

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.recentEmoji.routerPath, use: recent)
        router.post(Routes.emojiPicks.routerPath, use: pick)
    }

    @Sendable func recent(_ request: Request, context: HabitsRequestContext) async throws -> JSON<RecentEmojiList> {
        let userID = try RequestInput.id("userID", context)
        return JSON(RecentEmojiList(items: try await store.recentEmoji(userID: userID)))
    }

    @Sendable func pick(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Habit> {
        let userID = try RequestInput.id("userID", context)
        // A pick sets the shared habit's icon, which is the catalogue's: with accounts, administrators' only.
        guard context.isAdministrator else { throw AccessRefusal.administratorsOnly }
        let pick = try await RequestBody.decode(EmojiPick.self, from: request)
        let emoji = try EmojiCatalog.pick(pick.emoji)
        do {
            return JSON(try await store.pickEmoji(userID: userID, habitID: pick.habitID, emoji: emoji))
        } catch HabitsError.notFound(kind: .habit, let id) {
            // The habit is named in the body, not the path: an invalid field.
            throw HabitsError.invalid(field: "habitID", reason: "no habit has id \(id).")
        }
    }
}
