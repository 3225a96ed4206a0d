/// What one user's day of one habit holds beyond "logged or not": how many logs, a skip, a note.
public struct HabitDay: Codable, Hashable, Sendable {
    public var day: LocalDay
    /// The logs of the habit on the day, in the user's zone.
    public var logCount: Int
    /// Set aside on purpose: the day neither breaks nor extends a streak.
    public var isSkipped: Bool
    /// A short note on the day (at most `HabitDay.maximumNoteLength` scalars).
    public var note: String?

    /// The most skips one habit may have in one calendar month.
    public static let maximumSkipsPerMonth = 3
    /// The longest note, in Unicode scalars.
    public static let maximumNoteLength = 280
    /// What a note may hold: up to 280 scalars, line breaks allowed, no invisible or control characters.
    public static let noteRule = TextRule(field: "note", lengths: 0...maximumNoteLength, multiline: true)

    public init(day: LocalDay, logCount: Int = 0, isSkipped: Bool = false, note: String? = nil) {
        self.day = day
        self.logCount = logCount
        self.isSkipped = isSkipped
        self.note = note
    }

    /// Whether the day's target is met under `schedule`.
    public func isDone(under schedule: HabitSchedule) -> Bool { logCount >= schedule.timesPerDay }
}

/// A habit's streak under its schedule, as `GET …/streak` answers it.
public struct ScheduledStreak: Codable, Hashable, Sendable {
    /// The kept days (or weeks) of the run that reaches today; a today not yet done does not end it.
    public var current: Int
    /// The most kept days (or weeks) any run has held.
    public var longest: Int
    public var unit: StreakUnit

    public init(current: Int, longest: Int, unit: StreakUnit) {
        self.current = current
        self.longest = longest
        self.unit = unit
    }
}

/// What `PUT …/days/{day}` asks for: a status, a note, or both. An empty body marks the day done.
///
/// `{"status": "done"}`, `{"status": "skipped"}`, `{"note": "…"}` (at most 280 scalars; `null` or `""`
/// removes it); a note leaves the day's status as it is.
public struct DayUpdate: Codable, Hashable, Sendable {
    /// What a day is marked as.
    public enum Status: String, Codable, Hashable, Sendable {
        /// `unskipped` takes a skip back and leaves the day's logs.
        case done, skipped, unskipped
    }

    public var status: Status?
    public var note: Nullable<String>?

    enum CodingKeys: String, CodingKey {
        case status, note
    }

    public init(status: Status? = nil, note: Nullable<String>? = nil) {
        self.status = status
        self.note = note
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decodeUnlessNull(Status.self, forKey: .status)
        note = try container.decodeNullable(String.self, forKey: .note)
    }

    /// Writes what the server reads: absent fields left out, a cleared note as `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(status, forKey: .status)
        switch note {
        case nil: break
        case .null?: try container.encodeNil(forKey: .note)
        case .value(let text)?: try container.encode(text, forKey: .note)
        }
    }

    /// The update with its note checked by `HabitDay.noteRule`; `invalid` when it asks for nothing.
    public func checked() throws(HabitsError) -> DayUpdate {
        guard status != nil || note != nil else {
            throw .invalid(field: "status", reason: "send a status (\"done\" or \"skipped\"), a note, or both.")
        }
        var checked = self
        if case .value(let text) = note { checked.note = .value(try HabitDay.noteRule.checked(text)) }
        return checked
    }
}
