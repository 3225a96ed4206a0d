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

/// Stars an import gives a program.
public struct ImportedRating: Hashable, Sendable {
    public var programID: Int64
    /// 1…5, checked by `ProgramRules.stars`.
    public var stars: Int

    public init(programID: Int64, stars: Int) {
        self.programID = programID
        self.stars = stars
    }
}

/// A help question an import brings, asked by the account at `askedAt`, unanswered: answers are the help
/// desk's to write.
public struct ImportedQuestion: Hashable, Sendable {
    /// Checked by `HelpRules.question`.
    public var question: String
    public var askedAt: Date

    public init(question: String, askedAt: Date) {
        self.question = question
        self.askedAt = askedAt
    }
}

/// What an import writes into one account, already checked and resolved (names to ids) by its reader.
public struct AccountImport: Hashable, Sendable {
    public var habits: [ImportedHabit]
    public var logs: [ImportedLog]
    public var days: [ImportedDay]
    /// Catalogue habits to make favourites.
    public var favoriteHabitIDs: [Int64]
    /// The keys (usernames) of the users to follow; the store resolves them, as people come and go.
    public var followKeys: [String]
    /// Programs to join.
    public var programIDs: [Int64]
    public var ratings: [ImportedRating]
    public var questions: [ImportedQuestion]

    public init(
        habits: [ImportedHabit], logs: [ImportedLog], days: [ImportedDay], favoriteHabitIDs: [Int64],
        followKeys: [String] = [], programIDs: [Int64] = [], ratings: [ImportedRating] = [],
        questions: [ImportedQuestion] = []
    ) {
        self.habits = habits
        self.logs = logs
        self.days = days
        self.favoriteHabitIDs = favoriteHabitIDs
        self.followKeys = followKeys
        self.programIDs = programIDs
        self.ratings = ratings
        self.questions = questions
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
    /// Public accounts now followed.
    public var followsAdded = 0
    /// Usernames of private accounts, which wait for their approval as any follow of one does, and usernames
    /// no account holds: one count, as `PUT …/following/{id}` answers both `requested`, so that an import
    /// never tells whether a private account exists.
    public var followsRequested = 0
    public var programsJoined = 0
    public var ratingsSet = 0
    public var questionsAdded = 0
    /// Questions the account already asked in the same words.
    public var questionsAlreadyThere = 0

    public init() {}
}

/// Imports into an account, all or nothing.
public protocol ImportStore: Sendable {
    /// Writes `data` into the account of `userID` in one transaction: every habit, log, skip, note,
    /// favourite, follow, membership, rating and question, or nothing. Running it again changes nothing: a log
    /// whose habit already has one at the same instant (to the millisecond) is not added, skips, favourites,
    /// follows and memberships already there stay, an equal note or rating is not rewritten, and a question
    /// the account asked in the same words is not asked again.
    ///
    /// A follow names a user by key: a public one is followed, a private one gets a follow request, as
    /// `setFollowing` makes; both a private one not yet followed and an unknown key count in
    /// `followsRequested`, each time, and the account's own key counts nowhere. Joining a program makes its habits
    /// favourites, as `joinProgram` does. A program must exist (else `notFound(.program)`).
    ///
    /// An `.existing` habit must be the account's own or the catalogue's, and a favourite the catalogue's
    /// (else `notFound(.habit)`); a new habit's name must be free among the account's own (else `conflict`).
    /// Imported skips are history: the three-a-month rule does not apply to them, but a done day keeps no skip
    /// (`skipsIgnored`). Counters, runs, ranks and open screens follow, as for any write.
    func importAccountData(_ data: AccountImport, userID: Int64, now: Date) async throws -> ImportSummary
}
