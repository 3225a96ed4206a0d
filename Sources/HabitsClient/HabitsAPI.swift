import Foundation
import HabitsDomain

/// The `/v1` calls the commands make, typed.
public struct HabitsAPI: Sendable {
    public let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    /// The account the token belongs to.
    public func me() async throws(ClientError) -> AccountSummary {
        try await client.decode(AccountSummary.self, APIRequest("GET", "/v1/me"))
    }

    /// Today's habits as the server wrote them, for `--json`, and decoded.
    public func today() async throws(ClientError) -> (raw: Data, document: TodayDocument) {
        let response = try await client.send(APIRequest("GET", "/v1/me/today"))
        return (response.body, try HabitsClientJSON.decode(TodayDocument.self, from: response.body))
    }

    /// Every habit `/v1/habits` lists (the catalogue's and the asker's), or only the archived ones.
    public func habits(archived: Bool = false) async throws(ClientError) -> [HabitResource] {
        var items: [HabitResource] = []
        var cursor: String?
        repeat {
            var query = [URLQueryItem(name: "limit", value: "200")]
            if archived { query.append(URLQueryItem(name: "archived", value: "true")) }
            if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
            let page = try await client.decode(
                ListPage<HabitResource>.self, APIRequest("GET", "/v1/habits", query: query))
            items += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return items
    }

    /// The catalogue's categories, in id order (the first page is enough to pick one).
    public func categories() async throws(ClientError) -> [CategorySummary] {
        let query = [URLQueryItem(name: "limit", value: "200")]
        return try await client.decode(
            ListPage<CategorySummary>.self, APIRequest("GET", "/v1/categories", query: query)
        )
        .items
    }

    /// Creates a personal habit.
    public func createHabit(_ draft: OwnHabitDraft) async throws(ClientError) -> HabitResource {
        try await client.decode(HabitResource.self, .json("POST", "/v1/habits", draft))
    }

    /// Archives (or restores) a habit.
    public func setArchived(_ archived: Bool, habitID: Int64) async throws(ClientError) -> HabitResource {
        let path = "/v1/habits/\(habitID)/" + (archived ? "archive" : "restore")
        return try await client.decode(HabitResource.self, APIRequest("POST", path))
    }

    /// Logs the habit now, or at `date`.
    public func log(userID: Int64, habitID: Int64, at date: Date?) async throws(ClientError) {
        struct LogInput: Encodable {
            let userID: Int64
            let habitID: Int64
            let timestamp: String?
        }
        let input = LogInput(userID: userID, habitID: habitID, timestamp: date.map(HabitsJSON.formatInstant))
        _ = try await client.send(.json("POST", "/v1/logs", input))
    }

    /// Takes back today's latest log of the habit.
    public func undo(userID: Int64, habitID: Int64) async throws(ClientError) {
        struct UndoInput: Encodable {
            let userID: Int64
            let habitID: Int64
        }
        _ = try await client.send(.json("POST", "/v1/logs/undo", UndoInput(userID: userID, habitID: habitID)))
    }

    /// Skips a day, or sets its note.
    public func updateDay(userID: Int64, habitID: Int64, day: String, _ update: DayChange) async throws(ClientError) {
        _ = try await client.send(.json("PUT", "/v1/users/\(userID)/habits/\(habitID)/days/\(day)", update))
    }

    /// A habit's streak, as the server wrote it and decoded.
    public func streak(userID: Int64, habitID: Int64) async throws(ClientError) -> (raw: Data, document: StreakDocument)
    {
        let response = try await client.send(APIRequest("GET", "/v1/users/\(userID)/habits/\(habitID)/streak"))
        return (response.body, try HabitsClientJSON.decode(StreakDocument.self, from: response.body))
    }

    /// The account's data in `format` (`json`, or `csv` as a zip).
    public func export(format: String) async throws(ClientError) -> Data {
        try await client.send(APIRequest("GET", "/v1/me/export", query: [URLQueryItem(name: "format", value: format)]))
            .body
    }

    /// Sends a file to import; answers the server's summary.
    public func importFile(_ data: Data, contentType: String, progress: (@Sendable (Int64, Int64) -> Void)?)
        async throws(ClientError) -> Data
    {
        try await client.send(
            APIRequest("POST", "/v1/me/import", body: data, contentType: contentType), progress: progress
        ).body
    }

    /// Revokes a token (the one this client sends may revoke itself).
    public func revokeToken(id: Int64) async throws(ClientError) {
        _ = try await client.send(APIRequest("DELETE", "/v1/me/tokens/\(id)"))
    }
}

/// The body of `POST /v1/habits` for a habit of one's own.
public struct OwnHabitDraft: Encodable, Equatable, Sendable {
    public var name: String
    public var categoryID: Int64
    public var emoji: String?
    public var schedule: HabitSchedule
    public var reminder: String?
    /// Always `personal`: an administrator's default would be the shared catalogue.
    public var visibility = "personal"

    public init(name: String, categoryID: Int64, emoji: String?, schedule: HabitSchedule, reminder: String?) {
        self.name = name
        self.categoryID = categoryID
        self.emoji = emoji
        self.schedule = schedule
        self.reminder = reminder
    }
}

/// The body of `PUT …/days/{day}`: a skip, or a note, or both.
public struct DayChange: Encodable, Equatable, Sendable {
    public var status: String?
    public var note: String?

    public init(status: String? = nil, note: String? = nil) {
        self.status = status
        self.note = note
    }

    public func encode(to encoder: any Encoder) throws {
        enum Keys: String, CodingKey { case status, note }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(note, forKey: .note)
    }
}
