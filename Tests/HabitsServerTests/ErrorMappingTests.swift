import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird
import Testing

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
