import ArgumentParser
import Foundation
import HabitsClient
import HabitsDomain

/// `habits today`: the day's habits and where each stands.
struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Show today's habits: done, streak, skipped, note."
    )

    @Flag(help: "Print the server's JSON.")
    var json = false

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let today = try await ClientSession.current().api.today()
            if json {
                ClientCommandRunner.output(today.raw)
            } else {
                ClientCommandRunner.output(TodayFormat.table(today.document))
            }
        }
    }
}

/// `habits streak [NAME]`: one habit's streak, or every one of today's.
struct StreakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streak",
        abstract: "Show a habit's current and longest streak, or those of all today's habits."
    )

    @Argument(
        help: "The habit (a unique prefix will do); all of today's when left out.", completion: habitNameCompletion)
    var name: String?

    @Flag(help: "Print JSON: the server's streak for one habit, else id, name, current, longest, unit for each.")
    var json = false

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let session = try ClientSession.current()
            guard let name else {
                let today = try await session.api.today().document
                if json {
                    ClientCommandRunner.output(HabitsClientJSON.text(today.habits.map(StreakRow.init)))
                } else {
                    ClientCommandRunner.output(TodayFormat.streaks(today))
                }
                return
            }
            let account = try await session.api.me()
            let (_, habit) = try await session.todayHabit(named: name)
            let streak = try await session.api.streak(userID: account.id, habitID: habit.id)
            ClientCommandRunner.output(
                json
                    ? String(decoding: streak.raw, as: UTF8.self)
                    : TodayFormat.streak(named: habit.name, streak.document))
        }
    }
}

/// One line of `habits streak --json` without a name.
struct StreakRow: Encodable {
    let id: Int64
    let name: String
    let current: Int
    let longest: Int
    let unit: String

    init(_ habit: TodayList.Entry) {
        id = habit.id
        name = habit.name
        current = habit.streak.current
        longest = habit.streak.longest
        unit = habit.streak.unit.rawValue
    }
}
