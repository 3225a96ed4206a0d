import Foundation
import HabitsDomain

/// Reads comma-separated, percent-encoded lists such as `names=Deep%20breathing,Meditate`.
enum QueryList {
    /// The decoded items of parameter `name`, nil when the parameter is absent, empty when it is empty.
    static func values(named name: String, inQuery query: String?) throws -> [String]? {
        guard let query else { return nil }
        for parameter in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.first.flatMap({ String($0).removingPercentEncoding }) == name else { continue }
            let raw = parts.count > 1 ? parts[1] : ""
            if raw.isEmpty { return [] }
            // Split before decoding, so an encoded comma (%2C) stays inside a name.
            return try raw.split(separator: ",", omittingEmptySubsequences: false).map { item in
                guard let decoded = String(item).removingPercentEncoding else {
                    throw HabitsError.malformed(reason: "Parameter \(name) is not correctly percent-encoded.")
                }
                return decoded
            }
        }
        return nil
    }
}
