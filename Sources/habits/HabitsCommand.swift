import ArgumentParser

@main
struct HabitsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habits",
        abstract: "Habits: a social habit tracker whose screens are driven by the server.",
        subcommands: [ServeCommand.self]
    )
}
