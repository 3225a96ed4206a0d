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

/// Programs, their pictures, ratings and memberships through the real application. The fixture holds
/// users 1…5, habits 1…4 (Run, Read, Deep breathing, Swim) and category 1.
@Suite struct V1ProgramRouteTests {
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
                    .unprocessableContent
                ),
                (
                    #"{"title":"T","author":"A","categoryID":1,"price":{"amount":"1","currency":"usd"}}"#,
                    .unprocessableContent
                ),
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
}
