import Foundation

/// `GET /v1/me/export?format=json`: everything an account owns, and what `POST /v1/me/import` takes back.
///
/// Habits are referred to by `ref`, a number of this file alone, so that an export names no row of the
/// server it came from and importing it elsewhere, then exporting again, gives the same file. The keys come
/// in this order: `format`, `version`, `account`, `habits`, `logs`, `days`, `favorites`, `following`,
/// `programs`, `ratings`, `questions`.
public struct AccountExport: Codable, Hashable, Sendable {
    /// What `format` holds in every export.
    public static let formatName = "habits-export"
    /// The version this server writes and reads.
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    public var account: ExportedAccount
    /// The account's own habits in its order, then the catalogue habits its logs, days or favourites name.
    public var habits: [ExportedHabit]
    /// Every log, oldest first.
    public var logs: [ExportedLog]
    /// Every day with a skip or a note.
    public var days: [ExportedDay]
    /// The `ref`s of favourite habits.
    public var favorites: [Int]
    /// The usernames (keys) the account follows.
    public var following: [String]
    /// The titles of the programs it joined.
    public var programs: [String]
    public var ratings: [ExportedRating]
    /// The help questions it asked.
    public var questions: [ExportedQuestion]

    public init(
        account: ExportedAccount, habits: [ExportedHabit], logs: [ExportedLog], days: [ExportedDay],
        favorites: [Int], following: [String], programs: [String], ratings: [ExportedRating],
        questions: [ExportedQuestion]
    ) {
        format = Self.formatName
        version = Self.currentVersion
        self.account = account
        self.habits = habits
        self.logs = logs
        self.days = days
        self.favorites = favorites
        self.following = following
        self.programs = programs
        self.ratings = ratings
        self.questions = questions
    }
}

/// The account's own fields.
public struct ExportedAccount: Codable, Hashable, Sendable {
    public var username: String
    public var name: String
    public var bio: String?
    public var timeZone: String
    public var locale: String
    public var visibility: Visibility

    public init(
        username: String, name: String, bio: String?, timeZone: String, locale: String, visibility: Visibility
    ) {
        self.username = username
        self.name = name
        self.bio = bio
        self.timeZone = timeZone
        self.locale = locale
        self.visibility = visibility
    }
}

/// A habit, as the account's own (`own`) or as a catalogue habit it uses (matched by name on import).
public struct ExportedHabit: Codable, Hashable, Sendable {
    public var ref: Int
    public var own: Bool
    public var name: String
    /// Its category's name.
    public var category: String
    public var info: String
    public var emoji: String?
    public var schedule: HabitSchedule
    public var reminder: ReminderTime?
    public var archived: Bool

    public init(
        ref: Int, own: Bool, name: String, category: String, info: String, emoji: String?, schedule: HabitSchedule,
        reminder: ReminderTime?, archived: Bool
    ) {
        self.ref = ref
        self.own = own
        self.name = name
        self.category = category
        self.info = info
        self.emoji = emoji
        self.schedule = schedule
        self.reminder = reminder
        self.archived = archived
    }
}

/// One log: the habit's `ref` and the instant.
public struct ExportedLog: Codable, Hashable, Sendable {
    public var habit: Int
    public var at: Date

    public init(habit: Int, at: Date) {
        self.habit = habit
        self.at = at
    }
}

/// One day of one habit with a skip or a note.
public struct ExportedDay: Codable, Hashable, Sendable {
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

/// Stars the account gave a program, by its title.
public struct ExportedRating: Codable, Hashable, Sendable {
    public var program: String
    public var stars: Int

    public init(program: String, stars: Int) {
        self.program = program
        self.stars = stars
    }
}

/// A help question the account asked, with the answer if there is one.
public struct ExportedQuestion: Codable, Hashable, Sendable {
    public var question: String
    public var answer: String?
    public var askedAt: Date

    public init(question: String, answer: String?, askedAt: Date) {
        self.question = question
        self.answer = answer
        self.askedAt = askedAt
    }
}
