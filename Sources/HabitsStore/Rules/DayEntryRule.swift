import HabitsDomain

/// Whether a day may be skipped, decided from the facts a store reads in the write's transaction.
public enum DayEntryRule {
    /// What skipping `day` needs the store to read: how many logs the day holds (read up to `target`) and
    /// how many other days of its calendar month are skipped.
    public struct SkipFacts: Sendable, Equatable {
        public var day: LocalDay
        /// The logs that make the day done under the habit's schedule.
        public var target: Int
        /// The day's logs, read up to `target`.
        public var logsOnDay: Int
        /// The other skipped days of the day's calendar month.
        public var skippedElsewhereInMonth: Int

        public init(day: LocalDay, target: Int, logsOnDay: Int, skippedElsewhereInMonth: Int) {
            self.day = day
            self.target = target
            self.logsOnDay = logsOnDay
            self.skippedElsewhereInMonth = skippedElsewhereInMonth
        }
    }

    /// Refuses a skip of a done day (409) and one beyond `HabitDay.maximumSkipsPerMonth` in a calendar
    /// month (422); returns when the skip may be written.
    public static func checkSkip(_ facts: SkipFacts) throws(HabitsError) {
        guard facts.logsOnDay < facts.target else { throw StoreRefusal.dayIsDone(facts.day) }
        guard facts.skippedElsewhereInMonth < HabitDay.maximumSkipsPerMonth else {
            throw StoreRefusal.skipLimit(facts.day.month, skippedAlready: facts.skippedElsewhereInMonth)
        }
    }

    /// Whether an imported skip is kept: skips are history, so the monthly bound is for new ones only,
    /// but a day the account's logs make done keeps none.
    public static func keepsImportedSkip(logsOnDay: Int, target: Int) -> Bool { logsOnDay < target }

    /// Refuses a write that leaves an account holding `held` notes, past `AccountRules.maximumNotes` (409).
    /// The store counts after writing, in the write's transaction, which the refusal rolls back: one check
    /// serves a note and an import of many alike.
    public static func checkNotes(held: Int) throws(HabitsError) {
        guard held <= AccountRules.maximumNotes else { throw StoreRefusal.noteLimit }
    }

    /// The note a write sets: nil (remove it) for nil or empty text.
    public static func note(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
