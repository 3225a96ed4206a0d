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

/// Help tags and questions through the real application. The fixture holds users 1…5 and habits 1…4.
@Suite struct V1HelpRouteTests {
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
}
