/// A path of the HTTP API with named parameters (`/v1/users/:userID/favorites/:habitID`), declared once
/// in `Routes`: controllers register it, screens fill it for their actions, tests read both.
public struct RoutePattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as the router takes it: segments, and parameters as `:name`.
    public let pattern: String

    public init(_ pattern: String) {
        self.pattern = pattern
    }

    public var description: String { pattern }

    /// The names of the parameters, in order.
    public var parameterNames: [String] {
        pattern.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
    }

    /// The pattern as the OpenAPI document writes it: `{name}` for `:name`.
    public var openAPIPath: String {
        "/" + pattern.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            .joined(separator: "/")
    }

    /// The path with each parameter, in order, replaced by the next of `values`, percent-encoded.
    ///
    /// - Precondition: as many values as parameters; a route's caller passes them in one literal list.
    public func path(_ values: any CustomStringConvertible...) -> String {
        var remaining = values[...]
        let segments = pattern.split(separator: "/").map { segment -> String in
            guard segment.hasPrefix(":"), let value = remaining.popFirst() else { return String(segment) }
            return PathSegment.encode(value.description)
        }
        precondition(remaining.isEmpty, "\(pattern) takes \(parameterNames.count) parameters")
        return "/" + segments.joined(separator: "/")
    }
}

/// Every route that a screen's action names or a client calls by path, declared once.
public enum Routes {
    /// `POST` a log of the viewer's habit.
    public static let logs = RoutePattern("/v1/logs")
    /// `PUT` or `DELETE` a favourite habit.
    public static let favorite = RoutePattern("/v1/users/:userID/favorites/:habitID")
    /// `PUT` or `DELETE` a follow.
    public static let following = RoutePattern("/v1/users/:userID/following/:followedID")
    /// `PUT` or `DELETE` a done day of a habit.
    public static let day = RoutePattern("/v1/users/:userID/habits/:habitID/days/:day")
    /// `PUT` or `DELETE` a rating of a program.
    public static let rating = RoutePattern("/v1/users/:userID/ratings/:programID")
    /// `PUT` or `DELETE` a membership of a program.
    public static let membership = RoutePattern("/v1/users/:userID/programs/:programID")
    /// `POST` an emoji chosen for a habit.
    public static let emojiPicks = RoutePattern("/v1/users/:userID/emoji-picks")
    /// `POST` a question to the help desk.
    public static let helpQuestions = RoutePattern("/v1/help/questions")
    /// `GET` a user's picture (the course API's path).
    public static let userImage = RoutePattern("/images/:userID")
    /// `GET` a program's picture.
    public static let programImage = RoutePattern("/images/programs/:programID")

    /// Every route declared here.
    public static let all: [RoutePattern] = [
        logs, favorite, following, day, rating, membership, emojiPicks, helpQuestions, userImage, programImage,
    ]
}

/// Percent-encoding of one path segment.
public enum PathSegment {
    /// `value` percent-encoded for one path segment (RFC 3986 unreserved characters kept).
    public static func encode(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = String(byte, radix: 16, uppercase: true)
                result += "%" + (digits.count == 1 ? "0" + digits : digits)
            }
        }
        return result
    }
}
