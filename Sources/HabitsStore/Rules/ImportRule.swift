import Foundation
import HabitsDomain

/// What an import means, decided once for every store: which habits it may name, which logs are new,
/// which skips and notes it keeps. A store reads the facts and writes what the rule lets through, in one
/// transaction.
public enum ImportRule {
    /// A resolved habit of the import: its row id and how many logs make one of its days done.
    public struct Target: Sendable, Equatable {
        public var id: Int64
        public var timesPerDay: Int

        public init(id: Int64, timesPerDay: Int) {
            self.id = id
            self.timesPerDay = timesPerDay
        }
    }

    /// What needs no database: every log and day names a habit of the import, every log's instant is
    /// allowed, and its new habits alone fit in an account (`HabitRule`). Checked before the write waits for
    /// its turn.
    ///
    /// - Complexity: O(h + n + d) for h habits, n logs and d days.
    public static func checkBeforeWriting(_ data: AccountImport, now: Date) throws(HabitsError) {
        try HabitRule.checkImportedHabits(held: nil, adding: newHabitCount(data))
        func check(_ index: Int) throws(HabitsError) {
            guard !data.habits.indices.contains(index) else { return }
            throw StoreRefusal.importHabitMissing(index, of: data.habits.count)
        }
        for log in data.logs { try check(log.habit) }
        for day in data.days { try check(day.habit) }
        for log in data.logs { try LogRules.validate(timestamp: log.timestamp, now: now) }
    }

    /// How many habits the import makes: each becomes one of the account's own.
    public static func newHabitCount(_ data: AccountImport) -> Int {
        data.habits.reduce(0) { count, habit in
            if case .new = habit { count + 1 } else { count }
        }
    }

    /// Refuses a skip or note of a day after the account's `today`.
    public static func checkDays(_ data: AccountImport, today: LocalDay) throws(HabitsError) {
        if let future = data.days.first(where: { $0.day > today }) { throw .futureDay(future.day) }
    }

    /// An existing habit the import names: the catalogue's, or the account's own; any other is not there
    /// to find (404, as if it did not exist).
    public static func target(existing habit: Habit, userID: Int64) throws(HabitsError) -> Target {
        guard habit.visibility == .shared || habit.ownerID == userID else {
            throw .notFound(kind: .habit, id: String(habit.id))
        }
        return Target(id: habit.id, timesPerDay: habit.schedule.timesPerDay)
    }

    /// A new habit of the import as the store writes it: the account's own, personal, after its others.
    public static func newHabit(_ draft: Habit, userID: Int64, position: Int) -> Habit {
        var habit = draft
        habit.ownerID = userID
        habit.visibility = .personal
        habit.position = position
        return habit
    }

    /// Refuses a favourite that is not the catalogue's: a personal habit is no one's favourite.
    public static func checkFavorite(_ habit: Habit) throws(HabitsError) {
        guard habit.visibility == .shared else { throw .notFound(kind: .habit, id: String(habit.id)) }
    }

    /// An instant to the millisecond, as logs are compared: two within half a millisecond are one.
    public static func millisecond(_ seconds: Double) -> Int64 {
        // Stored and imported instants are checked instants; no other one can be told apart anyway.
        Int64(exactly: (seconds * 1000).rounded()) ?? .max
    }

    /// The imported logs that are new: those whose habit holds none at the same millisecond, stored or
    /// imported before them.
    package struct NewLogs {
        private var instants: [Int64: Set<Int64>] = [:]
        /// The logs to insert, in the import's order.
        package private(set) var rows: [LogRow] = []
        /// The imported logs that were there already.
        package private(set) var alreadyThere = 0

        package init(capacity: Int) { rows.reserveCapacity(capacity) }

        /// Whether the habit's stored instants still need reading (once per habit).
        package func needsStored(habitID: Int64) -> Bool { instants[habitID] == nil }

        /// The habit's stored instants, in seconds since 1970.
        package mutating func stored(_ seconds: some Sequence<Double>, habitID: Int64) {
            instants[habitID] = Set(seconds.lazy.map(ImportRule.millisecond))
        }

        /// Offers one imported log: kept unless its habit holds one at the same millisecond.
        ///
        /// - Complexity: O(1) on average.
        package mutating func offer(userID: Int64, habitID: Int64, timestamp: Date) {
            let instant = ImportRule.millisecond(timestamp.timeIntervalSince1970)
            if instants[habitID, default: []].insert(instant).inserted {
                rows.append(LogRow(userID: userID, habitID: habitID, timestamp: timestamp))
            } else {
                alreadyThere += 1
            }
        }
    }
}

extension ImportRule {
    /// The stars an import gives each program: the last it names for a program, each checked, in program-id
    /// order (the order writers lock programs in).
    public static func ratings(_ ratings: [ImportedRating]) throws(HabitsError) -> [ImportedRating] {
        var starsByProgram: [Int64: Int] = [:]
        for rating in ratings { starsByProgram[rating.programID] = try ProgramRules.stars(rating.stars) }
        return starsByProgram.sorted { $0.key < $1.key }.map { ImportedRating(programID: $0.key, stars: $0.value) }
    }

    /// How a rating of `stars` moves its program's totals after the account's `earlier` stars (nil: none):
    /// nil when it changes nothing, so that an equal rating is not rewritten.
    public static func ratingMove(earlier: Int?, stars: Int) -> (count: Int, stars: Int)? {
        guard earlier != stars else { return nil }
        return (earlier == nil ? 1 : 0, stars - (earlier ?? 0))
    }

    /// The imported help questions that are new: each checked, and kept unless the account asked the same
    /// words before (stored or earlier in the import).
    package struct NewQuestions {
        private var asked: Set<String>

        package init(asked: some Sequence<String>) { self.asked = Set(asked) }

        /// The question's checked text when it is new, else nil.
        package mutating func offer(_ question: ImportedQuestion) throws(HabitsError) -> String? {
            let text = try HelpRules.question(question.question)
            return asked.insert(text).inserted ? text : nil
        }
    }
}
