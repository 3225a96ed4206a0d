import Foundation
import HabitsDomain
import HTTPTypes
import Hummingbird

/// The body of `POST /viewer`, the header's viewer picker: a form with `user`, the key of the user to
/// view as, and `return`, the page to go back to.
struct ViewerChoice: Decodable, Sendable {
    /// The longest `return` path.
    static let maximumReturnBytes = 4 * 1024

    var user: String
    var `return`: String?

    /// The form of `request`: 415 unless labelled `application/x-www-form-urlencoded`, 413 past
    /// `maximumBytes`, 400 when a field is missing, 422 when `user` is no key or `return` no path here.
    static func decode(from request: Request) async throws -> ViewerChoice {
        var choice = try await WebForm.decode(ViewerChoice.self, from: request)
        choice.user = try ResourceRules.key(choice.user)
        choice.return = try returnPath(choice.return)
        return choice
    }

    /// `text` when it is a path on this server (`/screens/habits?tag=2`), `/` when absent; never another
    /// site (`//evil.example`, `/\evil.example`) nor anything that could end a header line.
    static func returnPath(_ text: String?) throws -> String {
        guard let text, !text.isEmpty else { return "/" }
        guard text.utf8.count <= maximumReturnBytes, text.hasPrefix("/"), !text.hasPrefix("//"),
              text.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") })
        else {
            throw HabitsError.invalid(
                field: "return", reason: "must be a path on this server, such as /screens/habits.")
        }
        return text
    }
}
