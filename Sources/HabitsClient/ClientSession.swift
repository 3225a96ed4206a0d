import Foundation
import HabitsDomain

/// A command's connection to its server: the credentials resolved, and the account's lookups.
public struct ClientSession: Sendable {
    public let api: HabitsAPI

    public init(api: HabitsAPI) {
        self.api = api
    }

    /// The session from this process's environment and the stored login.
    public static func current(transport: any HTTPTransport = URLSessionTransport()) throws(ClientError)
        -> ClientSession
    {
        let credentials = try ClientCredentials.resolve(
            environment: ProcessInfo.processInfo.environment, stored: try LoginFile.current.read())
        return ClientSession(
            api: HabitsAPI(
                client: APIClient(server: credentials.server, token: credentials.token, transport: transport)))
    }

    /// The habit of today's list (own active habits, then favourites) that `name` means.
    public func todayHabit(named name: String) async throws(ClientError) -> (TodayList, TodayList.Entry) {
        let today = try await api.today().document
        return (today, try HabitNameMatcher.match(name, among: today.habits, name: \.name))
    }

    /// The account's own habits, active or archived, in the server's order.
    public func ownHabits(archived: Bool, account: Account) async throws(ClientError) -> [Habit] {
        try await api.habits(archived: archived).filter { $0.ownerID == account.id }
    }
}
