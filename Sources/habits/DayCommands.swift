import ArgumentParser
import Foundation
import HabitsClient
import HabitsDomain

/// `habits log NAME [--at TIME]`: the habit was done.
struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "log", abstract: "Log that you did a habit.")

    @Argument(help: "The habit (a unique prefix will do).", completion: habitNameCompletion)
    var name: String

    @Option(
        help: ArgumentHelp("When: HH:MM today, or a date-time such as 2026-11-27T07:30:00+01:00.", valueName: "time"))
    var at: String?

    func validate() throws {
        if let at, ClockTime.hourAndMinute(at) == nil, HabitsJSON.parseInstant(at) == nil {
            throw ValidationError("--at takes HH:MM or a date-time such as 2026-11-27T07:30:00+01:00, not \"\(at)\".")
        }
    }

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let session = try ClientSession.current()
            let account = try await session.api.me()
            let (_, habit) = try await session.todayHabit(named: name)
            var instant: Date?
            // HH:MM is in the account's zone (UTC when the server names one this system lacks).
            if let at { instant = try ClockTime.logInstant(at, now: Date(), zone: account.user.zone) }
            try await session.api.log(userID: account.id, habitID: habit.id, at: instant)
            ClientCommandRunner.output("Logged \(TodayFormat.title(habit.name, emoji: habit.emoji)).")
        }
    }
}

/// `habits undo NAME`: takes back today's latest log.
struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: "Take back today's latest log of a habit.")

    @Argument(help: "The habit (a unique prefix will do).", completion: habitNameCompletion)
    var name: String

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let session = try ClientSession.current()
            let account = try await session.api.me()
            let (_, habit) = try await session.todayHabit(named: name)
            try await session.api.undo(userID: account.id, habitID: habit.id)
            ClientCommandRunner.output("Took back the latest log of \(habit.name).")
        }
    }
}

/// `habits skip NAME [--day DAY]`: a day that neither breaks nor extends the streak.
struct SkipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip", abstract: "Skip a day of a habit: it neither breaks nor extends the streak.")

    @Argument(help: "The habit (a unique prefix will do).", completion: habitNameCompletion)
    var name: String

    @Option(help: ArgumentHelp("The day, YYYY-MM-DD (default today).", valueName: "day"))
    var day: String?

    func validate() throws {
        if let day { try validateDay(day) }
    }

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let session = try ClientSession.current()
            let account = try await session.api.me()
            let (today, habit) = try await session.todayHabit(named: name)
            let chosen = try day.map(ClockTime.day) ?? today.day
            try await session.api.updateDay(
                userID: account.id, habitID: habit.id, day: chosen, DayUpdate(status: .skipped))
            ClientCommandRunner.output("Skipped \(habit.name) on \(chosen).")
        }
    }
}

/// `habits note NAME TEXT [--day DAY]`: a day's note; an empty text removes it.
struct NoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", abstract: "Write a day's note for a habit (\"\" removes it).")

    @Argument(help: "The habit (a unique prefix will do).", completion: habitNameCompletion)
    var name: String

    @Argument(help: "The note, at most 280 characters.")
    var text: String

    @Option(help: ArgumentHelp("The day, YYYY-MM-DD (default today).", valueName: "day"))
    var day: String?

    func validate() throws {
        if let day { try validateDay(day) }
    }

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let session = try ClientSession.current()
            let account = try await session.api.me()
            let (today, habit) = try await session.todayHabit(named: name)
            let chosen = try day.map(ClockTime.day) ?? today.day
            try await session.api.updateDay(
                userID: account.id, habitID: habit.id, day: chosen, DayUpdate(note: .value(text)))
            let done = text.isEmpty ? "Removed the note of" : "Noted"
            ClientCommandRunner.output("\(done) \(habit.name) on \(chosen).")
        }
    }
}

/// A `--day` that is not a date is a usage error before anything is sent.
func validateDay(_ text: String) throws {
    do {
        _ = try ClockTime.day(text)
    } catch {
        throw ValidationError(error.message)
    }
}
