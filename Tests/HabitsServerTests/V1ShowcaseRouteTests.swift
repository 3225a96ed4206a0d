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

/// Programs, ratings, memberships, help and recent emoji through the real application. The fixture holds
/// users 1…5, habits 1…4 (Run, Read, Deep breathing, Swim) and category 1.
@Suite struct V1ShowcaseRouteTests {
    static let programJSON = #"""
        {"title":"Couch to 5K","author":"Ada Lovelace","summary":"Three runs a week.","categoryID":1,
         "price":{"amount":"19.99","currency":"USD"},"tag":"New","habitIDs":[1,2],"featured":true}
        """#

    /// The required fields of a program, without braces.
    static let minimal = #""title":"T","author":"A","categoryID":1,"price":{"amount":"1","currency":"USD"}"#

    @Test func programsAreCreatedReadChangedListedAndDeleted() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let created = try await client.send("/v1/programs", .post, body(Self.programJSON))
            #expect(created.status == .created)
            let program = try decodeV1(Program.self, created)
            #expect(created.headers[.location] == "/v1/programs/\(program.id)")
            #expect(program.createdAt == Fixture.now && program.habitIDs == [1, 2] && program.featured)
            #expect(program.price == Price(minorUnits: 1999, currency: "USD"))
            let text = String(buffer: created.body)
            #expect(
                text.contains(#""image":"\/images\/programs\/\#(program.id)""#) || text.contains("/images/programs"))
            #expect(text.contains(#""rating":{"average":0,"count":0}"#))
            #expect(try decodeV1(Program.self, try await client.send("/v1/programs/\(program.id)")) == program)

            let patched = try decodeV1(
                Program.self,
                try await client.send(
                    "/v1/programs/\(program.id)", .patch,
                    body(#"{"tag":null,"price":{"amount":"19900","currency":"KRW"},"habitIDs":[3]}"#)))
            #expect(patched.tag == nil && patched.price.currency == "KRW" && patched.habitIDs == [3])
            #expect(patched.title == program.title && patched.createdAt == program.createdAt)
            _ = try await client.send("/v1/programs", .post, body(Self.programJSON))
            #expect(try await client.all("/v1/programs", Program.self, limit: 1).count == 2)

            let bad: [(String, HTTPResponse.Status)] = [
                (
                    #"{"title":"","author":"A","categoryID":1,"price":{"amount":"1","currency":"USD"}}"#,
                    .unprocessableContent
                ),
                (
                    #"{"title":"T","author":"A","categoryID":9,"price":{"amount":"1","currency":"USD"}}"#,
                    .unprocessableContent
                ),
                (
                    "{\(Self.minimal),\"habitIDs\":[1,1]}",
                    .unprocessableContent
                ),
                (
                    "{\(Self.minimal),\"habitIDs\":[99]}",
                    .unprocessableContent
                ),
                (
                    #"{"title":"T","author":"A","categoryID":1,"price":{"amount":"1.999","currency":"USD"}}"#,
                    .badRequest
                ),
                (#"{"title":"T","author":"A","categoryID":1,"price":{"amount":"1","currency":"usd"}}"#, .badRequest),
                (#"{"title":"T","author":"A","categoryID":1}"#, .badRequest),
                (#"{"title":"T""#, .badRequest),
            ]
            for (json, status) in bad {
                let response = try await client.send("/v1/programs", .post, body(json))
                try expectError(response, status)
            }
            try expectError(try await client.send("/v1/programs/999"), .notFound, code: "program_not_found")
            try expectError(try await client.send("/v1/programs/abc"), .badRequest, code: "malformed_request")
            try expectError(
                try await client.send("/v1/programs/999", .patch, body(#"{"title":"X"}"#)), .notFound,
                code: "program_not_found")
            try expectError(try await client.send("/v1/categories/1", .delete), .conflict, code: "conflict")
            #expect(try await client.send("/v1/programs/\(program.id)", .delete).status == .noContent)
            try expectError(try await client.send("/v1/programs/\(program.id)", .delete), .notFound)
        }
    }

    @Test func joiningRatingAndLeaving() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let program = try decodeV1(
                Program.self, try await client.send("/v1/programs", .post, body(Self.programJSON)))
            #expect(try await client.send("/v1/users/2/programs/\(program.id)", .put).status == .noContent)
            #expect(try await client.send("/v1/users/2/programs/\(program.id)", .put).status == .noContent)
            #expect(try await client.all("/v1/users/2/programs", Program.self).map(\.id) == [program.id])
            #expect(Set(try await client.all("/v1/users/2/favorites", Habit.self).map(\.id)) == [1, 2])
            try expectError(
                try await client.send("/v1/users/2/programs/77", .put), .notFound, code: "program_not_found")
            try expectError(try await client.send("/v1/users/77/programs/\(program.id)", .put), .notFound)

            let rated = try await client.send("/v1/users/2/ratings/\(program.id)", .put, body(#"{"stars":5}"#))
            #expect(rated.status == .ok)
            #expect(try decodeV1(Program.self, rated).rating == RatingSummary(count: 1, starTotal: 5))
            _ = try await client.send("/v1/users/3/ratings/\(program.id)", .put, body(#"{"stars":2}"#))
            _ = try await client.send("/v1/users/2/ratings/\(program.id)", .put, body(#"{"stars":4}"#))
            let shown = try decodeV1(Program.self, try await client.send("/v1/programs/\(program.id)"))
            #expect(shown.rating == RatingSummary(count: 2, starTotal: 6) && shown.rating.average == 3)
            for stars in ["0", "6", "-1"] {
                let refused = try await client.send(
                    "/v1/users/2/ratings/\(program.id)", .put, body(#"{"stars":\#(stars)}"#))
                try expectError(refused, .unprocessableContent, code: "invalid")
                #expect(try decode(ErrorBody.self, refused).error.message.contains("from 1 to 5"))
            }
            try expectError(
                try await client.send("/v1/users/2/ratings/\(program.id)", .put, body(#"{"stars":4.5}"#)), .badRequest)
            #expect(try await client.send("/v1/users/3/ratings/\(program.id)", .delete).status == .noContent)
            #expect(try await client.send("/v1/users/3/ratings/\(program.id)", .delete).status == .noContent)
            let after = try decodeV1(Program.self, try await client.send("/v1/programs/\(program.id)"))
            #expect(after.rating == RatingSummary(count: 1, starTotal: 4))

            #expect(try await client.send("/v1/users/2/programs/\(program.id)", .delete).status == .noContent)
            #expect(try await client.all("/v1/users/2/programs", Program.self).isEmpty)
            #expect(try await client.all("/v1/users/2/favorites", Habit.self).count == 2, "favourites stay")
        }
    }

    @Test func programPicturesAreGeneratedOrUploaded() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let program = try decodeV1(
                Program.self, try await client.send("/v1/programs", .post, body(Self.programJSON)))
            let generated = try await client.send("/images/programs/\(program.id)")
            #expect(generated.status == .ok && generated.headers[.contentType] == "image/png")
            let tag = try #require(generated.headers[.eTag])
            #expect(generated.headers[.cacheControl] == "no-cache")
            #expect(try PNGCheck.dimensions(of: [UInt8](generated.body.readableBytesView)) == (240, 135))
            let again = try await client.execute(
                uri: "/images/programs/\(program.id)", method: .get, headers: [.ifNoneMatch: tag]
            ) { $0 }
            #expect(again.status == .notModified && again.body.readableBytes == 0)

            let png = Avatar.png(for: CourseAPI.User(id: "p", name: "P", color: nil, bio: nil), size: 16)
            let stored = try await client.execute(
                uri: "/v1/programs/\(program.id)/image", method: .put, headers: [.contentType: "image/png"],
                body: ByteBuffer(bytes: png)
            ) { $0 }
            #expect(stored.status == .noContent)
            let uploaded = try await client.send("/images/programs/\(program.id)")
            #expect([UInt8](uploaded.body.readableBytesView) == png && uploaded.headers[.eTag] != tag)

            let notPNG = try await client.execute(
                uri: "/v1/programs/\(program.id)/image", method: .put, headers: [.contentType: "image/jpeg"],
                body: ByteBuffer(bytes: [0xFF, 0xD8, 0xFF])
            ) { $0 }
            try expectError(notPNG, .unsupportedMediaType)
            let cut = try await client.execute(
                uri: "/v1/programs/\(program.id)/image", method: .put, headers: [.contentType: "image/png"],
                body: ByteBuffer(bytes: png.dropLast(4))
            ) { $0 }
            try expectError(cut, .unprocessableContent, code: "invalid")
            let missing = try await client.execute(
                uri: "/v1/programs/99/image", method: .put, headers: [.contentType: "image/png"],
                body: ByteBuffer(bytes: png)
            ) { $0 }
            try expectError(missing, .notFound, code: "program_not_found")
            try expectError(try await client.send("/images/programs/99"), .notFound, code: "program_not_found")
        }
    }

    @Test func helpTagsAndQuestions() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let tag = try decodeV1(
                HelpTag.self, try await client.send("/v1/help/tags", .post, body(#"{"name":" Billing "}"#)))
            #expect(tag.name == "Billing")
            try expectError(
                try await client.send("/v1/help/tags", .post, body(#"{"name":"BILLING"}"#)), .conflict, code: "conflict"
            )
            try expectError(try await client.send("/v1/help/tags", .post, body(#"{"name":""}"#)), .unprocessableContent)
            let renamed = try await client.send("/v1/help/tags/\(tag.id)", .patch, body(#"{"name":"Payments"}"#))
            #expect(try decodeV1(HelpTag.self, renamed).name == "Payments")
            try expectError(
                try await client.send("/v1/help/tags/99", .patch, body(#"{"name":"X"}"#)), .notFound,
                code: "tag_not_found")

            let faq = try await client.send(
                "/v1/help/questions", .post,
                body(#"{"question":"How do I pay?","answer":"By card.","tagIDs":[\#(tag.id)]}"#))
            #expect(faq.status == .created)
            let mine = try decodeV1(
                Question.self,
                try await client.send("/v1/help/questions", .post, body(#"{"question":"운동 기록이 사라졌어요 😢","authorID":2}"#))
            )
            #expect(mine.answer == nil && mine.authorID == 2 && mine.createdAt == Fixture.now)
            let empty = try await client.send("/v1/help/questions", .post, body(#"{"question":"   "}"#))
            try expectError(empty, .unprocessableContent, code: "invalid")
            #expect(try decode(ErrorBody.self, empty).error.message.contains("The question can't be empty."))
            let long = try await client.send(
                "/v1/help/questions", .post, body(#"{"question":"\#(String(repeating: "가", count: 2_001))"}"#))
            #expect(try decode(ErrorBody.self, long).error.message.contains("longer than 2,000 characters"))
            try expectError(
                try await client.send("/v1/help/questions", .post, body(#"{"question":"Q","authorID":99}"#)),
                .unprocessableContent, code: "invalid")
            try expectError(
                try await client.send("/v1/help/questions", .post, body(#"{"question":"Q","tagIDs":[99]}"#)),
                .unprocessableContent, code: "invalid")

            #expect(try await client.all("/v1/help/questions?viewer=2", Question.self).count == 2)
            #expect(try await client.all("/v1/help/questions?viewer=3", Question.self).count == 1)
            #expect(try await client.all("/v1/help/questions?viewer=3&tag=\(tag.id)", Question.self).count == 1)
            try expectError(try await client.send("/v1/help/questions?viewer=99"), .notFound, code: "user_not_found")
            try expectError(try await client.send("/v1/help/questions?tag=99"), .notFound, code: "tag_not_found")
            try expectError(try await client.send("/v1/help/questions?viewer=x"), .badRequest)

            let answered = try await client.send(
                "/v1/help/questions/\(mine.id)", .patch, body(#"{"answer":"Pull down to sync again."}"#))
            #expect(try decodeV1(Question.self, answered).answer == "Pull down to sync again.")
            #expect(try await client.all("/v1/help/questions?viewer=3", Question.self).count == 2)
            #expect(try await client.send("/v1/help/tags/\(tag.id)", .delete).status == .noContent)
            let untagged = try decodeV1(Question.self, try await client.send("/v1/help/questions/1"))
            #expect(untagged.tagIDs == [])
            #expect(try await client.send("/v1/help/questions/\(mine.id)", .delete).status == .noContent)
            try expectError(
                try await client.send("/v1/help/questions/\(mine.id)"), .notFound, code: "question_not_found")
        }
    }

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
