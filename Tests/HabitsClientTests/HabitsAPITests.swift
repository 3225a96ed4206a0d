import Foundation
import HabitsDomain
import Testing

@testable import HabitsClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The typed calls send the server's routes and the bodies it decodes: the same requests the client made
/// when it declared its own paths and bodies.
@Suite("The typed calls")
struct HabitsAPITests {
    /// The calls over `transport`, to a server nothing listens on.
    func calls(over transport: ScriptedTransport) throws -> HabitsAPI {
        let server = try #require(URL(string: "http://127.0.0.1:9"))
        return HabitsAPI(client: APIClient(server: server, token: "habits_t", transport: transport))
    }

    /// A habit as `/v1/habits` answers it, with only the fields `Habit` requires.
    static let habit = Data(#"{"id":7,"name":"Read","categoryID":1,"description":""}"#.utf8)

    /// The body of `request` with sorted keys and no spaces, to compare as text.
    static func body(_ request: URLRequest) throws -> String {
        let object = try JSONSerialization.jsonObject(with: request.httpBody ?? Data())
        let sorted = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: sorted, as: UTF8.self)
    }

    @Test("Logs, undo, days and tokens go to their routes with the server's bodies")
    func writes() async throws {
        let transport = ScriptedTransport(Array(repeating: .success(TransportResponse(status: 204)), count: 6))
        let api = try calls(over: transport)
        let instant = try #require(HabitsJSON.parseInstant("2026-11-27T07:30:00Z"))
        let day = try #require(LocalDay(iso: "2026-11-27"))
        try await api.log(userID: 1, habitID: 7, at: instant)
        try await api.log(userID: 1, habitID: 7, at: nil)
        try await api.undo(userID: 1, habitID: 7)
        try await api.updateDay(userID: 1, habitID: 7, day: day, DayUpdate(status: .skipped))
        try await api.updateDay(userID: 1, habitID: 7, day: day, DayUpdate(note: .value("")))
        try await api.revokeToken(id: 3)
        let sent = transport.sent
        #expect(
            sent.map { "\($0.httpMethod ?? "") \($0.url?.path ?? "")" } == [
                "POST /v1/logs", "POST /v1/logs", "POST /v1/logs/undo", "PUT /v1/users/1/habits/7/days/2026-11-27",
                "PUT /v1/users/1/habits/7/days/2026-11-27", "DELETE /v1/me/tokens/3",
            ])
        #expect(try Self.body(sent[0]) == #"{"habitID":7,"timestamp":"2026-11-27T07:30:00Z","userID":1}"#)
        #expect(try Self.body(sent[1]) == #"{"habitID":7,"userID":1}"#)
        #expect(try Self.body(sent[2]) == #"{"habitID":7,"userID":1}"#)
        #expect(try Self.body(sent[3]) == #"{"status":"skipped"}"#)
        #expect(try Self.body(sent[4]) == #"{"note":""}"#, "an empty note is sent, for the server to remove it")
        #expect(sent[5].httpBody == nil)
    }

    @Test("A new habit is always personal; archive and restore answer the habit")
    func habits() async throws {
        let transport = ScriptedTransport(
            Array(repeating: .success(TransportResponse(status: 200, body: Self.habit)), count: 3))
        let api = try calls(over: transport)
        let reminder = try ClockTime.reminder("7:30")
        let draft = HabitDraft(
            name: "Read", categoryID: 1, emoji: "📚", schedule: .daily, visibility: .shared, reminder: reminder)
        #expect(try await api.createHabit(draft).name == "Read")
        #expect(try await api.setArchived(true, habitID: 7).id == 7)
        _ = try await api.setArchived(false, habitID: 7)
        let sent = transport.sent
        #expect(
            sent.map { "\($0.httpMethod ?? "") \($0.url?.path ?? "")" } == [
                "POST /v1/habits", "POST /v1/habits/7/archive", "POST /v1/habits/7/restore",
            ])
        #expect(
            try Self.body(sent[0])
                == #"{"categoryID":1,"emoji":"📚","name":"Read","reminder":"07:30","#
                + #""schedule":{"kind":"daily","timesPerDay":1},"visibility":"personal"}"#)
    }

    @Test("Today and a streak are read as the server's own types")
    func reads() async throws {
        let today = Data(
            """
            {"day":"2026-11-27","timeZone":"UTC","habits":[{"id":7,"name":"Read","emoji":null,"own":true,
            "scheduled":true,"logCount":1,"target":1,"done":true,"skipped":false,"note":null,
            "streak":{"current":2,"longest":5,"unit":"days"}}]}
            """.utf8)
        let streak = Data(#"{"current":2,"longest":5,"today":"2026-11-27","todayDone":true,"unit":"weeks"}"#.utf8)
        let transport = ScriptedTransport([
            .success(TransportResponse(status: 200, body: today)),
            .success(TransportResponse(status: 200, body: streak)),
        ])
        let api = try calls(over: transport)
        let list = try await api.today()
        #expect(list.raw == today)
        #expect(list.document.day.description == "2026-11-27" && list.document.habits.first?.streak.current == 2)
        let summary = try await api.streak(userID: 1, habitID: 7).document
        #expect(TodayFormat.streak(named: "Read", summary) == "Read: 2 weeks (longest 5 weeks), done today\n")
        #expect(transport.sent.map { $0.url?.path } == ["/v1/me/today", "/v1/users/1/habits/7/streak"])
    }
}
