import Foundation
import HabitsDomain

/// The `/v1` calls the commands make, typed: each path is the server's own `Routes` declaration, and each
/// body and answer the domain type the server encodes or decodes, so the two cannot drift apart.
public struct HabitsAPI: Sendable {
    public let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    /// The account the token belongs to.
    public func me() async throws(ClientError) -> Account {
        try await client.decode(Account.self, APIRequest("GET", Routes.me.path()))
    }

    /// Today's habits as the server wrote them, for `--json`, and decoded.
    public func today() async throws(ClientError) -> (raw: Data, document: TodayList) {
        let response = try await client.send(APIRequest("GET", Routes.meToday.path()))
        return (response.body, try HabitsClientJSON.decode(TodayList.self, from: response.body))
    }

    /// Every habit `/v1/habits` lists (the catalogue's and the asker's), or only the archived ones.
    public func habits(archived: Bool = false) async throws(ClientError) -> [Habit] {
        var items: [Habit] = []
        var cursor: String?
        repeat {
            var query = [URLQueryItem(name: "limit", value: "200")]
            if archived { query.append(URLQueryItem(name: "archived", value: "true")) }
            if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
            let page = try await client.decode(
                Page<Habit>.self, APIRequest("GET", Routes.habits.path(), query: query))
            items += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return items
    }

    /// The catalogue's categories, in id order (the first page is enough to pick one).
    public func categories() async throws(ClientError) -> [Category] {
        let query = [URLQueryItem(name: "limit", value: "200")]
        return try await client.decode(
            Page<Category>.self, APIRequest("GET", Routes.categories.path(), query: query)
        )
        .items
    }

    /// Creates a personal habit from `draft`, whatever visibility it names.
    public func createHabit(_ draft: HabitDraft) async throws(ClientError) -> Habit {
        var personal = draft
        // An administrator's default would be the shared catalogue; the client only adds one's own habits.
        personal.visibility = .personal
        return try await client.decode(Habit.self, .json("POST", Routes.habits.path(), personal))
    }

    /// Archives (or restores) a habit.
    public func setArchived(_ archived: Bool, habitID: Int64) async throws(ClientError) -> Habit {
        let route = archived ? Routes.habitArchive : Routes.habitRestore
        return try await client.decode(Habit.self, APIRequest("POST", route.path(habitID)))
    }

    /// Logs the habit now, or at `date`.
    public func log(userID: Int64, habitID: Int64, at date: Date?) async throws(ClientError) {
        let input = LogInput(userID: userID, habitID: habitID, timestamp: date)
        _ = try await client.send(.json("POST", Routes.logs.path(), input))
    }

    /// Takes back today's latest log of the habit.
    public func undo(userID: Int64, habitID: Int64) async throws(ClientError) {
        _ = try await client.send(.json("POST", Routes.logUndo.path(), UndoInput(userID: userID, habitID: habitID)))
    }

    /// Skips a day, or sets its note.
    public func updateDay(userID: Int64, habitID: Int64, day: LocalDay, _ update: DayUpdate)
        async throws(ClientError)
    {
        _ = try await client.send(.json("PUT", Routes.day.path(userID, habitID, day), update))
    }

    /// A habit's streak, as the server wrote it and decoded.
    public func streak(userID: Int64, habitID: Int64) async throws(ClientError) -> (raw: Data, document: StreakSummary)
    {
        let response = try await client.send(APIRequest("GET", Routes.streak.path(userID, habitID)))
        return (response.body, try HabitsClientJSON.decode(StreakSummary.self, from: response.body))
    }

    /// The account's data in `format` (`json`, or `csv` as a zip).
    public func export(format: String) async throws(ClientError) -> Data {
        let query = [URLQueryItem(name: "format", value: format)]
        return try await client.send(APIRequest("GET", Routes.meExport.path(), query: query)).body
    }

    /// Sends a file to import; answers the server's summary.
    public func importFile(_ data: Data, contentType: String, progress: (@Sendable (Int64, Int64) -> Void)?)
        async throws(ClientError) -> Data
    {
        try await client.send(
            APIRequest("POST", Routes.meImport.path(), body: data, contentType: contentType), progress: progress
        ).body
    }

    /// Revokes a token (the one this client sends may revoke itself).
    public func revokeToken(id: Int64) async throws(ClientError) {
        _ = try await client.send(APIRequest("DELETE", Routes.meToken.path(id)))
    }
}
