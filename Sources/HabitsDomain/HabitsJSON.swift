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
                    debugDescription:
                        "Expected an ISO 8601 instant such as 2026-11-22T17:20:15Z, got \(Excerpt.quoted(text)).")
            }
            return date
        }
        return decoder
    }

    /// An instant in ISO 8601 UTC, rounded to the millisecond; the fraction only when it is not zero.
    /// Written in the proleptic Gregorian calendar, as `LocalDay` counts days, whatever the year.
    public static func formatInstant(_ date: Date) -> String {
        // Whole milliseconds first: a binary fraction of 0.001 s must not print as .000.
        let milliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded())
        let seconds = milliseconds.dividedRoundingDown(by: 1_000)
        let fraction = milliseconds.remainderRoundingDown(by: 1_000)
        let day = LocalDay(number: Int(seconds.dividedRoundingDown(by: 86_400)))
        let secondOfDay = Int(seconds.remainderRoundingDown(by: 86_400))
        var text = day.description + "T" + LocalDay.padded(secondOfDay / 3_600, 2) + ":"
            + LocalDay.padded(secondOfDay / 60 % 60, 2) + ":" + LocalDay.padded(secondOfDay % 60, 2)
        if fraction != 0 { text += "." + LocalDay.padded(Int(fraction), 3) }
        return text + "Z"
    }

    /// Parses an RFC 3339 instant (`2026-11-22T17:20:15Z`, `2026-11-22T18:20:15.250+01:00`), strictly: a
    /// real calendar date in years 1–9999, hours 0–23, minutes and seconds 0–59, a fraction of 1 to 9
    /// digits, an offset of `Z` or ±HH:MM, and nothing else. Nil for anything that is not exactly that.
    public static func parseInstant(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 35, let day = LocalDay(iso: text.prefix(10)),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let hour = LocalDay.digits(bytes[11..<13]), let minute = LocalDay.digits(bytes[14..<16]),
            let second = LocalDay.digits(bytes[17..<19]), hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, let digit = LocalDay.digits(bytes[index..<index + 1]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard (1...9).contains(index - start) else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                let hours = LocalDay.digits(bytes[index + 1..<index + 3]),
                let minutes = LocalDay.digits(bytes[index + 4..<index + 6]), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3_600 + minutes * 60) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return nil
        }
        let seconds = day.number * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
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
