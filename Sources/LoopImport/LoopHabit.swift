/// One habit of a Loop Habit Tracker export, with its checkmarks.
public struct LoopHabit: Hashable, Sendable {
    /// How the habit is checked off.
    public enum Kind: Hashable, Sendable {
        /// Done or not, each day.
        case yesNo
        /// An amount each day, measured in `unit`, aiming at `target` per the habit's frequency.
        case numerical(unit: String, target: Double, targetType: TargetType)
    }

    /// Whether a numerical habit's target is a floor or a ceiling.
    public enum TargetType: Hashable, Sendable {
        /// Loop's AT_LEAST: the amount should reach the target.
        case atLeast
        /// Loop's AT_MOST: the amount should stay at or under the target.
        case atMost
    }

    /// How often the habit is due: `numerator` times every `denominator` days (3 and 7: three times a week).
    public struct Frequency: Hashable, Sendable {
        /// The times per period.
        public var numerator: Int
        /// The period's length in days.
        public var denominator: Int

        /// A frequency of `numerator` times every `denominator` days.
        public init(numerator: Int, denominator: Int) {
            self.numerator = numerator
            self.denominator = denominator
        }
    }

    /// The habit's 1-based position in Loop's list.
    public var position: Int
    /// The habit's name.
    public var name: String
    /// The question Loop asks about it ("Did you meditate this morning?"); empty in exports without one.
    public var question: String
    /// The habit's free-text description (Loop's "notes" about the habit).
    public var description: String
    /// Yes/no or numerical.
    public var kind: Kind
    /// How often it is due.
    public var frequency: Frequency
    /// Its colour as Loop wrote it ("#FF5722"), or nil when the export has none.
    public var color: String?
    /// Whether the habit is archived.
    public var isArchived: Bool
    /// The days with a user's entry, sorted by date, one per date.
    public var checkmarks: [LoopDay]

    /// A habit from its parts.
    public init(
        position: Int, name: String, question: String = "", description: String = "", kind: Kind = .yesNo,
        frequency: Frequency = Frequency(numerator: 1, denominator: 1), color: String? = nil,
        isArchived: Bool = false, checkmarks: [LoopDay] = []
    ) {
        self.position = position
        self.name = name
        self.question = question
        self.description = description
        self.kind = kind
        self.frequency = frequency
        self.color = color
        self.isArchived = isArchived
        self.checkmarks = checkmarks
    }
}

/// One habit's entry on one calendar day.
public struct LoopDay: Hashable, Sendable {
    /// The year, 1900...9999.
    public var year: Int
    /// The month, 1...12.
    public var month: Int
    /// The day of the month, 1...31 as the month allows.
    public var day: Int
    /// What was recorded.
    public var checkmark: LoopCheckmark
    /// The note the user wrote for the day, or "" (exports before Loop 2.3 carry none).
    public var notes: String

    /// A day's entry from its parts.
    public init(year: Int, month: Int, day: Int, checkmark: LoopCheckmark, notes: String = "") {
        self.year = year
        self.month = month
        self.day = day
        self.checkmark = checkmark
        self.notes = notes
    }

    /// Whether `self`'s date comes before `other`'s.
    func isBefore(_ other: LoopDay) -> Bool {
        (year, month, day) < (other.year, other.month, other.day)
    }
}
