import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird
import Testing
import HabitsSQLite
import HabitsTestSupport
import HummingbirdTesting

@testable import HabitsServer

/// The one mapping from errors to HTTP, tested for the errors no route reaches today: a handler that
/// decodes JSON without `RequestBody.decode` still answers a clear 400, and an unknown error says
/// nothing of its insides.
@Suite struct ErrorMappingTests {
    struct Draft: Decodable { var name: String }
    struct Secret: Error { var detail = "password=hunter2" }

    @Test func aDecodingErrorFromAnyHandlerIsAMalformedRequestNamingTheField() throws {
        typealias Mapping = ErrorMiddleware<BasicRequestContext>
        let missing = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Draft.self, from: Data("{}".utf8))
        }
        let (status, code, message) = Mapping.describe(try #require(missing))
        #expect(status == .badRequest)
        #expect(code == "malformed_request")
        #expect(message == "Missing field \"name\".")

        let wrongType = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Draft.self, from: Data(#"{"name": 3}"#.utf8))
        }
        #expect(Mapping.describe(try #require(wrongType)).2.hasPrefix("Wrong type at name"))
    }

    @Test func anUnexpectedErrorIsA500WithoutItsDetails() {
        let (status, code, message) = ErrorMiddleware<BasicRequestContext>.describe(Secret())
        #expect(status == .internalServerError)
        #expect(code == "internal")
        #expect(!message.contains("hunter2"))
    }
}

/// What a client sent is quoted short in its refusal: a 1 MiB value answers a small error body.
@Suite struct ErrorExcerptRouteTests {
    @Test func aHugeRefusedValueIsQuotedAsAShortExcerpt() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let huge = String(repeating: "9", count: 1 << 20)
            let response = try await client.execute(
                uri: "/v1/logs", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"userID":1,"habitID":1,"timestamp":"\#(huge)"}"#))
            #expect(response.status == .badRequest || response.status == .contentTooLarge)
            #expect(response.body.readableBytes < 1_024, "the error quotes \(response.body.readableBytes) bytes")
            let unknown = try await client.execute(uri: "/v1/users/\(String(repeating: "z", count: 4_000))", method: .get)
            #expect((400..<500).contains(unknown.status.code))
            #expect(unknown.body.readableBytes < 1_024)
        }
    }
}
