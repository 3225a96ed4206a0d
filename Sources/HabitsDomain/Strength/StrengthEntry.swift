/// One day's entry, stored as the integer Loop Habit Tracker keeps in `Entry.value`.
///
/// Loop uses a single integer for both kinds of habit: for yes/no habits it is one of the codes
/// below; for measurable habits it is the amount in thousandths of the unit, except that -1 still
/// means "no entry" and 3 still means "skipped". Storing that raw integer (instead of an enum with
/// a separate amount case) keeps every collision Loop has, which the score depends on:
/// - `.amount(thousandths: 3)` *is* `.skip` (an entry of 0.003 units is scored as a skipped day);
/// - `.amount(thousandths: 2)` *is* `.yesManual`, which only matters for yes/no habits.
public struct StrengthEntry: Sendable, Hashable {
    /// Loop's raw entry value (`Entry.value`).
    public let loopValue: Int

    /// Wraps a raw Loop entry value.
    /// - Complexity: O(1).
    public init(loopValue: Int) {
        self.loopValue = loopValue
    }

    /// No data for the day (`Entry.UNKNOWN`, -1); scored like a miss, never like a skip.
    public static let unknown = StrengthEntry(loopValue: -1)
    /// The habit was expected and not done (`Entry.NO`, 0).
    public static let no = StrengthEntry(loopValue: 0)
    /// Implicitly fulfilled by the frequency (`Entry.YES_AUTO`, 1); scored like a miss.
    public static let yesAuto = StrengthEntry(loopValue: 1)
    /// Done, as entered by the user (`Entry.YES_MANUAL`, 2).
    public static let yesManual = StrengthEntry(loopValue: 2)
    /// Not applicable that day (`Entry.SKIP`, 3); the score is carried over unchanged.
    public static let skip = StrengthEntry(loopValue: 3)

    /// A measured amount in thousandths of the habit's unit (2.5 km is 2500).
    /// - Complexity: O(1).
    public static func amount(thousandths: Int) -> StrengthEntry {
        StrengthEntry(loopValue: thousandths)
    }

    /// Whether Loop treats the day as skipped (raw value 3, for either kind of habit).
    /// - Complexity: O(1).
    public var isSkip: Bool {
        loopValue == StrengthEntry.skip.loopValue
    }

    /// Parses a value cell of Loop's exported `Checkmarks.csv`.
    ///
    /// Accepts both export generations: the symbolic names written since Loop 2.3.1
    /// (`YES_MANUAL`, `YES_AUTO`, `NO`, `SKIP`, `UNKNOWN`, or a plain integer for other
    /// amounts) and the plain integers written by earlier versions. Returns nil for anything else.
    /// - Complexity: O(length of `exportedValue`).
    public init?(exportedValue: String) {
        switch exportedValue {
        case "YES_MANUAL": self = .yesManual
        case "YES_AUTO": self = .yesAuto
        case "NO": self = .no
        case "SKIP": self = .skip
        case "UNKNOWN": self = .unknown
        default:
            // Loop formats other values with Kotlin's Int.toString(): optional minus, digits only.
            guard let value = Int(exportedValue) else { return nil }
            self.init(loopValue: value)
        }
    }
}
