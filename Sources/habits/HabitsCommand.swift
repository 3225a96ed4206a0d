import ArgumentParser

@main
struct HabitsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habits",
        abstract: "The Habits server and client."
    )
}
