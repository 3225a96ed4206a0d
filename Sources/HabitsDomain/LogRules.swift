import Foundation

/// The rules every logged event obeys, whichever API it arrives through.
public enum LogRules {
    /// How far in the future a timestamp may lie, to allow for clock skew between devices.
    public static let maximumFutureSkew: TimeInterval = 5 * 60

    /// Checks a log against `now`.
    /// - Throws: `HabitsError.invalid` for a timestamp more than five minutes ahead of `now`.
    public static func validate(_ log: LoggedHabit, now: Date) throws(HabitsError) {
        guard log.timestamp.timeIntervalSince1970.isFinite else {
            throw .invalid(field: "timestamp", reason: "is not a valid instant.")
        }
        if log.timestamp.timeIntervalSince(now) > maximumFutureSkew {
            throw .invalid(
                field: "timestamp",
                reason: "lies in the future; a habit can be logged at most 5 minutes ahead of the server's clock."
            )
        }
    }
}

/// JSON coders that read and write timestamps as the course client does.
public enum HabitsJSON {
    /// An encoder writing ISO 8601 instants (`2026-11-22T17:20:15Z`) with sorted keys, so output is stable.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A decoder accepting ISO 8601 instants with or without fractional seconds and with any offset.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseInstant(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "Expected an ISO 8601 instant such as 2026-11-22T17:20:15Z, got \"\(text)\"."
                )
            }
            return date
        }
        return decoder
    }

    /// Parses an ISO 8601 instant, with or without fractional seconds.
    public static func parseInstant(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            return date
        }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }
}
