import Foundation
import HTTPTypes
import HabitsDomain
import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Emoji picks and each user's recent emoji through the real application. The fixture holds users 1…5 and
/// habits 1…4 (Run, Read, Deep breathing, Swim).
@Suite struct V1EmojiRouteTests {
    @Test func emojiPicksSetTheHabitAndTheRecents() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let recents = try await client.send("/v1/users/2/recent-emoji")
            #expect(String(buffer: recents.body) == #"{"items":[]}"#)
            for (habit, emoji) in [(1, "🏃"), (2, "📚"), (3, "🏃")] {
                let picked = try await client.send(
                    "/v1/users/2/emoji-picks", .post, body(#"{"habitID":\#(habit),"emoji":"\#(emoji)"}"#))
                #expect(picked.status == .ok)
                #expect(try decodeV1(Habit.self, picked).emoji == emoji)
            }
            #expect(
                try decodeV1(RecentEmojiList.self, try await client.send("/v1/users/2/recent-emoji")).items == [
                    "🏃", "📚",
                ])
            try expectError(
                try await client.send("/v1/users/2/emoji-picks", .post, body(#"{"habitID":1,"emoji":"abc"}"#)),
                .unprocessableContent, code: "invalid")
            // Two emoji, or an emoji without its presentation selector, are not one of the picker's.
            for text in ["🏃🏃", "\u{2764}"] {
                try expectError(
                    try await client.send(
                        "/v1/users/2/emoji-picks", .post, body(#"{"habitID":1,"emoji":"\#(text)"}"#)),
                    .unprocessableContent, code: "invalid")
            }
            try expectError(
                try await client.send("/v1/users/2/emoji-picks", .post, body(#"{"habitID":99,"emoji":"🏃"}"#)),
                .unprocessableContent, code: "invalid")
            try expectError(
                try await client.send("/v1/users/99/emoji-picks", .post, body(#"{"habitID":1,"emoji":"🏃"}"#)),
                .notFound, code: "user_not_found")
            try expectError(try await client.send("/v1/users/99/recent-emoji"), .notFound, code: "user_not_found")
            try expectError(try await client.send("/v1/users/2/emoji-picks", .post, body("{")), .badRequest)
        }
    }
}
