import ArgumentParser
import Foundation
import HabitsClient
import HabitsDomain

/// `habits habits`: your own habits; `add`, `archive` and `restore` change them.
struct HabitsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habits",
        abstract: "List your own habits; add, archive or restore one.",
        subcommands: [AddHabitCommand.self, ArchiveHabitCommand.self, RestoreHabitCommand.self]
    )

    @Flag(help: "List the archived ones instead.")
    var archived = false

    @Flag(help: "Print only names, one a line: today's habits (with --archived, the archived ones).")
    var names = false

    @Flag(help: "Print JSON: the habits as the server describes them.")
    var json = false

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let session = try ClientSession.current()
            if names && !archived {
                let today = try await session.api.today().document
                ClientCommandRunner.output(today.habits.map { $0.name + "\n" }.joined())
                return
            }
            let habits = try await session.ownHabits(archived: archived, account: session.api.me())
            if names {
                ClientCommandRunner.output(habits.map { $0.name + "\n" }.joined())
            } else if json {
                ClientCommandRunner.output(HabitsClientJSON.text(HabitList(items: habits.map(ListedHabit.init))))
            } else {
                ClientCommandRunner.output(TodayFormat.habits(habits))
            }
        }
    }
}

/// What `habits habits --json` prints.
struct HabitList: Encodable {
    let items: [ListedHabit]
}

/// One habit as `habits habits --json` prints it: what the table shows and scripts match on, a stable
/// subset of the `Habit` the server answers.
struct ListedHabit: Encodable {
    let id: Int64
    let name: String
    let emoji: String?
    let schedule: HabitSchedule
    let ownerID: Int64?
    let visibility: HabitVisibility
    let reminder: ReminderTime?
    let archived: Bool

    init(_ habit: Habit) {
        id = habit.id
        name = habit.name
        emoji = habit.emoji
        schedule = habit.schedule
        ownerID = habit.ownerID
        visibility = habit.visibility
        reminder = habit.reminder
        archived = habit.isArchived
    }
}

/// `habits habits add NAME`: a new habit of your own.
struct AddHabitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a habit of your own.")

    @Argument(help: "Its name.")
    var name: String

    @Option(help: "One to four emoji shown before its name.")
    var emoji: String?

    @Option(help: ArgumentHelp("daily, weekdays:mon,wed,fri or weekly:N.", valueName: "schedule"))
    var schedule = "daily"

    @Option(help: "Logs that make a day done (1 to 100).")
    var timesPerDay = 1

    @Option(help: ArgumentHelp("A daily reminder in your calendar feed, HH:MM.", valueName: "time"))
    var reminder: String?

    @Option(help: "The catalogue category it belongs to, by name (default the first).")
    var category: String?

    func validate() throws {
        do {
            _ = try ScheduleOption.parse(schedule, timesPerDay: timesPerDay)
            if let reminder { _ = try ClockTime.reminder(reminder) }
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let session = try ClientSession.current()
            let parsed = try ScheduleOption.parse(schedule, timesPerDay: timesPerDay)
            let categories = try await session.api.categories()
            let chosen: Category
            if let category {
                chosen = try HabitNameMatcher.match(category, among: categories, name: \.name, kind: "category")
            } else if let first = categories.first {
                chosen = first
            } else {
                throw .refused(status: 409, code: "no_category", message: "the server has no category yet for a habit")
            }
            let draft = HabitDraft(
                name: name, categoryID: chosen.id, emoji: emoji, schedule: parsed,
                reminder: try reminder.map(ClockTime.reminder))
            let habit = try await session.api.createHabit(draft)
            ClientCommandRunner.output(
                "Added \(TodayFormat.title(habit.name, emoji: habit.emoji)) (\(ScheduleOption.describe(parsed))).")
        }
    }
}

/// `habits habits archive NAME`: hidden everywhere, its history kept.
struct ArchiveHabitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive", abstract: "Archive one of your habits; its history is kept.")

    @Argument(help: "The habit (a unique prefix will do).", completion: habitNameCompletion)
    var name: String

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let session = try ClientSession.current()
            let habits = try await session.ownHabits(archived: false, account: session.api.me())
            let habit = try HabitNameMatcher.match(name, among: habits, name: \.name, kind: "active habit of yours")
            _ = try await session.api.setArchived(true, habitID: habit.id)
            ClientCommandRunner.output("Archived \(habit.name).")
        }
    }
}

/// `habits habits restore NAME`: an archived habit back.
struct RestoreHabitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Bring an archived habit back.")

    @Argument(
        help: "The archived habit (a unique prefix will do).",
        completion: .shellCommand("habits habits --archived --names 2>/dev/null"))
    var name: String

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let session = try ClientSession.current()
            let habits = try await session.ownHabits(archived: true, account: session.api.me())
            let habit = try HabitNameMatcher.match(name, among: habits, name: \.name, kind: "archived habit of yours")
            _ = try await session.api.setArchived(false, habitID: habit.id)
            ClientCommandRunner.output("Restored \(habit.name).")
        }
    }
}
