import Foundation
import HabitsDomain

/// A habit an import writes to: one that exists (the account's own, or the catalogue's), or a new one.
public enum ImportedHabit: Hashable, Sendable {
    case existing(id: Int64)
    /// A new habit of the account's own: its owner, visibility and position are the store's to set.
    case new(Habit)
}

/// A log an import brings, on the habit at `habit` in `AccountImport.habits`.
public struct ImportedLog: Hashable, Sendable {
    public var habit: Int
    public var timestamp: Date

    public init(habit: Int, timestamp: Date) {
        self.habit = habit
        self.timestamp = timestamp
    }
}

/// A day's skip or note an import brings, on the habit at `habit` in `AccountImport.habits`.
public struct ImportedDay: Hashable, Sendable {
    public var habit: Int
    public var day: LocalDay
    public var skipped: Bool
    public var note: String?

    public init(habit: Int, day: LocalDay, skipped: Bool, note: String?) {
        self.habit = habit
        self.day = day
        self.skipped = skipped
        self.note = note
    }
}

/// What an import writes into one account, already checked and resolved (names to ids) by its reader.
public struct AccountImport: Hashable, Sendable {
    public var habits: [ImportedHabit]
    public var logs: [ImportedLog]
    public var days: [ImportedDay]
    /// Catalogue habits to make favourites.
    public var favoriteHabitIDs: [Int64]

    public init(habits: [ImportedHabit], logs: [ImportedLog], days: [ImportedDay], favoriteHabitIDs: [Int64]) {
        self.habits = habits
        self.logs = logs
        self.days = days
        self.favoriteHabitIDs = favoriteHabitIDs
    }
}

/// What an import changed: `POST /v1/me/import`'s answer.
public struct ImportSummary: Codable, Hashable, Sendable {
    public var habitsCreated = 0
    public var habitsMatched = 0
    public var logsAdded = 0
    /// Logs already there (same habit, same instant): an import run twice adds nothing.
    public var logsAlreadyThere = 0
    public var skipsAdded = 0
    /// Skips on days the logs make done, which cannot be skipped.
    public var skipsIgnored = 0
    public var notesSet = 0
    public var favoritesAdded = 0

    public init() {}
}

/// Imports into an account, all or nothing.
public protocol ImportStore: Sendable {
    /// Writes `data` into the account of `userID` in one transaction: every habit, log, skip, note and
    /// favourite, or nothing. Running it again changes nothing: a log whose habit already has one at the same
    /// instant (to the millisecond) is not added, skips and favourites already there stay, an equal note is
    /// not rewritten.
    ///
    /// An `.existing` habit must be the account's own or the catalogue's, and a favourite the catalogue's
    /// (else `notFound(.habit)`); a new habit's name must be free among the account's own (else `conflict`).
    /// Imported skips are history: the three-a-month rule does not apply to them, but a done day keeps no skip
    /// (`skipsIgnored`). Counters, runs, ranks and open screens follow, as for any write.
    func importAccountData(_ data: AccountImport, userID: Int64, now: Date) async throws -> ImportSummary
}
