import Foundation

/// JSON coders that read and write timestamps as the course client does.
public enum HabitsJSON {
    /// An encoder writing ISO 8601 instants with sorted keys, so output is stable. Instants keep their
    /// milliseconds (`2026-11-22T17:20:15.750Z`); whole seconds are written without a fraction
    /// (`2026-11-22T17:20:15Z`), which every ISO 8601 parser reads.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatInstant(date))
        }
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

    /// An instant in ISO 8601 UTC, rounded to the millisecond; the fraction only when it is not zero.
    public static func formatInstant(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1_000).rounded()
        let rounded = Date(timeIntervalSince1970: milliseconds / 1_000)
        if milliseconds.truncatingRemainder(dividingBy: 1_000) == 0 {
            return rounded.formatted(Date.ISO8601FormatStyle())
        }
        return rounded.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Parses an ISO 8601 instant, with or without fractional seconds.
    public static func parseInstant(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            return date
        }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }
}
