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
        // Whole milliseconds first: a formatter given 0.001 s as a binary fraction may print .000.
        let milliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded())
        let (seconds, fraction) = (
            milliseconds.dividedRoundingDown(by: 1_000), milliseconds.remainderRoundingDown(by: 1_000)
        )
        let whole = Date(timeIntervalSince1970: Double(seconds)).formatted(Date.ISO8601FormatStyle())
        guard fraction != 0, whole.hasSuffix("Z") else { return whole }
        let digits = String(fraction)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// Parses an ISO 8601 instant, with or without fractional seconds.
    public static func parseInstant(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            return date
        }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }
}

extension Int64 {
    /// The quotient rounded towards minus infinity, so instants before 1970 split correctly.
    fileprivate func dividedRoundingDown(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }

    /// The remainder that goes with `dividedRoundingDown(by:)`, always in `0..<divisor`.
    fileprivate func remainderRoundingDown(by divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
