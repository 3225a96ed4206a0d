/// Who sees a habit: the catalogue's (leaderboards, Discover, anyone may favourite it; written by
/// administrators) or its owner's alone (never on a leaderboard).
public enum HabitVisibility: String, Codable, Hashable, Sendable, CaseIterable {
    case shared, personal
}

/// A time of day a habit reminds its owner at, in the owner's zone: `"07:30"` in JSON.
public struct ReminderTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    /// A valid time of day, or nil.
    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// `"HH:MM"` on a 24-hour clock, or nil.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: ReminderTime, rhs: ReminderTime) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }
}

extension ReminderTime: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = ReminderTime(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a reminder is a time such as \"07:30\", not \"\(text.prefix(20))\".")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
